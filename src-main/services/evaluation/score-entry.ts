// How the score cache stores one trajectory file's records (score-cache.ts): a column per field
// instead of an object per record, every string once (a row's id appears in it twice, its task,
// model, mode, scenario and label in thousands of rows), and each row's evidence in a second
// part read only by callers that want it. As objects with field names, 40,000 records took 19 MB
// of JSON, a third of it evidence, parsed on every reopen after a restart; the studio's list shows
// no evidence (its replay computes it again for one trajectory at a time).
// The fields are not listed here: whatever a record or row holds is stored and comes back, so a
// field added to the scores is kept without a change here. Records are plain JSON data.
import type { LineRecord } from '../../../shared/eval/evaluate';
import type { Evidence } from '../../../shared/eval/profile';
import { setOwn } from '../../../shared/format/own-data';

/** One field of a table: its values (string fields as indexes into the entry's strings). */
interface Column {
  key: string;
  /** Every present value is a string: their indexes in `strings`. Else the values themselves. */
  strings?: number[];
  values?: unknown[];
  /** Indexes of the objects without this field (their place in the column holds 0). */
  absent?: number[];
}

/** Objects of one shape as columns, in the order their fields were first seen. */
interface Table {
  count: number;
  columns: Column[];
}

/** What the cache writes for one file, apart from the evidence. */
export interface StoredRecords {
  lineCount: number;
  strings: string[];
  records: Table;
  /** The rows of the records that have one (`rowOf`: the index of each row's record). */
  rowOf: number[];
  rows: Table;
}

/** [row index, evidence] of the rows whose evidence is not null, stored apart. */
export type StoredEvidence = [number, Evidence][];

/** The row field kept apart: a third of the bytes, wanted only for an export or the CLI's report. */
const APART = 'evidence';

class Strings {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();

  of(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) this.index.set(s, (i = this.list.push(s) - 1));
    return i;
  }
}

function encodeTable(objects: readonly object[], strings: Strings, leaveOut: ReadonlySet<string>): Table {
  const keys: string[] = [];
  const known = new Set<string>();
  for (const object of objects) {
    for (const key of Object.keys(object)) {
      if (!known.has(key) && !leaveOut.has(key)) keys.push(key);
      known.add(key);
    }
  }
  const columns = keys.map((key): Column => {
    const values = objects.map((o) => (o as Record<string, unknown>)[key]);
    // JSON leaves an undefined field out: absent, as the object read back from JSON would have it.
    const absent = values.flatMap((v, i) => (v === undefined ? [i] : []));
    const column: Column = { key, ...(absent.length > 0 ? { absent } : {}) };
    if (values.every((v) => v === undefined || typeof v === 'string')) column.strings = values.map((v) => (v === undefined ? 0 : strings.of(v as string)));
    else column.values = values.map((v) => (v === undefined ? 0 : v));
    return column;
  });
  return { count: objects.length, columns };
}

function decodeTable(table: Table, strings: readonly string[]): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = new Array(table.count);
  for (let i = 0; i < table.count; i++) objects[i] = {};
  for (const { key, strings: indexes, values, absent } of table.columns) {
    const skip = absent ? new Set(absent) : null;
    // A field named __proto__ would set the prototype: defined instead (no score has one today).
    const set = key === '__proto__' ? (o: Record<string, unknown>, v: unknown) => setOwn(o, key, v) : (o: Record<string, unknown>, v: unknown) => (o[key] = v);
    for (let i = 0; i < table.count; i++) {
      if (skip?.has(i)) continue;
      set(objects[i], indexes ? strings[indexes[i]] : values![i]);
    }
  }
  return objects;
}

/** The records as stored: the columns, and the evidence apart. */
export function encodeRecords(records: readonly LineRecord[], lineCount: number): { stored: StoredRecords; evidence: StoredEvidence } {
  const strings = new Strings();
  const rowOf: number[] = [];
  const rows: object[] = [];
  const evidence: StoredEvidence = [];
  records.forEach((record, i) => {
    if (!record.row) return;
    if (record.row.evidence !== null) evidence.push([rows.length, record.row.evidence]);
    rowOf.push(i);
    rows.push(record.row);
  });
  const stored: StoredRecords = {
    lineCount,
    strings: strings.list,
    records: encodeTable(records, strings, new Set(['row'])),
    rowOf,
    rows: encodeTable(rows, strings, new Set([APART])),
  };
  return { stored, evidence };
}

/** Whether parsed JSON has the shape encodeRecords gives (a damaged or foreign file is a miss). */
export function isStoredRecords(value: unknown): value is StoredRecords {
  const v = value as StoredRecords | null;
  const isTable = (t: Table | undefined) => typeof t?.count === 'number' && Array.isArray(t.columns);
  return typeof v?.lineCount === 'number' && Array.isArray(v.strings) && Array.isArray(v.rowOf) && isTable(v.records) && isTable(v.rows);
}

/**
 * The records again. Rows carry the evidence given, and null where none is given: pass the
 * stored evidence for the records as they were; without it every row's evidence is null.
 */
export function decodeRecords(stored: StoredRecords, evidence: StoredEvidence = []): LineRecord[] {
  const records = decodeTable(stored.records, stored.strings) as unknown as LineRecord[];
  const rows = decodeTable(stored.rows, stored.strings);
  for (const row of rows) row[APART] = null;
  for (const [i, value] of evidence) rows[i][APART] = value;
  stored.rowOf.forEach((recordIndex, i) => (records[recordIndex].row = rows[i] as unknown as LineRecord['row']));
  return records;
}
