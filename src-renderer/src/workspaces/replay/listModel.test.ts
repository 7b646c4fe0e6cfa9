import { describe, expect, it } from 'vitest';
import type { TrajectoryRow } from '../../evaluation/protocol';
import { choicesOf, clampWidth, filterRows, fitColumnWidths, gridTemplate, MIN_COLUMN_WIDTH, nextSort, parseNumberFilter, parseStoredWidths, sortRows } from './listModel';

function row(id: string, over: Partial<TrajectoryRow> = {}): TrajectoryRow {
  return {
    id,
    task_id: 'retail-01',
    model: 'm1',
    mode: 'static',
    scenario: 'retail',
    label: 'correct',
    evidence: null,
    matched: 1,
    gt_calls: 1,
    agent_calls: 1,
    calls: 1,
    tool_succ: true,
    result_succ: true,
    joint_succ: true,
    turns: 1,
    tokens: 100,
    file: 'trajectories/a.jsonl',
    line: 1,
    imported: false,
    ...over,
  };
}

const rows = [
  row('a', { label: 'perception', calls: 5, tool_succ: false, task_id: 'kitchen-02', tokens: 300 }),
  row('b', { model: 'm2', calls: 2, tokens: 100 }),
  row('c', { label: 'logic', calls: 9, result_succ: false, tokens: 200 }),
];

describe('number filters', () => {
  it.each([
    ['5', 5, true],
    ['5', 4, false],
    ['>5', 6, true],
    ['>=5', 5, true],
    ['<5', 5, false],
    ['<=5', 5, true],
    ['!=0', 0, false],
    ['3-7', 7, true],
    ['3..7', 8, false],
    ['>30,000', 48712, true],
    ['>30,000', 29999, false],
    ['1,000-1,200,000', 48712, true],
  ])('%s on %d is %s', (expr, n, want) => {
    expect(parseNumberFilter(expr)!(n)).toBe(want);
  });
  it('ignores what it does not understand', () => {
    expect(parseNumberFilter('abc')).toBeNull();
    expect(parseNumberFilter('>3,00')).toBeNull(); // no thousands: not a number it reads
    expect(parseNumberFilter('')).toBeNull();
  });
});

describe('filterRows', () => {
  it('filters on choices, substrings, booleans and numbers together', () => {
    expect(filterRows(rows, { label: 'perception' }, null).map((r) => r.id)).toEqual(['a']);
    expect(filterRows(rows, { task: 'KITCHEN' }, null).map((r) => r.id)).toEqual(['a']);
    expect(filterRows(rows, { tool_succ: 'yes' }, null).map((r) => r.id)).toEqual(['b', 'c']);
    expect(filterRows(rows, { result_succ: 'no' }, null).map((r) => r.id)).toEqual(['c']);
    expect(filterRows(rows, { calls: '>=5', model: 'm1' }, null).map((r) => r.id)).toEqual(['a', 'c']);
    expect(filterRows(rows, { calls: 'bogus' }, null)).toHaveLength(3);
  });
  it('applies the dialogue search ids', () => {
    expect(filterRows(rows, {}, new Set(['b', 'zz'])).map((r) => r.id)).toEqual(['b']);
  });
});

describe('sortRows', () => {
  it('sorts numbers, strings and booleans, stably, both ways', () => {
    expect(sortRows(rows, { column: 'tokens', direction: 'asc' }).map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(sortRows(rows, { column: 'label', direction: 'desc' }).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortRows(rows, { column: 'model', direction: 'asc' }).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortRows(rows, { column: 'tool_succ', direction: 'asc' }).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, null).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
  it('cycles ascending, descending, none', () => {
    const a = nextSort(null, 'calls');
    expect(a).toEqual({ column: 'calls', direction: 'asc' });
    const d = nextSort(a, 'calls');
    expect(d).toEqual({ column: 'calls', direction: 'desc' });
    expect(nextSort(d, 'calls')).toBeNull();
    expect(nextSort(d, 'model')).toEqual({ column: 'model', direction: 'asc' });
  });
  it('lists choices', () => {
    expect(choicesOf(rows, 'label')).toEqual(['correct', 'logic', 'perception']);
  });
});

describe('40,000 rows', () => {
  it('filter and sort stay well below a frame budget per keystroke', () => {
    const many = Array.from({ length: 40_000 }, (_, i) =>
      row(`t${i}`, { model: `m${i % 7}`, label: i % 3 ? 'logic' : 'perception', calls: i % 13, tokens: (i * 7919) % 100_000 }),
    );
    const start = performance.now();
    const filtered = filterRows(many, { label: 'perception', calls: '>3' }, null);
    const sorted = sortRows(filtered, { column: 'tokens', direction: 'desc' });
    const elapsed = performance.now() - start;
    expect(sorted.length).toBeGreaterThan(1000);
    expect(sorted[0].tokens).toBeGreaterThanOrEqual(sorted[1].tokens);
    expect(elapsed).toBeLessThan(500); // generous: the machine is shared
  });
});

describe('column widths', () => {
  const measure = (text: string) => text.length * 7;
  it('fits model, mode, scenario and task to their longest value, so names show in full', () => {
    const rows = [row('a', { model: 'gpt-4o-mini-2024-07-18', mode: 'dynamic_easy' }), row('b', { model: 'm', mode: 'static' })];
    const widths = fitColumnWidths(rows, measure);
    expect(widths.model).toBeGreaterThanOrEqual(measure('gpt-4o-mini-2024-07-18') + 8);
    expect(widths.mode).toBeGreaterThanOrEqual(measure('dynamic_easy') + 8);
    // A short value still leaves room for the title and its sort mark.
    expect(fitColumnWidths([row('c', { scenario: 'x' })], measure).scenario).toBeGreaterThanOrEqual(measure('Scenario') + 16);
    // Fixed columns do not depend on the rows; a very long name stops at the fitting limit.
    const long = fitColumnWidths([row('d', { model: 'x'.repeat(200) })], measure);
    expect(long.label).toBe(widths.label);
    expect(long.model).toBe(320);
    expect(gridTemplate(widths).split(' ')).toHaveLength(10);
  });
  it('reads back only sane stored widths of known columns', () => {
    expect(parseStoredWidths(JSON.stringify({ model: 250.4, mode: 'wide', nope: 3, task: 1, tokens: 1e9 }))).toEqual({ model: 250, task: MIN_COLUMN_WIDTH, tokens: 600 });
    expect(parseStoredWidths('not json')).toEqual({});
    expect(parseStoredWidths('null')).toEqual({});
    expect(parseStoredWidths(null)).toEqual({});
    expect(clampWidth(Number.NaN)).toBe(MIN_COLUMN_WIDTH);
  });
});
