// The trajectory list's view over 100,000 rows without a long frame: each column's values become
// numbers once (typed arrays, extended as streamed rows arrive), each column's sorted order is
// computed once per rows array and direction, and a view (filters + sort) is one pass over typed
// arrays giving row indexes. Same results as filterRows/sortRows in listModel.ts (a test compares).
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { columnIds, columns, parseNumberFilter, type ColumnId, type Filters, type SortSpec } from '../listModel';
import { sortedOrders } from './sortOrder';

/** One column's values as numbers: numbers as they are, booleans 0/1, text as an id into `texts`. */
interface ColumnKeys {
  /** Per row. */
  keys: Float64Array;
  /** Text columns: the distinct values, in order of first appearance (ids), and their ids by text. */
  texts: string[] | null;
  idOf: Map<string, number> | null;
  /** How many rows are keyed (the array has room for more). */
  length: number;
}

const isText = (column: ColumnId) => columns[column].kind === 'choice' || columns[column].kind === 'text';

/** Keys rows [previous.length, end) of the column (all rows by default), on top of the previous keys. */
function keyRows(column: ColumnId, rows: readonly TrajectoryRow[], previous: ColumnKeys | undefined, end = rows.length): ColumnKeys {
  const from = previous?.length ?? 0;
  let keys = previous?.keys ?? new Float64Array(0);
  if (keys.length < rows.length) {
    // Room for the rows still to stream in without copying at every batch.
    const grown = new Float64Array(Math.max(rows.length, Math.ceil(keys.length * 1.5)));
    grown.set(keys.subarray(0, from));
    keys = grown;
  }
  const { value } = columns[column];
  if (!isText(column)) {
    for (let i = from; i < end; i++) keys[i] = Number(value(rows[i]));
    return { keys, texts: null, idOf: null, length: end };
  }
  const texts = previous?.texts ?? [];
  const idOf = previous?.idOf ?? new Map<string, number>();
  for (let i = from; i < end; i++) {
    const text = String(value(rows[i]));
    let id = idOf.get(text);
    if (id === undefined) {
      id = texts.length;
      texts.push(text);
      idOf.set(text, id);
    }
    keys[i] = id;
  }
  return { keys, texts, idOf, length: end };
}

/** Code-unit order, as listModel's sort compares text. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts keys off the main thread (a worker) and resolves with both orders; sync where there is no worker. */
export type OrderSorter = (keys: Float64Array) => Promise<{ ascending: Int32Array; descending: Int32Array }>;

/** A row test over the column's keys, or null when the filter is empty or not understood (ignored). */
function keyTest(column: ColumnId, filter: string, keys: ColumnKeys): ((key: number) => boolean) | null {
  if (filter.trim() === '') return null;
  switch (columns[column].kind) {
    case 'choice': {
      const id = keys.idOf!.get(filter) ?? -1;
      return (key) => key === id;
    }
    case 'text': {
      // Decided once per distinct value, then looked up per row. `=value`: that value exactly (as listModel).
      const exact = /^=(.+)$/.exec(filter.trim())?.[1];
      const needle = filter.trim().toLowerCase();
      const matches = Uint8Array.from(keys.texts!, (text) => ((exact !== undefined ? text === exact : text.toLowerCase().includes(needle)) ? 1 : 0));
      return (key) => matches[key] === 1;
    }
    case 'boolean': {
      if (filter !== 'yes' && filter !== 'no') return null;
      const want = filter === 'yes' ? 1 : 0;
      return (key) => key === want;
    }
    case 'number':
      return parseNumberFilter(filter);
  }
}

/**
 * One rows array's keys and orders. `next(rows)` gives the index for a longer (streamed) or
 * different rows array, reusing the keys of the rows they share.
 */
export class ListIndex {
  private readonly keyCache = new Map<ColumnId, ColumnKeys>();
  private readonly orderCache = new Map<ColumnId, { ascending: Int32Array; descending: Int32Array }>();
  private readonly failedSorts = new Set<ColumnId>();
  private readonly pendingOrders = new Map<ColumnId, Promise<{ ascending: Int32Array; descending: Int32Array }>>();

  constructor(readonly rows: readonly TrajectoryRow[]) {}

  /** The index for `rows`: this one's keys carry over when `rows` starts with this index's rows. */
  next(rows: readonly TrajectoryRow[]): ListIndex {
    if (rows === this.rows) return this;
    const next = new ListIndex(rows);
    // Carried keys are extended in place (their distinct texts too): never those of an empty index,
    // which has none to give and may be shown again (each evaluation starts from one empty array),
    // and would then list a model of the last evaluation that this one no longer has.
    if (this.rows.length > 0 && next.continues(this)) for (const [column, keys] of this.keyCache) next.keyCache.set(column, keys);
    return next;
  }

