import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trajectorySchema } from './schemas';
import { fastTrajectory } from './trajectory-fast';

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const loose = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.double());
const item = fc.record(
  { turn: maybe(fc.oneof(fc.integer({ min: -1, max: 3 }), fc.string())), calls: maybe(fc.oneof(fc.array(loose, { maxLength: 2 }), loose)), call: maybe(loose), results: maybe(loose), extra: maybe(loose) },
  { requiredKeys: [] },
);
const trajectory = fc.record(
  {
    id: fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null)),
    task_id: fc.oneof(fc.string({ maxLength: 3 }), fc.integer()),
    model: fc.oneof(fc.string({ maxLength: 2 }), fc.integer()),
    mode: fc.string({ maxLength: 2 }),
    dialogue: maybe(fc.oneof(fc.array(fc.record({ role: fc.oneof(fc.string(), fc.integer()), turn: maybe(fc.oneof(fc.integer(), fc.string())), content: loose }, { requiredKeys: [] }), { maxLength: 2 }), loose)),
    tool_calls: maybe(fc.oneof(fc.array(item, { maxLength: 3 }), loose)),
    rounds_count: maybe(fc.oneof(fc.integer({ min: -2, max: 5 }), fc.string())),
    input_tokens: maybe(fc.integer({ min: -1, max: 9 })),
    note: maybe(loose),
  },
  { requiredKeys: [] },
);

describe('fast trajectory path', () => {
  it('accepts only what the zod schema accepts, and builds the same value', () => {
    fc.assert(
      fc.property(trajectory, (value) => {
        const fast = fastTrajectory(value);
        if (fast === null) return;
        const slow = trajectorySchema.safeParse(value);
        expect(slow.success).toBe(true);
        expect(fast).toEqual(slow.data);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the common well-formed line', () => {
    const line = { id: 'a', task_id: 't', model: 'm', mode: 'static', dialogue: [{ role: 'user', turn: 0, content: 'hi' }], tool_calls: [{ turn: 0, calls: [{}], results: 'x' }, { calls: [] }] };
    expect(fastTrajectory(line)).toEqual(trajectorySchema.parse(line));
  });
});
