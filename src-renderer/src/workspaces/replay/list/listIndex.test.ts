import { describe, expect, it } from 'vitest';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { columnIds, filterRows, sortRows, type Filters, type SortSpec } from '../listModel';
import { ListIndex } from './listIndex';

function row(i: number): TrajectoryRow {
  // Few distinct values per column, so that sorts have long runs of ties (stability shows).
  return {
    id: `t${i}`,
    task_id: `${['retail', 'kitchen', 'Retail'][i % 3]}-${String(i % 17).padStart(2, '0')}`,
    model: ['m-b', 'm-a', 'M-c', 'm-a2'][(i * 7) % 4],
    mode: ['static', 'dynamic_easy'][i % 2],
    scenario: ['retail', 'kitchen', 'ä-scenario'][(i * 5) % 3],
    label: ['correct', 'logic', 'perception'][(i * 11) % 3] as TrajectoryRow['label'],
    evidence: null,
    matched: 1,
    gt_calls: 1,
    agent_calls: 1,
    calls: (i * 13) % 9,
    tool_succ: i % 4 !== 0,
    result_succ: i % 5 !== 0,
    joint_succ: true,
    turns: (i * 3) % 7,
    tokens: (i * 7919) % 5000,
    file: 'trajectories/a.jsonl',
    line: i,
    imported: false,
  };
}

const ids = (rows: readonly TrajectoryRow[], view: Int32Array) => Array.from(view, (i) => rows[i].id);

describe('ListIndex', () => {
  const rows = Array.from({ length: 3000 }, (_, i) => row(i));
  const filterCases: Filters[] = [
    {},
    { label: 'logic' },
    { model: 'm-a', tool_succ: 'no' },
    { task: 'RETAIL-0' },
    { task: '=retail-03' },
    { task: '=retail-3' },
    { calls: '>=5', result_succ: 'yes' },
    { turns: '2-4', scenario: 'ä-scenario' },
    { calls: 'bogus', model: 'none of them' },
  ];

  it('gives the rows filterRows and sortRows give, for every column and direction', () => {
    const index = new ListIndex(rows);
    const sorts: (SortSpec | null)[] = [null, ...columnIds.flatMap((column) => (['asc', 'desc'] as const).map((direction) => ({ column, direction })))];
    for (const filters of filterCases)
      for (const sort of sorts) {
        const expected = sortRows(filterRows(rows, filters, null), sort).map((r) => r.id);
        expect(ids(rows, index.view(filters, null, sort)), JSON.stringify({ filters, sort })).toEqual(expected);
      }
  });

  it('applies the dialogue search ids', () => {
    const search = new Set(['t3', 't10', 't11', 'zz']);
    const index = new ListIndex(rows);
    expect(ids(rows, index.view({ tool_succ: 'yes' }, search, { column: 'tokens', direction: 'desc' }))).toEqual(
      sortRows(filterRows(rows, { tool_succ: 'yes' }, search), { column: 'tokens', direction: 'desc' }).map((r) => r.id),
    );
  });

  it('carries its keys over to streamed batches and stays equal to a fresh index', () => {
    let index = new ListIndex([]);
    let shown: TrajectoryRow[] = [];
    for (let end = 500; end <= rows.length; end += 500) {
      shown = shown.concat(rows.slice(end - 500, end));
      index = index.next(shown);
      // A column keyed at this batch and extended at the next.
      index.view({ label: 'logic' }, null, { column: 'model', direction: 'asc' });
    }
    const fresh = new ListIndex(shown);
    for (const filters of filterCases)
      expect(ids(shown, index.view(filters, null, { column: 'task', direction: 'desc' }))).toEqual(ids(shown, fresh.view(filters, null, { column: 'task', direction: 'desc' })));
    expect(index.distinct('model')).toEqual(['M-c', 'm-a', 'm-a2', 'm-b']);
  });

  it('keys a column in slices (idle time) and then answers as a fresh index', () => {
    const index = new ListIndex(rows);
    let slices = 0;
    while (!index.keySome('task', 700)) slices++;
    expect(slices).toBe(Math.ceil(rows.length / 700) - 1);
    const partly = new ListIndex(rows);
    partly.keySome('model', 1234);
    for (const index_ of [index, partly])
      expect(ids(rows, index_.view({ task: 'retail-1' }, null, { column: 'model', direction: 'desc' }))).toEqual(
        sortRows(filterRows(rows, { task: 'retail-1' }, null), { column: 'model', direction: 'desc' }).map((r) => r.id),
      );
  });

  it('starts over for rows that do not continue the indexed ones', () => {
    const index = new ListIndex(rows.slice(0, 100));
    index.view({ label: 'logic' }, null, null);
    const other = rows.slice(50, 150);
    expect(ids(other, index.next(other).view({ label: 'logic' }, null, null))).toEqual(filterRows(other, { label: 'logic' }, null).map((r) => r.id));
  });

  it('filters and sorts 100,000 rows (CPU figures printed, not asserted)', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => row(i));
    const index = new ListIndex(many);
    const time = (what: string, run: () => unknown) => {
      const start = performance.now();
      run();
      return `${what} ${(performance.now() - start).toFixed(1)} ms`;
    };
    const figures = [
      time('first sort (tokens asc)', () => index.order({ column: 'tokens', direction: 'asc' })),
      time('its descending', () => index.order({ column: 'tokens', direction: 'desc' })),
      time('first sort (model asc)', () => index.order({ column: 'model', direction: 'asc' })),
      time('filter label on the sorted order', () => index.view({ label: 'logic' }, null, { column: 'model', direction: 'asc' })),
      time('clear filters', () => index.view({}, null, { column: 'model', direction: 'asc' })),
    ];
    console.log(`listIndex, 100,000 rows: ${figures.join('; ')}`);
    expect(index.view({ label: 'logic' }, null, null).length).toBe(filterRows(many, { label: 'logic' }, null).length);
  });
});

describe('the index of a new evaluation', () => {
  it("lists only its own rows' values, though each evaluation starts from the same empty rows", () => {
    const empty: TrajectoryRow[] = [];
    const start = new ListIndex(empty);
    expect(start.distinct('model')).toEqual([]);
    const first = start.next([{ ...row(0), model: 'gone' }, { ...row(1), model: 'kept' }]);
    expect(first.distinct('model')).toEqual(['gone', 'kept']);
    // The next evaluation: the same empty index again, then rows without the removed model.
    const second = start.next([{ ...row(2), model: 'kept' }]);
    expect(second.distinct('model')).toEqual(['kept']);
  });
});
