// State equality (SPEC §7) and state differences for the UI.
import { setOwn } from '../format/own-data';
import type { DbState, Row, SqlValue } from './types';

/**
 * One value's canonical text. Numbers compare as numbers (JS already folds 1 and 1.0), text
 * exactly, blobs by bytes; the type tag keeps text '1', number 1, NULL and '' apart.
 */
export function valueKey(value: SqlValue | undefined): string {
  if (value === null || value === undefined) return 'n';
  if (typeof value === 'number') return `f${Object.is(value, -0) ? 0 : value}`;
  if (typeof value === 'string') return JSON.stringify(value);
  let hex = 'b';
  for (const byte of value) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** A row's canonical text: its columns by name (so column order does not matter) with their values. */
export function rowKey(row: Row): string {
  const names = Object.keys(row).sort();
  return `{${names.map((name) => `${JSON.stringify(name)}:${valueKey(row[name])}`).join(',')}}`;
}

/**
 * Canonical text of a state: equal keys iff every state table holds the same multiset of rows.
 * Rows are sorted (order does not count, duplicates do); a table with no rows and a missing
 * table read alike.
 */
export function stateKey(state: DbState): string {
  const tables = Object.keys(state)
    .filter((table) => state[table].length > 0)
    .sort();
  return `{${tables.map((table) => `${JSON.stringify(table)}:[${state[table].map(rowKey).sort().join(',')}]`).join(',')}}`;
}

export function statesEqual(a: DbState, b: DbState): boolean {
  return stateKey(a) === stateKey(b);
}

export interface RowChange {
  /** The primary-key columns of the row and their values. */
  key: Row;
  before: Row;
  after: Row;
  /** Columns whose value differs, in the row's column order. */
  columns: string[];
}

export interface TableDiff {
  table: string;
  added: Row[];
  removed: Row[];
  changed: RowChange[];
}

/**
 * What changed from `before` to `after`, for the tables that differ (tables of `before` first,
 * then tables only in `after`). Rows are matched by primary key when the table has one and its
 * key values are unique on both sides; otherwise rows are compared as whole-row multisets, and
 * a changed row shows as one removed and one added.
 */
export function diffStates(before: DbState, after: DbState, primaryKeys: (table: string) => string[] = () => []): TableDiff[] {
  const tables = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const diffs: TableDiff[] = [];
  for (const table of tables) {
    const beforeRows = before[table] ?? [];
    const afterRows = after[table] ?? [];
    const keyColumns = primaryKeys(table);
    const diff = (keyColumns.length > 0 && diffByKey(table, beforeRows, afterRows, keyColumns)) || diffAsMultisets(table, beforeRows, afterRows);
    if (diff.added.length + diff.removed.length + diff.changed.length > 0) diffs.push(diff);
  }
  return diffs;
}

function diffAsMultisets(table: string, beforeRows: Row[], afterRows: Row[]): TableDiff {
  const remaining = new Map<string, number>();
  for (const row of afterRows) {
    const key = rowKey(row);
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  const removed: Row[] = [];
  for (const row of beforeRows) {
    const key = rowKey(row);
    const count = remaining.get(key) ?? 0;
    if (count > 0) remaining.set(key, count - 1);
    else removed.push(row);
  }
  // What is left in `remaining` was added; take those rows in their order.
  const added = afterRows.filter((row) => {
    const key = rowKey(row);
    const count = remaining.get(key) ?? 0;
    if (count === 0) return false;
    remaining.set(key, count - 1);
    return true;
  });
  return { table, added, removed, changed: [] };
}

/** undefined when the key columns do not identify rows (missing column, duplicate key). */
function diffByKey(table: string, beforeRows: Row[], afterRows: Row[], keyColumns: string[]): TableDiff | undefined {
  const beforeByKey = indexByKey(beforeRows, keyColumns);
  const afterByKey = indexByKey(afterRows, keyColumns);
  if (!beforeByKey || !afterByKey) return undefined;
  const diff: TableDiff = { table, added: [], removed: [], changed: [] };
  for (const [key, row] of beforeByKey) {
    const next = afterByKey.get(key);
    if (!next) {
      diff.removed.push(row);
      continue;
    }
    const columns = changedColumns(row, next);
    if (columns.length > 0) {
      const keyRow: Row = {};
      for (const column of keyColumns) setOwn(keyRow, column, row[column]);
      diff.changed.push({ key: keyRow, before: row, after: next, columns });
    }
  }
  for (const [key, row] of afterByKey) if (!beforeByKey.has(key)) diff.added.push(row);
  return diff;
}

function indexByKey(rows: Row[], keyColumns: string[]): Map<string, Row> | undefined {
  const index = new Map<string, Row>();
  for (const row of rows) {
    if (!keyColumns.every((column) => Object.hasOwn(row, column))) return undefined;
    const key = keyColumns.map((column) => valueKey(row[column])).join(',');
    if (index.has(key)) return undefined;
    index.set(key, row);
  }
  return index;
}

function changedColumns(before: Row, after: Row): string[] {
  const columns = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return columns.filter((column) => Object.hasOwn(before, column) !== Object.hasOwn(after, column) || valueKey(before[column]) !== valueKey(after[column]));
}
