// Filtering and sorting of the trajectory list (pure, unit-tested).
import type { TrajectoryRow } from '../../evaluation/protocol';

// The label before the scenario (which the task id mostly names): at 1280 px the list's first columns are what shows.
export const columnIds = ['model', 'mode', 'task', 'label', 'scenario', 'tool_succ', 'result_succ', 'calls', 'turns', 'tokens'] as const;
export type ColumnId = (typeof columnIds)[number];

export type ColumnKind = 'choice' | 'text' | 'boolean' | 'number';

export const columns: Record<ColumnId, { title: string; kind: ColumnKind; value(row: TrajectoryRow): string | number | boolean }> = {
  model: { title: 'Model', kind: 'choice', value: (r) => r.model },
  mode: { title: 'Mode', kind: 'choice', value: (r) => r.mode },
  scenario: { title: 'Scenario', kind: 'choice', value: (r) => r.scenario },
  task: { title: 'Task', kind: 'text', value: (r) => r.task_id },
  label: { title: 'Label', kind: 'choice', value: (r) => r.label },
  tool_succ: { title: 'ToolSucc', kind: 'boolean', value: (r) => r.tool_succ },
  result_succ: { title: 'ResultSucc', kind: 'boolean', value: (r) => r.result_succ },
  calls: { title: 'Calls', kind: 'number', value: (r) => r.calls },
  turns: { title: 'Turns', kind: 'number', value: (r) => r.turns },
  tokens: { title: 'Tokens', kind: 'number', value: (r) => r.tokens },
};

/** Per column: '' (no filter), a choice, a substring, 'yes'/'no', or a number expression. */
export type Filters = Partial<Record<ColumnId, string>>;

export interface SortSpec {
  column: ColumnId;
  direction: 'asc' | 'desc';
}

/**
 * A number filter: `5`, `>5`, `>=5`, `<5`, `<=5`, `3-7` (inclusive), `!=0`. Null when the
 * expression is not understood (then the filter is ignored).
 */
export function parseNumberFilter(expression: string): ((n: number) => boolean) | null {
  // Thousands written as the list shows them (48,712) read as the number.
  const text = expression.replace(/\s+/g, '').replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  if (text === '') return null;
  const range = /^(-?\d+(?:\.\d+)?)(?:-|\.\.)(-?\d+(?:\.\d+)?)$/.exec(text);
  if (range) {
    const [lo, hi] = [Number(range[1]), Number(range[2])];
    return (n) => n >= lo && n <= hi;
  }
  const compare = /^(>=|<=|!=|>|<|=)?(-?\d+(?:\.\d+)?)$/.exec(text);
  if (!compare) return null;
  const v = Number(compare[2]);
  switch (compare[1]) {
    case '>':
      return (n) => n > v;
    case '>=':
      return (n) => n >= v;
    case '<':
      return (n) => n < v;
    case '<=':
      return (n) => n <= v;
    case '!=':
      return (n) => n !== v;
    default:
      return (n) => n === v;
  }
}

function predicateOf(column: ColumnId, filter: string): ((row: TrajectoryRow) => boolean) | null {
  if (filter.trim() === '') return null;
  const { kind, value } = columns[column];
  switch (kind) {
    case 'choice':
      return (row) => value(row) === filter;
    case 'text': {
      // `=retail-03` is that value exactly (retail-030 is another task); anything else is a part of it.
      const exact = /^=(.+)$/.exec(filter.trim())?.[1];
      if (exact !== undefined) return (row) => String(value(row)) === exact;
      const needle = filter.trim().toLowerCase();
      return (row) => String(value(row)).toLowerCase().includes(needle);
    }
    case 'boolean': {
      if (filter !== 'yes' && filter !== 'no') return null;
      const want = filter === 'yes';
      return (row) => value(row) === want;
    }
    case 'number': {
      const test = parseNumberFilter(filter);
      return test && ((row) => test(value(row) as number));
    }
  }
}

/** Rows that pass every column filter and, when given, the dialogue search (ids that match). */
export function filterRows(rows: readonly TrajectoryRow[], filters: Filters, searchIds: ReadonlySet<string> | null): TrajectoryRow[] {
  const tests = columnIds.map((c) => predicateOf(c, filters[c] ?? '')).filter((t): t is (row: TrajectoryRow) => boolean => t !== null);
  return rows.filter((row) => (searchIds === null || searchIds.has(row.id)) && tests.every((t) => t(row)));
}

function compareValues(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A stable sort on one column; ties keep the evaluation order. Null sort keeps the order. Each
 * row's key becomes a number first (text: its rank among the column's distinct values), so the
 * comparisons of 100,000 rows compare numbers in a typed array, not strings.
 */
export function sortRows(rows: readonly TrajectoryRow[], sort: SortSpec | null): TrajectoryRow[] {
  if (!sort) return [...rows];
  const { value } = columns[sort.column];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keys = numericKeys(rows.map(value));
  const packed = packedOrder(keys, sign);
  if (packed) return Array.from(packed, (p) => rows[p % INDEX_SPAN]);
  const order = Array.from({ length: rows.length }, (_, i) => i);
  order.sort((a, b) => sign * (keys[a] - keys[b]) || a - b);
  return order.map((i) => rows[i]);
}

/** Rows a packed sort handles: key * INDEX_SPAN + index stays an exact integer below 2^53. */
const INDEX_SPAN = 2 ** 21;
const KEY_LIMIT = 2 ** 31;

