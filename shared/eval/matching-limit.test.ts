// A crafted file must not end the process: matching thousands of calls against thousands asks for
// more comparisons than a matching may make (MAX_MATCHING_PAIRS), and its line becomes a problem.
import type { SqlJsStatic } from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { MAX_MATCHING_PAIRS, maxMatching } from './canonical';
import { evaluateInMemory } from './test-support/evaluate-memory';
import { call, jsonl, shopFiles } from './test-support/shop';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await loadSqlJs();
});

const search = call('search_products', { name: 'apple' });

function filesWithGroundTruth(calls: number) {
  return shopFiles({ 'ground_truth.jsonl': jsonl([{ task_id: 't1', calls: Array.from({ length: calls }, () => search), visual_refs: [], source: 'agreed' }]) });
}

const trajectory = (id: string, calls: number) => ({ id, task_id: 't1', model: 'm', mode: 'static', dialogue: [], tool_calls: [{ turn: 0, calls: Array.from({ length: calls }, () => search) }] });

describe('matching size limit', () => {
  it('refuses more pairs than the limit, before building them', () => {
    const side = Math.floor(Math.sqrt(MAX_MATCHING_PAIRS)) + 1;
    let compared = 0;
    expect(() => maxMatching(side, side, () => (compared++, true))).toThrow(/exceed the limit/);
    expect(compared).toBe(0);
  });

  it('2,000 identical calls against 2,000 are matched; 2,001 against 2,001 make the line a problem with its file and line, and the others are scored', async () => {
    const { report } = await evaluateInMemory(SQL, filesWithGroundTruth(2_000), { 'trajectories/m.jsonl': [trajectory('fits', 2_000)] });
    expect(report.problems).toEqual([]);
    expect(report.trajectories[0]).toMatchObject({ matched: 2_000, gt_calls: 2_000, agent_calls: 2_000, tool_succ: true });

    const over = await evaluateInMemory(SQL, filesWithGroundTruth(2_001), { 'trajectories/m.jsonl': [trajectory('small', 1), trajectory('huge', 2_001)] });
    expect(over.report.trajectories.map((t) => t.id)).toEqual(['small']);
    expect(over.report.problems).toEqual([expect.objectContaining({ file: 'trajectories/m.jsonl', line: 2, message: expect.stringMatching(/huge.*exceed the limit/) })]);
  });
});
