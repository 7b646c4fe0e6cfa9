// Values sql.js cannot bind with their SQLite type. sql.js binds a number with sqlite3_bind_int
// when it is whole and fits 32 bits and with sqlite3_bind_double otherwise (its wasm build exports
// no bind_int64, and it binds a BigInt as text). So:
// - an integer past 32 bits reached SQLite as a REAL: an order number 3000000000 compared with a
//   TEXT column read '3000000000.0' and found no row, and stored in one it was that text. Python's
//   sqlite3, and SQLite's own semantics for an integer, bind it as INTEGER;
// - a REAL with a whole value that a `bind: true` step read (a price 4.0) went on to the later
//   steps as the INTEGER 4: `:price / 8` divided as integers (0, not 0.5), and a TEXT column stored
//   '4', not '4.0'. SPEC §3 binds "a column bound by an earlier step": its value, type and all.
// Such a value goes in beside its parameter and is cast back in SQL: the statement is run in a
// form where each parameter `:p` reads `(CASE WHEN :int IS NOT NULL THEN CAST(:int AS INTEGER)
// WHEN :real IS NOT NULL THEN CAST(:real AS REAL) ELSE :p END)`, the `int` partner holding an
// integer's digits, the `real` one a REAL's value (null otherwise). CASE, like a bare parameter,
// gives its value no affinity and no collation, so the statement compares and stores the value as
// it would one bound directly with its type; and SQLite takes it where it takes a parameter but
// refuses a function (a window frame's offset refuses COALESCE). The columns keep the plain
// statement's names (a column named by its SQL text would otherwise show the rewrite), and a
// statement with numbered parameters (`?`, `?2`) is not rewritten: partners would take their slots.
import type { SqlValue } from './types';

/** A whole number past 32 bits that still fits SQLite's 64-bit INTEGER. */
export function isWideInteger(value: SqlValue | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && (value > 0x7fffffff || value < -0x80000000) && Math.abs(value) < 2 ** 63;
}

/** What an identifier, keyword or parameter name is made of, as SQLite's tokenizer reads it. */
const ID_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;

/**
 * Parameters where SQLite's tokenizer sees them (outside strings, quoted names and comments): named
 * ones (`:p`, `@p`, `$p`) and numbered ones (`?`, `?2`).
 */
export function parameterSpans(sql: string): Array<{ start: number; end: number; token: string }> {
  const spans: Array<{ start: number; end: number; token: string }> = [];
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === '`') {
      // A doubled quote is one quote inside; an unterminated one runs to the end.
      i += 1;
      while (i < n && (sql[i] !== c || sql[i + 1] === c)) i += sql[i] === c ? 2 : 1;
      i += 1;
    } else if (c === '[') {
      const end = sql.indexOf(']', i + 1);
      i = end < 0 ? n : end + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i + 2);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if ((c === ':' || c === '@' || c === '$') && i + 1 < n && ID_CHAR.test(sql[i + 1])) {
      let end = i + 1;
      while (end < n && ID_CHAR.test(sql[end])) end += 1;
      spans.push({ start: i, end, token: sql.slice(i, end) });
      i = end;
    } else if (c === '?') {
      let end = i + 1;
      while (end < n && sql[end] >= '0' && sql[end] <= '9') end += 1;
      spans.push({ start: i, end, token: sql.slice(i, end) });
      i = end;
    } else if (ID_CHAR.test(c)) {
      // A word or number whole: a `$` inside one is part of it, not a parameter.
      while (i < n && ID_CHAR.test(sql[i])) i += 1;
    } else {
      i += 1;
    }
  }
  return spans;
}

export interface WidenedStatement {
  sql: string;
  /** Each parameter token rewritten, with the tokens of its partners: `int` carries a wide integer's digits, `real` a REAL's value. */
  partners: Map<string, Partners>;
}

export interface Partners {
  int: string;
  real: string;
}

/**
 * The statement with each of `tokens` (the parameters bound) read through its partners, or null
 * when none of them stands where SQLite reads a parameter, or numbered parameters share the slots.
 */
export function widenParameters(sql: string, tokens: readonly string[]): WidenedStatement | null {
  const bound = new Set(tokens);
  const all = parameterSpans(sql);
  if (all.some((span) => span.token.startsWith('?'))) return null;
  const spans = all.filter((span) => bound.has(span.token));
  if (spans.length === 0) return null;
  const partners = new Map<string, Partners>();
  const unused = (name: string) => {
    let token = name;
    while (sql.includes(token)) token += '_';
    return token;
  };
  for (const { token } of spans) {
    if (partners.has(token)) continue;
    partners.set(token, { int: unused(`:egostudio_int64_${partners.size}`), real: unused(`:egostudio_real_${partners.size}`) });
  }
  let out = '';
  let at = 0;
  for (const { start, end, token } of spans) {
    const { int, real } = partners.get(token)!;
    out += `${sql.slice(at, start)}(CASE WHEN ${int} IS NOT NULL THEN CAST(${int} AS INTEGER) WHEN ${real} IS NOT NULL THEN CAST(${real} AS REAL) ELSE ${token} END)`;
    at = end;
  }
  return { sql: out + sql.slice(at), partners };
}

/**
 * The widened statement's bindings: a wide integer as its `int` partner's digits, a value of
 * `reals` (tokens bound to a REAL) as its `real` partner, each with its own token null; every
 * other partner null.
 */
export function widenedBindings(bindings: Record<string, SqlValue>, partners: ReadonlyMap<string, Partners>, reals: ReadonlySet<string>): Record<string, SqlValue> {
  const out: Record<string, SqlValue> = { ...bindings };
  for (const [token, { int, real }] of partners) {
    const value = bindings[token];
    out[int] = null;
    out[real] = null;
    if (reals.has(token) && typeof value === 'number') {
      out[real] = value;
      out[token] = null;
    } else if (isWideInteger(value)) {
      out[int] = BigInt(value).toString();
      out[token] = null;
    }
  }
  return out;
}
