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