/**
 * The common case (small whole keys: ranks, counts, tokens) sorted without a comparator: each
 * key and its row index packed into one number, and the typed array's numeric sort does the rest.
 */
function packedOrder(keys: Float64Array, sign: number): Float64Array | null {
  if (keys.length >= INDEX_SPAN || !keys.every((k) => Number.isInteger(k) && k >= 0 && k < KEY_LIMIT)) return null;
  const packed = new Float64Array(keys.length);
  keys.forEach((k, i) => (packed[i] = (sign > 0 ? k : KEY_LIMIT - 1 - k) * INDEX_SPAN + i));
  return packed.sort();
}

/** Numbers as they are, booleans as 0/1, text as its rank in code-unit order (as compareValues orders it). */
function numericKeys(values: readonly (string | number | boolean)[]): Float64Array {
  const keys = new Float64Array(values.length);
  if (values.every((v) => typeof v === 'number' || typeof v === 'boolean')) {
    values.forEach((v, i) => (keys[i] = Number(v)));
    return keys;
  }
  const texts = values.map(String);
  const rank = new Map([...new Set(texts)].sort(compareValues).map((text, i) => [text, i]));
  texts.forEach((text, i) => (keys[i] = rank.get(text)!));
  return keys;
}

/** The distinct values of a choice column, sorted, for its filter menu. */
export function choicesOf(rows: readonly TrajectoryRow[], column: ColumnId): string[] {
  const { value } = columns[column];
  return [...new Set(rows.map((r) => String(value(r))))].sort();
}

/** Next sort when a column header is clicked: ascending, descending, then none. */
export function nextSort(current: SortSpec | null, column: ColumnId): SortSpec | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return null;
}

// Column widths (px). Text columns fit their longest value (model and mode names in full) up to
// FIT_MAX; past that, or past a width the user dragged, a cell ends in an ellipsis and its
// tooltip holds the full value. Widths the user set are remembered (localStorage).

export type ColumnWidths = Record<ColumnId, number>;

export const MIN_COLUMN_WIDTH = 36;
export const MAX_COLUMN_WIDTH = 600;
const FIT_MAX = 320;
/** Cell padding plus a little air, added to the text's width. */
const CELL_PADDING = 14;

/** A label chip's padding and border (replay.css .label-chip). */
const LABEL_CHIP_PADDING = 14;
/** Widths of the columns whose values are short: the header title decides. */
const FIXED_WIDTHS: Partial<ColumnWidths> = { label: 120, tool_succ: 74, result_succ: 84, calls: 48, turns: 48, tokens: 64 };
const FITTED: readonly ColumnId[] = ['model', 'mode', 'scenario', 'task'];

/**
 * Default widths: the fitted columns as wide as their longest value or title (`measure` gives a
 * text's width in px), clamped to [MIN_COLUMN_WIDTH, FIT_MAX]; the others fixed.
 */
export function fitColumnWidths(rows: readonly TrajectoryRow[], measure: (text: string) => number): ColumnWidths {
  return fitWidthsOfValues((c) => rows.map((row) => String(columns[c].value(row))), measure);
}

/** As fitColumnWidths, from each fitted column's values (its distinct values are enough). */
export function fitWidthsOfValues(valuesOf: (column: ColumnId) => Iterable<string>, measure: (text: string) => number): ColumnWidths {
  const widths = {} as ColumnWidths;
  for (const c of columnIds) {
    if (!FITTED.includes(c)) {
      widths[c] = FIXED_WIDTHS[c] ?? 60;
      continue;
    }
    let longest = columns[c].title;
    for (const text of valuesOf(c)) if (text.length > longest.length) longest = text;
    // The longest by characters, measured; a wide-lettered shorter one can be a little wider.
    const measured = Math.max(measure(longest), measure(columns[c].title) + 16 /* sort mark */);
    widths[c] = clampWidth(Math.ceil(measured * 1.08) + CELL_PADDING, FIT_MAX);
  }
  return widths;
}

/**
 * The Label column's default width: its fixed one, or wider to fit the longest of `texts`, what its
 * overridden rows show ("over_operation ✎ (auto: hallucination)", reviews/reviewedLabel.ts), with
 * room for a chip's padding and a reviewers' disagreement mark (≠).
 */
export function labelColumnWidth(texts: Iterable<string>, measure: (text: string) => number): number {
  let widest = FIXED_WIDTHS.label!;
  for (const text of texts) widest = Math.max(widest, Math.ceil(measure(`${text} ≠`) * 1.08) + CELL_PADDING + LABEL_CHIP_PADDING);
  return clampWidth(widest, FIT_MAX);
}

export function clampWidth(width: number, max = MAX_COLUMN_WIDTH): number {
  return Math.round(Math.min(max, Math.max(MIN_COLUMN_WIDTH, Number.isFinite(width) ? width : MIN_COLUMN_WIDTH)));
}

/** The widths the user set, from their stored JSON: only known columns, only sane numbers. */
export function parseStoredWidths(text: string | null): Partial<ColumnWidths> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object') return {};
    const out: Partial<ColumnWidths> = {};
    for (const c of columnIds) {
      const width = (value as Record<string, unknown>)[c];
      if (typeof width === 'number' && Number.isFinite(width)) out[c] = clampWidth(width);
    }
    return out;
  } catch {
    return {};
  }
}

/** `grid-template-columns` for the widths, in column order. */
export function gridTemplate(widths: ColumnWidths): string {
  return columnIds.map((c) => `${widths[c]}px`).join(' ');
}
