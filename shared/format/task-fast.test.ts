import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { annotationSchema, groundTruthSchema, taskSchema } from './schemas';
import { fastAnnotation, fastGroundTruth, fastTask } from './task-fast';

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Mostly a value of the right kind, sometimes anything: most lines are well formed, a few are not. */
const mostly = (good: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: loose, weight: 1 });
const loose = fc.oneof(fc.string({ maxLength: 2 }), fc.integer({ min: -2, max: 5 }), fc.constant(null), fc.boolean(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant([]), fc.constant({}));
const text = fc.string({ maxLength: 2 });
const idLike = fc.oneof(text, fc.integer({ min: -1, max: 3 }));
const extra = { extra: maybe(loose), constructor: maybe(loose) };

const task = fc.record(
  { id: mostly(text), scenario: mostly(text), instruction: mostly(text), image_description: maybe(mostly(text)), video: maybe(mostly(text)), fps: maybe(mostly(fc.double({ min: -1, max: 60, noNaN: true }))), user_id: maybe(mostly(idLike)), ...extra },
  { requiredKeys: ['id', 'scenario', 'instruction'] },
);
const call = mostly(
  fc.record({ tool_name: mostly(text), parameters: mostly(fc.dictionary(text, loose, { maxKeys: 2 })), ...extra }, { requiredKeys: ['tool_name', 'parameters'] }),
);
const time = fc.oneof(fc.constant(null), fc.double({ min: -1, max: 99, noNaN: true }));
const ref = mostly(
  fc.record({ id: mostly(idLike), description: maybe(mostly(text)), entity: mostly(text), start: maybe(mostly(time)), end: maybe(mostly(time)), ...extra }, { requiredKeys: ['id', 'entity'] }),
);
const truth = fc.record(
  {
    task_id: mostly(text),
    calls: mostly(fc.array(call, { maxLength: 3 })),
    visual_refs: maybe(mostly(fc.array(ref, { maxLength: 2 }))),
    source: maybe(mostly(fc.constantFrom('agreed', 'adjudicated'))),
    adjudicator: maybe(mostly(text)),
    note: maybe(mostly(text)),
    ...extra,
  },
  { requiredKeys: ['task_id', 'calls'] },
);

const annotation = fc.record(
  {
    task_id: mostly(text),
    annotator: maybe(mostly(text)),
    calls: mostly(fc.array(call, { maxLength: 3 })),
    visual_refs: maybe(mostly(fc.array(ref, { maxLength: 2 }))),
    status: mostly(fc.constantFrom('draft', 'submitted')),
    revision: mostly(fc.oneof(fc.integer({ min: -1, max: 9 }), fc.double({ min: 0, max: 3, noNaN: true }), fc.constant(2 ** 60))),
    updated_at: maybe(mostly(text)),
    ...extra,
  },
  { requiredKeys: ['task_id', 'calls', 'status', 'revision'] },
);

/**
 * The fast path takes only what the schema takes and gives the same value, fields in the same
 * order (the score cache hashes them as JSON). Values go through JSON as a file's lines do.
 */
function agrees<T extends z.ZodType>(schema: T, fast: (value: unknown) => unknown, generated: unknown): boolean {
  const value: unknown = JSON.parse(JSON.stringify(generated));
  const quick = fast(value);
  if (quick === null) return false;
  const slow = schema.safeParse(value);
  expect(slow.success).toBe(true);
  expect(quick).toStrictEqual(slow.data);
  expect(JSON.stringify(quick)).toBe(JSON.stringify(slow.data));
  return true;
}

describe('fast task and ground-truth paths', () => {
  it('accept only what the zod schemas accept, and build the same values', () => {
    let taken = 0;
    fc.assert(
      fc.property(task, truth, (t, g) => {
        taken += Number(agrees(taskSchema, fastTask, t)) + Number(agrees(groundTruthSchema, fastGroundTruth, g));
      }),
      { numRuns: 4000 },
    );
    expect(taken).toBeGreaterThan(800); // the fast paths took a good share of the 8,000 lines (about 1,600)
    let annotations = 0;
    fc.assert(
      fc.property(annotation, (a) => {
        annotations += Number(agrees(annotationSchema, fastAnnotation, a));
      }),
      { numRuns: 4000 },
    );
    expect(annotations).toBeGreaterThan(150); // seven fields that are mostly right: about 250 of the 4,000 lines
  });

  it('take the common well-formed lines', () => {
    const t = { id: 't1', scenario: 'retail', instruction: 'Buy it.', video: 'videos/a.webm', fps: 30, user_id: 7, note: 'x' };
    const g = {
      task_id: 't1',
      calls: [{ tool_name: 'add_to_cart', parameters: { user_id: 'u1', qty: 2 } }],
      visual_refs: [{ id: 1, description: 'the bottle', entity: 'Rioja', start: 0, end: null }],
      source: 'agreed',
    };
    expect(agrees(taskSchema, fastTask, t)).toBe(true);
    expect(agrees(groundTruthSchema, fastGroundTruth, g)).toBe(true);
    const a = { task_id: 't1', annotator: 'amy', calls: g.calls, visual_refs: g.visual_refs, status: 'submitted', revision: 3, updated_at: '2026-12-05T10:00:00Z', extra: 1 };
    expect(agrees(annotationSchema, fastAnnotation, a)).toBe(true);
    expect(agrees(annotationSchema, fastAnnotation, { task_id: 't1', calls: [], status: 'draft', revision: 0 })).toBe(true);
  });

  it('refuse an fps of Infinity as the schema does (a JSON 1e400 passed as a clip rate)', () => {
    const task = { id: 't1', scenario: 's', instruction: '', fps: Infinity };
    expect(fastTask(task)).toBeNull();
    expect(taskSchema.safeParse(task).success).toBe(false);
  });

  it('leave a __proto__ field to zod', () => {
    const text = '{"id":"t1","scenario":"s","instruction":"","__proto__":{"polluted":1}}';
    expect(fastTask(JSON.parse(text))).toBeNull();
    const call = '{"task_id":"t1","calls":[{"tool_name":"x","parameters":{},"__proto__":1}]}';
    expect(fastGroundTruth(JSON.parse(call))).toBeNull();
  });
});
