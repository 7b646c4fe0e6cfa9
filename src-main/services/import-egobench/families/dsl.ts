// Small builders for the tool behaviours the release's scenarios share: name look-ups,
// name lists, and the message of a write.
import type { Json, ToolStep } from '../../../../shared/format/types';
import type { ToolBehaviour } from './types';

/**
 * The release's fuzzy retrieval: a row matches when its name contains the query or the query
 * contains the name, ignoring case. instr() rather than LIKE so `%` and `_` in names are literal.
 */
export function fuzzyMatch(column: string, param: string): string {
  return `(instr(lower(${column}), lower(:${param})) > 0 OR instr(lower(:${param}), lower(${column})) > 0)`;
}

/** Kitchen's look-ups: the whole name, ignoring case. */
export function casefoldMatch(column: string, param: string): string {
  return `lower(${column}) = lower(:${param})`;
}

/** SQL that tests membership of a JSON-array column (tags, tastes, allergens). */
export function jsonArrayHas(column: string, param: string): string {
  return `EXISTS (SELECT 1 FROM json_each(${column}) WHERE lower(json_each.value) = lower(:${param}))`;
}

export interface LookupSpec {
  table: string;
  /** e.g. `product_name` */
  nameColumn: string;
  param: string;
  match: 'fuzzy' | 'casefold';
  /** Columns returned beside the name. */
  columns: string[];
  /** Key of the list in the result, e.g. `products`. */
  listKey: string;
  /** Message when nothing matches; `{param}` placeholders allowed. */
  notFound: string;
  /** Extra SQL condition (e.g. the restaurant). */
  where?: string;
}

/** A read tool that returns every row whose name matches, with a count, or an error when none does. */
export function lookupByName(spec: LookupSpec): ToolBehaviour {
  const matcher = spec.match === 'fuzzy' ? fuzzyMatch(spec.nameColumn, spec.param) : casefoldMatch(spec.nameColumn, spec.param);
  const where = spec.where ? `${matcher} AND ${spec.where}` : matcher;
  const columns = [spec.nameColumn, ...spec.columns].join(', ');
  return {
    effect: 'read',
    steps: [
      {
        as: 'rows',
        sql: `SELECT ${columns} FROM ${spec.table} WHERE ${where} ORDER BY rowid`,
        expect: 'some',
        error: spec.notFound,
      },
    ],
    returns: { [spec.listKey]: '$rows.rows', count: '$count.rows' },
  };
}

/** A read tool returning one column of a query as a list under `key`. */
export function listColumn(sql: string, key: string, column: string, extra: Record<string, Json> = {}): ToolBehaviour {
  return { effect: 'read', steps: [{ as: 'rows', sql }], returns: { ...extra, [key]: `$column.rows.${column}` } };
}

/** A read tool returning the rows of a query under `key`. */
export function listRows(sql: string, key: string, extra: Record<string, Json> = {}): ToolBehaviour {
  return { effect: 'read', steps: [{ as: 'rows', sql }], returns: { ...extra, [key]: '$rows.rows' } };
}

/** A write tool: its steps, then `{"status": "success", "message": ...}` (`{message}` may come from a bound step). */
export function write(steps: ToolStep[], message: string): ToolBehaviour {
  return { effect: 'write', steps, returns: { status: 'success', message } };
}

/** A guard step that fails the call (changing nothing) unless the condition holds. */
export function guard(condition: string, error: string): ToolStep {
  return { sql: `SELECT 1 WHERE ${condition}`, expect: 'one', error };
}

/** SQL quoting inside a message built by SQL: `'` || x || `'`. */
export const Q = "''''";

/**
 * Python's float() of a parameter that may be a string: numbers pass as they are, a numeric
 * string becomes REAL (`"2"` -> 2.0), any other string NULL (the release's tool then errors).
 * Numeric text is what JSON calls a number, with surrounding whitespace.
 */
export function pyFloat(param: string): string {
  const text = `trim(:${param})`;
  return `CASE WHEN typeof(:${param}) = 'text' THEN (CASE WHEN json_valid(${text}) AND json_type(${text}) IN ('integer', 'real') THEN CAST(${text} AS REAL) END) ELSE :${param} END`;
}

const NUMERIC = "('integer', 'real')";

/** Python's `a + b` of two values that may add (see `addable`): numbers add, strings concatenate. */
export function pyAdd(a: string, b: string): string {
  return `CASE WHEN typeof(${a}) IN ${NUMERIC} THEN ${a} + ${b} ELSE ${a} || ${b} END`;
}

/** Whether Python can `a + b`: two numbers or two strings (else it raises TypeError). */
export function addable(a: string, b: string): string {
  return `((typeof(${a}) IN ${NUMERIC} AND typeof(${b}) IN ${NUMERIC}) OR (typeof(${a}) = 'text' AND typeof(${b}) = 'text'))`;
}

/** A step that fails the call, changing nothing, unless the value is a number (Python raises on `'2' <= 0`). */
export function numberGuard(param: string, error = "'<=' not supported between instances of 'str' and 'int'"): ToolStep {
  return { sql: `SELECT 1 WHERE typeof(:${param}) IN ${NUMERIC}`, expect: 'one', error };
}

/**
 * Python's str() of a value, as the release's messages print it: a float keeps its `.0` (`5.0`,
 * from a REAL column or expression), an int prints as an int, text as itself.
 */
export function pyStr(value: string): string {
  return `CASE typeof(${value}) WHEN 'real' THEN (CASE WHEN ${value} = CAST(${value} AS INTEGER) AND abs(${value}) < 1e16 THEN printf('%d.0', ${value}) ELSE CAST(${value} AS TEXT) END) ELSE CAST(${value} AS TEXT) END`;
}

/**
 * A read tool whose whole result is the JSON one SQL statement builds (column `result`), for the
 * release's nested results: objects keyed by the names found, lists of objects. `error` (with
 * `expect: 'some'`) fails the call when the statement finds no row.
 */
export function jsonRead(sql: string, error?: string): ToolBehaviour {
  return { effect: 'read', steps: [{ as: 'r', sql, ...(error ? { expect: 'some' as const, error } : {}) }], returns: '$json.r.result' };
}
