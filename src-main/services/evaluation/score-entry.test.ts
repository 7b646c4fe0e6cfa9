import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LineRecord } from '../../../shared/eval/evaluate';
import { decodeRecords, encodeRecords, isStoredRecords } from './score-entry';

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const json = fc.jsonValue();
const row = fc.record(
  {
    id: fc.string({ maxLength: 4 }),
    task_id: fc.constantFrom('t1', 't2', ''),
    model: fc.oneof(fc.constantFrom('m1', 'm2'), fc.integer()),
    label: fc.constantFrom('correct', 'logic', 'no_call'),
    matched: fc.integer({ min: 0, max: 9 }),
    tool_succ: fc.boolean(),
    evidence: fc.oneof(fc.constant(null), fc.dictionary(fc.string({ maxLength: 3 }), json, { maxKeys: 3 })),
    rounds: maybe(fc.integer()),
    extra: maybe(json),
  },
  { requiredKeys: ['id', 'evidence'] },
);
const record = fc.record(
  { line: fc.integer({ min: 1, max: 99 }), id: maybe(fc.string({ maxLength: 4 })), problem: maybe(fc.string({ maxLength: 6 })), row: maybe(row), calls: maybe(fc.integer({ min: 0, max: 5 })) },
  { requiredKeys: ['line'] },
);
/** The records as a cache of whole JSON objects gave them back (undefined fields left out). */
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('score cache entries', () => {
  it('give back every record as it was, evidence included when it is read', () => {
    fc.assert(
      fc.property(fc.array(record as fc.Arbitrary<LineRecord>, { maxLength: 12 }), fc.nat(), (records, lineCount) => {
        const { stored, evidence } = encodeRecords(records, lineCount);
        const read = viaJson(stored);
        expect(isStoredRecords(read)).toBe(true);
        expect(read.lineCount).toBe(lineCount);
        expect(decodeRecords(read, viaJson(evidence))).toStrictEqual(viaJson(records));
        // Without the evidence part: the same records, every row's evidence null.
        const bare = viaJson(records).map((r) => (r.row ? { ...r, row: { ...r.row, evidence: null } } : r));
        expect(decodeRecords(read)).toStrictEqual(bare);
      }),
      { numRuns: 500 },
    );
  });

  it('keep the evidence out of the records part', () => {
    const records: LineRecord[] = [
      { line: 1, id: 'a', calls: 2, row: { id: 'a', task_id: 't', model: 'm', mode: 'x', scenario: 's', matched: 1, gt_calls: 2, agent_calls: 2, tool_succ: false, result_succ: true, joint_succ: false, label: 'logic', evidence: { missing: [{ gt_call: 1 }] }, rounds: 3, tokens: 9 } },
      { line: 2, problem: 'invalid JSON' },
    ];
    const { stored, evidence } = encodeRecords(records, 2);
    expect(JSON.stringify(stored)).not.toContain('missing');
    expect(evidence).toEqual([[0, { missing: [{ gt_call: 1 }] }]]);
    expect(stored.strings.filter((s) => s === 'a')).toHaveLength(1); // the record's and the row's id, stored once
  });

  it('do not take a file of another shape (the previous format: an array of record objects)', () => {
    expect(isStoredRecords({ records: [{ line: 1 }], lineCount: 1 })).toBe(false);
    expect(isStoredRecords(null)).toBe(false);
  });
});
