import { describe, expect, it } from 'vitest';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { filterRows } from '../listModel';
import { ListIndex } from '../list/listIndex';
import { buildMatrix, cellName, groupMatrix, headerHeight, taskRunsFilters } from './matrixModel';

const row = (id: string, task_id: string, model: string, mode: string, joint_succ: boolean): TrajectoryRow => ({
  id, task_id, model, mode, scenario: 's', label: joint_succ ? 'correct' : 'logic', evidence: null, matched: 0, gt_calls: 1, agent_calls: 1,
  calls: 1, tool_succ: joint_succ, result_succ: joint_succ, joint_succ, turns: 1, tokens: 1, file: 'f', line: 1, imported: false,
});

describe('task matrix', () => {
  const rows = [row('1', 't1', 'b', 'static', true), row('2', 't2', 'a', 'easy', false), row('3', 't2', 'b', 'static', false), row('4', 't1', 'a', 'easy', false)];

  it('has one column per (model, mode) and one row per task, with the runs of each cell', () => {
    const m = buildMatrix(rows, 'task');
    expect(m.columns.map((c) => `${c.model}/${c.mode}`)).toEqual(['a/easy', 'b/static']);
    expect(m.rows.map((r) => [r.taskId, r.runs, r.failing])).toEqual([['t1', 2, 1], ['t2', 2, 2]]);
    expect(m.rows[0].cells.get(m.columns[0].key)?.map((r) => r.id)).toEqual(['4']);
    expect(cellName(m.rows[0], m.columns[0], m.rows[0].cells.get(m.columns[0].key))).toBe('t1, a easy: logic');
    // A run a reviewer overrode says so, as the list marks it.
    expect(cellName(m.rows[0], m.columns[0], m.rows[0].cells.get(m.columns[0].key), new Set(['4']))).toBe('t1, a easy: logic (overridden by a reviewer)');
  });

  it('makes the header as tall as the longest model or mode name, within bounds', () => {
    const column = (model: string, mode = 'static') => ({ key: model, model, mode });
    expect(headerHeight([column('gpt-4o')])).toBe(112);
    expect(headerHeight([column('gpt-4o'), column('anthropic-claude-3-5-sonnet-20241022')])).toBe(36 * 7 + 16);
    expect(headerHeight([column('m'.repeat(200))])).toBe(320);
  });

  it('orders tasks with their numbers read as numbers (kitchen1-2 before kitchen1-11)', () => {
    const named = ['kitchen1-11', 'kitchen1-2', 'kitchen1-1', 'kitchen10-1'].map((task_id, i) => ({ ...rows[0], id: `n${i}`, task_id }));
    expect(buildMatrix(named, 'task').rows.map((r) => r.taskId)).toEqual(['kitchen1-1', 'kitchen1-2', 'kitchen1-11', 'kitchen10-1']);
  });

  it('sorts by how many runs fail, either way, task id breaking ties', () => {
    expect(buildMatrix(rows, 'failing-desc').rows.map((r) => r.taskId)).toEqual(['t2', 't1']);
    expect(buildMatrix(rows, 'failing-asc').rows.map((r) => r.taskId)).toEqual(['t1', 't2']);
  });
});

describe('the matrix of the filtered runs, from the list index', () => {
  it('groups the runs of the index view as it groups the filtered rows', () => {
    const runs = [row('a', 't1', 'm', 'static', false), row('b', 't2', 'n', 'easy', true), row('c', 't1', 'n', 'easy', false), row('d', 't3', 'm', 'static', true)];
    for (const filters of [{}, { model: 'm' }, { task: '=t1' }, { label: 'logic', mode: 'easy' }]) {
      const fromIndex = groupMatrix(runs, new ListIndex(runs).view(filters, null, null));
      expect(fromIndex).toEqual(groupMatrix(filterRows(runs, filters, null)));
    }
    expect(groupMatrix(runs, new ListIndex(runs).view({ model: 'm' }, null, null)).rows.map((r) => r.taskId)).toEqual(['t1', 't3']);
  });
});

describe("a matrix row opens its task's runs", () => {
  it('selects exactly that task: retail-03 leaves out retail-030', () => {
    const runs = [row('a', 'retail-03', 'm', 'static', false), row('b', 'retail-030', 'm', 'static', false), row('c', 'Retail-03', 'm', 'static', false), row('d', 'retail-03', 'n', 'easy', true)];
    const filters = taskRunsFilters({ model: '', task: 'retail' }, 'retail-03');
    expect(filters.task).toBe('=retail-03');
    expect(filterRows(runs, filters, null).map((r) => r.id)).toEqual(['a', 'd']);
    expect(filterRows(runs, { task: 'retail-03' }, null).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']); // typed by hand: still a part
  });
});

describe('task matrix at 40,000 trajectories', () => {
  it('builds 1,667 tasks x 24 columns (timing printed, not asserted)', () => {
    const many: TrajectoryRow[] = [];
    for (let i = 0; i < 40_000; i++) many.push(row(`r${i}`, `t${i % 1667}`, `m${i % 8}`, `mode${Math.floor(i / 8) % 3}`, i % 5 === 0));
    const started = performance.now();
    const m = buildMatrix(many, 'failing-desc');
    console.log(`matrix of 40,000 rows: ${(performance.now() - started).toFixed(0)} ms`);
    expect(m.rows).toHaveLength(1667);
    expect(m.columns).toHaveLength(24);
    expect(m.rows.reduce((n, r) => n + r.runs, 0)).toBe(40_000);
  });
});
