// Integers that sql.js cannot bind as INTEGER. sql.js binds a number with sqlite3_bind_int when it
// fits 32 bits and with sqlite3_bind_double otherwise (its wasm build exports no bind_int64, and it
// binds a BigInt as text), so an order number 3000000000 reached SQLite as the REAL 3000000000.0:
// compared with a TEXT column it reads '3000000000.0' and finds no row, and stored in one it is
// that text. Python's sqlite3, and SQLite's own semantics for an integer, bind it as INTEGER.
// Such a value goes in as text beside its parameter and is cast back in SQL: the statement is run
// in a form where each parameter `:p` reads `(CASE WHEN :partner IS NULL THEN :p ELSE CAST(:partner
// AS INTEGER) END)`, with the partner holding the integer's digits (null otherwise). CASE, like a
// bare parameter, gives its value no affinity and no collation, so the statement compares and
// stores the value as it would an INTEGER bound directly; and SQLite takes it where it takes a
// parameter but refuses a function (a window frame's offset refuses COALESCE). The columns keep
// the plain statement's names (a column named by its SQL text would otherwise show the rewrite),
// and a statement with numbered parameters (`?`, `?2`) is not rewritten: partners would take
// their slots.
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
  /** Each parameter token rewritten, with the token of the partner that carries a wide integer's digits. */
  partners: Map<string, string>;
}

/**
 * The statement with each of `tokens` (the parameters bound) read through its partner, or null
 * when none of them stands where SQLite reads a parameter, or numbered parameters share the slots.
 */
export function widenParameters(sql: string, tokens: readonly string[]): WidenedStatement | null {
  const bound = new Set(tokens);
  const all = parameterSpans(sql);
  if (all.some((span) => span.token.startsWith('?'))) return null;
  const spans = all.filter((span) => bound.has(span.token));
  if (spans.length === 0) return null;
  const partners = new Map<string, string>();
  for (const { token } of spans) {
    if (partners.has(token)) continue;
    let partner = `:egostudio_int64_${partners.size}`;
    while (sql.includes(partner)) partner += '_';
    partners.set(token, partner);
  }
  let out = '';
  let at = 0;
  for (const { start, end, token } of spans) {
    const partner = partners.get(token)!;
    out += `${sql.slice(at, start)}(CASE WHEN ${partner} IS NULL THEN ${token} ELSE CAST(${partner} AS INTEGER) END)`;
    at = end;
  }
  return { sql: out + sql.slice(at), partners };
}

/** The widened statement's bindings: a wide integer as its partner's digits (its own token null), every other partner null. */
export function widenedBindings(bindings: Record<string, SqlValue>, partners: ReadonlyMap<string, string>): Record<string, SqlValue> {
  const out: Record<string, SqlValue> = { ...bindings };
  for (const [token, partner] of partners) {
    const value = bindings[token];
    if (isWideInteger(value)) {
      out[partner] = BigInt(value).toString();
      out[token] = null;
    } else {
      out[partner] = null;
    }
  }
  return out;
}
