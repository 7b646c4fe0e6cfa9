// The order of the merged sequence (pure). The alignment lists A's calls in A's order with B's
// unmatched ones among them; the ground truth's calls run in order (SPEC §5, §7), so the adjudicator
// may take B's order or move rows: the order is a list of row keys, null for the alignment's own.
import type { AlignmentRow } from '../../../shared/eval/agreement-report';

/** A row of the merged sequence: one of the alignment's, or a call the adjudicator added (both annotators missed it). */
export type MergeRow = AlignmentRow | { kind: 'added'; n: number };

/** The rows a number of added calls make, after the alignment's. */
/** Calls an adjudicator may add: a draft (the browser's, the dataset's file) asking for more is not drawn as so many rows. */
export const MAX_ADDED_ROWS = 1000;

export const addedRows = (count: number): MergeRow[] => Array.from({ length: count }, (_, i) => ({ kind: 'added' as const, n: i + 1 }));

export const rowKey = (row: MergeRow) => (row.kind === 'added' ? `added:${row.n}` : `${row.kind}:${'a' in row ? row.a : ''}:${'b' in row ? row.b : ''}`);

/** The rows in the order given (keys no longer among the rows are skipped, rows not in it follow in their own order). */
export function orderedRows(rows: readonly MergeRow[], order: readonly string[] | null): MergeRow[] {
  if (!order) return [...rows];
  const byKey = new Map(rows.map((row) => [rowKey(row), row]));
  const out: MergeRow[] = [];
  for (const key of order) {
    const row = byKey.get(key);
    if (row) out.push(row);
    byKey.delete(key);
  }
  return [...out, ...byKey.values()];
}

/** B's order: the rows with a call of B by its place in B, then the rows only A has (which taking B drops). */
export function orderOfB(rows: readonly MergeRow[]): string[] {
  const withB = rows.filter((row): row is Extract<MergeRow, { b: number }> => 'b' in row).sort((x, y) => x.b - y.b);
  return [...withB, ...rows.filter((row) => !('b' in row))].map(rowKey);
}

/** The order after moving the row at `index` by `delta` places (within bounds); null stays the alignment's order when nothing moves. */
export function moveRow(rows: readonly MergeRow[], order: readonly string[] | null, index: number, delta: -1 | 1): string[] | null {
  const keys = orderedRows(rows, order).map(rowKey);
  const to = index + delta;
  if (index < 0 || index >= keys.length || to < 0 || to >= keys.length) return order ? [...order] : null;
  [keys[index], keys[to]] = [keys[to], keys[index]];
  return keys;
}

/** Whose order the rows are in, for the view to say: A's (the alignment's), B's, both (they are one), or the adjudicator's own. */
export function orderOwner(rows: readonly MergeRow[], order: readonly string[] | null): 'a' | 'b' | 'both' | 'own' {
  const keys = orderedRows(rows, order).map(rowKey);
  const same = (other: readonly string[]) => other.length === keys.length && other.every((key, i) => key === keys[i]);
  const isA = same(rows.map(rowKey));
  const isB = same(orderOfB(rows));
  return isA && isB ? 'both' : isA ? 'a' : isB ? 'b' : 'own';
}