  private columnKeys(column: ColumnId): ColumnKeys {
    let keys = this.keyCache.get(column);
    if (!keys || keys.length !== this.rows.length) {
      keys = keyRows(column, this.rows, keys);
      this.keyCache.set(column, keys);
    }
    return keys;
  }

  /**
   * Keys up to `count` more rows of the column (the rest when asked for); true when every row is
   * keyed. Lets idle time key a column in slices instead of one long task.
   */
  keySome(column: ColumnId, count: number): boolean {
    const keys = this.keyCache.get(column);
    const done = keys?.length ?? 0;
    if (done >= this.rows.length) return true;
    this.keyCache.set(column, keyRows(column, this.rows, keys, Math.min(this.rows.length, done + count)));
    return done + count >= this.rows.length;
  }

  /** The distinct values of a text column, sorted (a choice column's filter menu). */
  distinct(column: ColumnId): string[] {
    const keys = this.columnKeys(column);
    return keys.texts ? [...keys.texts].sort() : [];
  }

  /** Whether the column's sorted order is at hand (else `order` sorts now, or `prepareOrder` in the background). */
  hasOrder(sort: SortSpec): boolean {
    return this.orderCache.has(sort.column);
  }

  /** Whether the background sort of the column failed (then `order` sorts in place). */
  sortFailed(sort: SortSpec | null): boolean {
    return sort !== null && this.failedSorts.has(sort.column);
  }

  /** Whether this index's rows start with `other`'s rows (its row indexes still point at the same rows). */
  continues(other: ListIndex): boolean {
    const n = other.rows.length;
    return this.rows.length >= n && (n === 0 || (this.rows[0] === other.rows[0] && this.rows[n - 1] === other.rows[n - 1]));
  }

  /** The column's keys as sort keys: text ids become their rank in code-unit order. */
  private sortKeys(column: ColumnId): Float64Array {
    const columnKeys = this.columnKeys(column);
    return columnKeys.texts ? rankKeys(columnKeys) : columnKeys.keys.slice(0, this.rows.length);
  }

  /** Row indexes sorted on the column, stably; both directions computed once and kept. */
  order(sort: SortSpec): Int32Array {
    let orders = this.orderCache.get(sort.column);
    if (!orders) {
      orders = sortedOrders(this.sortKeys(sort.column));
      this.orderCache.set(sort.column, orders);
    }
    return sort.direction === 'asc' ? orders.ascending : orders.descending;
  }

  /** Sorts the column with `sorter` (a worker) unless its order is at hand; `order` then answers at once. */
  async prepareOrder(sort: SortSpec, sorter: OrderSorter): Promise<void> {
    if (this.orderCache.has(sort.column)) return;
    const pending = this.pendingOrders.get(sort.column) ?? sorter(this.sortKeys(sort.column));
    this.pendingOrders.set(sort.column, pending);
    try {
      this.orderCache.set(sort.column, await pending);
    } catch (error) {
      this.failedSorts.add(sort.column);
      throw error;
    } finally {
      this.pendingOrders.delete(sort.column);
    }
  }

  /** Indexes of the rows that pass the filters and the dialogue search (ids), in the sort's order. */
  view(filters: Filters, searchIds: ReadonlySet<string> | null, sort: SortSpec | null): Int32Array {
    const tests: { keys: Float64Array; test: (key: number) => boolean }[] = [];
    for (const column of columnIds) {
      const filter = filters[column] ?? '';
      if (filter.trim() === '') continue;
      const keys = this.columnKeys(column);
      const test = keyTest(column, filter, keys);
      if (test) tests.push({ keys: keys.keys, test });
    }
    const n = this.rows.length;
    const order = sort ? this.order(sort) : null;
    const out = new Int32Array(n);
    let count = 0;
    for (let j = 0; j < n; j++) {
      const i = order ? order[j] : j;
      let pass = searchIds === null || searchIds.has(this.rows[i].id);
      for (let t = 0; pass && t < tests.length; t++) pass = tests[t].test(tests[t].keys[i]);
      if (pass) out[count++] = i;
    }
    return out.subarray(0, count);
  }
}

/** Text ids turned into their rank in code-unit order, so that ascending keys sort as text does. */
function rankKeys(columnKeys: ColumnKeys): Float64Array {
  const texts = columnKeys.texts!;
  const rankOfId = new Float64Array(texts.length);
  texts
    .map((text, id) => ({ text, id }))
    .sort((a, b) => byCodeUnits(a.text, b.text))
    .forEach(({ id }, rank) => (rankOfId[id] = rank));
  const ranks = new Float64Array(columnKeys.length);
  for (let i = 0; i < ranks.length; i++) ranks[i] = rankOfId[columnKeys.keys[i]];
  return ranks;
}
