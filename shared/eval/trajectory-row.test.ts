// The packed form the hosts stream gives back every row exactly, and is much smaller as JSON.
import { describe, expect, it } from 'vitest';
import { packRows, unpackRows, withEvidenceOf, type TrajectoryRow } from './trajectory-row';

const labels = ['correct', 'logic', 'perception', 'hallucination'] as const;
const rows: TrajectoryRow[] = Array.from({ length: 300 }, (_, i) => ({
  id: `model-${i % 4}/static/task-${String(i).padStart(5, '0')}`,
  task_id: `task-${String(i % 37).padStart(5, '0')}`,
  model: `model-${i % 4}`,
  mode: i % 3 === 0 ? 'static' : 'dynamic_easy',
  scenario: i % 2 ? 'retail' : 'kitchen',
  label: labels[i % 4],
  evidence: i % 4 === 0 ? null : { missing: [{ gt_call: i % 5, tool_name: 'get_item', parameters: { name: `item ${i}`, n: i } }] },
  matched: i % 7,
  gt_calls: 7,
  agent_calls: i % 9,
  calls: (i % 9) + (i % 2),
  tool_succ: i % 2 === 0,
  result_succ: i % 3 === 0,
  joint_succ: i % 6 === 0,
  turns: i % 5,
  tokens: 1000 + i * 17,
  file: `trajectories/model-${i % 4}/static.jsonl`,
  line: i + 1,
  imported: i % 11 === 0,
}));

describe('packed rows', () => {
  it('unpack what was packed, through JSON, field for field', () => {
    const packed = JSON.parse(JSON.stringify(packRows(rows)));
    expect(unpackRows(packed)).toEqual(rows);
    expect(unpackRows(packRows([]))).toEqual([]);
    const plain = JSON.stringify(rows).length;
    const small = JSON.stringify(packRows(rows)).length;
    console.log(`packed rows: ${plain} -> ${small} bytes of JSON for ${rows.length} rows`);
    expect(small).toBeLessThan(plain * 0.6);
  });
});

describe('evidence from a second scoring', () => {
  it("is taken only when that scoring gave the row's label", () => {
    const listed = { ...rows[1], evidence: null };
    expect(withEvidenceOf(listed, { label: rows[1].label, evidence: rows[1].evidence })).toEqual(rows[1]);
    expect(withEvidenceOf(listed, { label: 'perception', evidence: rows[2].evidence }).evidence).toBeNull();
    expect(withEvidenceOf(listed, undefined).evidence).toBeNull();
  });
});
