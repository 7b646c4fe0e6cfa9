// Prepared statements of tool steps, cached by SQL text and reused across calls.
import type { Database, ParamsObject, Statement, StatementIterator } from 'sql.js';
import { BoundedMap } from '../memo/bounded-map';
import type { SqlValue } from './types';
import { isWideInteger, widenedBindings, widenParameters, type WidenedStatement } from './wide-integers';

/** Decides which statements' rows may be remembered by their bound values (read-memo.ts). */
export interface ReadMemo {
  memoizable(sql: string): boolean;
}

/** What a step needs back from its statement. */
export type Collect = 'all' | 'first' | 'count';

export interface StatementOutput {
  columns: string[];
  /** All rows for 'all', at most the first for 'first', none for 'count'. */
  rows: SqlValue[][];
  rowCount: number;
  /**
   * Asked with `typeFirstRow`: the columns of the first row that hold a REAL with a whole value,
   * which JavaScript cannot tell from an INTEGER (4.0 and 4 are one number); empty without a row.
   */
  wholeReals?: ReadonlySet<number>;
}

/** How a statement runs beyond its values (`reals` and `typeFirstRow` serve `bind: true` steps, whose first row later steps bind). */
export interface RunOptions {
  /** Most rows 'all' may collect (more throw). */
  maxRows?: number;
  /** Names whose value (a whole number) is a REAL: bound as REAL, not as the INTEGER sql.js would bind. */
  reals?: ReadonlySet<string>;
  /** Say which columns of the first row are whole REALs (StatementOutput.wholeReals). */
  typeFirstRow?: boolean;
}

// These would end or nest the engine's own transaction (the seed and per-call savepoints), or,
// PRAGMA, change the connection in a way no rollback undoes (query_only, foreign_keys, ...): one
// call would then change every later run's results (SPEC §7: each run starts from the seed).
const NOT_IN_A_STEP = new Set(['BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE', 'ATTACH', 'DETACH', 'VACUUM', 'PRAGMA']);

// Named parameters as SQLite spells them. Matches inside string literals are harmless:
// names the statement does not hold are skipped by the binder.
const PARAMETER_TOKEN = /[:@$][A-Za-z0-9_\u0080-\uffff]+/g;

export class CachedStatement {
  /** Parameter tokens as written (`:qty`) with the names they bind (`qty`). */
  readonly parameters: ReadonlyArray<{ token: string; name: string }>;

  /** Outputs by collect mode and bound values, when the statement's rows depend on nothing else; callers never mutate them. */
  private readonly remembered: BoundedMap<string, StatementOutput> | null;
  /** Size of the last output run (sizeOf), for the choice to remember it. */
  private lastSize = 0;
  /** The form that binds integers past 32 bits as INTEGER and whole REALs as REAL (wide-integers.ts), prepared when first needed; null: no parameter to widen. */
  private widened: { statement: Statement; partners: WidenedStatement['partners'] } | null | undefined;

  constructor(
    readonly sql: string,
    private readonly statement: Statement,
    memoizable: boolean,
    /** Prepares another form of the statement in the same database (the widened one). */
    private readonly prepare: (sql: string) => Statement,
  ) {
    const tokens = new Set(sql.match(PARAMETER_TOKEN) ?? []);
    this.parameters = [...tokens].map((token) => ({ token, name: token.slice(1) }));
    this.remembered = memoizable ? new BoundedMap(20_000) : null;
  }

  /**
   * Run to completion with the given values (a name without a value binds NULL). Collecting more
   * than `maxRows` rows throws: they are all held in memory, and a crafted query can give billions.
   */
  run(valueOf: (name: string) => SqlValue | undefined, collect: Collect, options: RunOptions = {}): StatementOutput {
    const bindings: ParamsObject = {};
    let reals: Set<string> | null = null;
    for (const { token, name } of this.parameters) {
      const value = valueOf(name) ?? null;
      bindings[token] = value;
      if (options.reals?.has(name) && Number.isInteger(value)) (reals ??= new Set()).add(token);
    }
    if (!this.remembered) return this.execute(bindings, reals, collect, options);
    const valuesKey = bindingKey(this.parameters.map(({ token }) => bindings[token] as SqlValue), reals && this.parameters.map(({ token }) => reals.has(token)));
    if (valuesKey === null) return this.execute(bindings, reals, collect, options);
    const key = (options.typeFirstRow ? 't' : '') + collect + valuesKey;
    let output = this.remembered.get(key);
    if (output === undefined) {
      output = this.execute(bindings, reals, collect, options);
      // A big output is run again when asked again: 20,000 of them could fill the memory.
      if (this.lastSize <= REMEMBERED_SIZE) this.remembered.set(key, output);
    }
    return output;
  }

  private execute(given: ParamsObject, reals: ReadonlySet<string> | null, collect: Collect, { maxRows = Infinity, typeFirstRow = false }: RunOptions): StatementOutput {
    const { statement, bindings } = this.statementFor(given, reals);
    try {
      statement.bind(bindings);
      const rows: SqlValue[][] = [];
      let rowCount = 0;
      let size = 0;
      let wholeReals: Set<number> | undefined = typeFirstRow ? new Set() : undefined;
      this.lastSize = 0;
      while (statement.step()) {
        if (collect === 'all' && rows.length >= maxRows) throw new Error(`it returns more than ${maxRows.toLocaleString('en')} rows, the most a step may return`);
        if (collect === 'all' || (collect === 'first' && rowCount === 0)) {
          const row = statement.get();
          // A bound first row counts too: its columns go into later steps and messages.
          if ((size += sizeOf(row)) > MAX_STEP_SIZE) throw new Error(`it returns more than ${MAX_STEP_SIZE / (1 << 20)} MiB of values, the most a step may return`);
          if (rowCount === 0 && wholeReals) wholeReals = wholeRealColumns(statement, row);
          rows.push(row);
        }
        rowCount += 1;
      }
      this.lastSize = size;
      // The plain statement's names: a column named by its SQL text is not named by the widened form's.
      return { columns: this.statement.getColumnNames(), rows, rowCount, ...(wholeReals && { wholeReals }) };
    } finally {
      statement.reset(); // release read locks and bound memory even after an error
    }
  }

  /** The names of the columns the statement gives. */
  columns(): string[] {
    return this.statement.getColumnNames();
  }

  free(): void {
    this.statement.free();
    this.widened?.statement.free();
  }

  /**
   * The statement to run with these values: the widened form when one is an integer sql.js would
   * bind as REAL, or one of `reals` (tokens of whole REALs) that it would bind as INTEGER.
   */
  private statementFor(bindings: ParamsObject, reals: ReadonlySet<string> | null): { statement: Statement; bindings: ParamsObject } {
    let wide = reals !== null;
    for (const { token } of this.parameters) if (isWideInteger(bindings[token] as SqlValue)) wide = true;
    if (!wide) return { statement: this.statement, bindings };
    if (this.widened === undefined) {
      const rewritten = widenParameters(this.sql, this.parameters.map(({ token }) => token));
      try {
        this.widened = rewritten && { statement: this.prepare(rewritten.sql), partners: rewritten.partners };
      } catch {
        this.widened = null; // not expected (a parameter stands where an expression may): bound as before
      }
    }
    if (!this.widened) return { statement: this.statement, bindings };
    return { statement: this.widened.statement, bindings: widenedBindings(bindings as Record<string, SqlValue>, this.widened.partners, reals ?? NO_TOKENS) as ParamsObject };
  }
}

/**
 * Most a step's collected rows may hold, in characters of text and bytes of blobs (numbers count
 * 8): rows are held, and remembered, in memory, and a few rows of huge values (printf('%.*c',
 * 200000000, 'a')) ended the scoring thread, the host's with it, out of memory under the row cap.
 * 16 MiB is far above any tool result an agent reads.
 */
export const MAX_STEP_SIZE = 16 * (1 << 20);
/** Outputs up to this size are remembered (a statement keeps up to 20,000). */
const REMEMBERED_SIZE = 64 * 1024;

export function sizeOf(row: readonly SqlValue[]): number {
  let size = 0;
  for (const value of row) size += typeof value === 'string' ? value.length : value instanceof Uint8Array ? value.byteLength : 8;
  return size;
}

const NO_TOKENS: ReadonlySet<string> = new Set();

/**
 * The columns of the statement's current row (`row`, as read) that hold a REAL with a whole value.
 * Read again with INTEGERs as BigInts, which sql.js returns for INTEGER only: a whole number still
 * a number there is a REAL. Only rows holding a whole number are read twice.
 */
function wholeRealColumns(statement: Statement, row: readonly SqlValue[]): Set<number> {
  const columns = new Set<number>();
  if (!row.some((value) => Number.isInteger(value))) return columns;
  // sql.js's get takes this option; its typings (@types/sql.js 1.4) do not say so.
  const typed = (statement as unknown as { get(params: null, config: { useBigInt: true }): unknown[] }).get(null, { useBigInt: true });
  row.forEach((value, i) => {
    if (Number.isInteger(value) && typeof typed[i] === 'number') columns.add(i);
  });
  return columns;
}

/**
 * A memo key for bound values: numbers as JavaScript prints them (`r` after a whole REAL's, whose
 * text is an INTEGER's), text quoted; null when a value is a blob.
 */
function bindingKey(values: readonly SqlValue[], reals: readonly boolean[] | null): string | null {
  let key = '';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null) key += 'n,';
    else if (typeof value === 'number') key += reals?.[i] ? `${value}r,` : `${value},`;
    else if (typeof value === 'string') key += `${JSON.stringify(value)},`;
    else return null;
  }
  return key;
}

export class StatementCache {
  private readonly statements = new Map<string, CachedStatement>();

  constructor(
    private readonly db: Database,
    private readonly readMemo: ReadMemo | null = null,
  ) {}

  /** The prepared statement for one SQL statement; throws an Error when it cannot be prepared. */
  get(sql: string): CachedStatement {
    let cached = this.statements.get(sql);
    if (!cached) {
      const statement = this.prepareSingle(sql);
      cached = new CachedStatement(sql, statement, this.readMemo?.memoizable(sql) ?? false, (widened) => this.db.prepare(widened));
      this.statements.set(sql, cached);
    }
    return cached;
  }

  /** Why `sql` cannot be a step here (what get() would throw), or null; nothing is kept. */
  stepError(sql: string): string | null {
    try {
      this.prepareSingle(sql).free();
      return null;
    } catch (error) {
      return asError(error).message;
    }
  }

  freeAll(): void {
    for (const cached of this.statements.values()) cached.free();
    this.statements.clear();
  }

  private prepareSingle(sql: string): Statement {
    const keyword = firstKeyword(sql);
    if (NOT_IN_A_STEP.has(keyword)) throw new Error(`${keyword} is not allowed in a tool step`);
    assertSingleStatement(this.db, sql);
    try {
      return this.db.prepare(sql);
    } catch (error) {
      throw asError(error);
    }
  }
}

/** prepare() silently ignores what follows the first statement; a step must hold exactly one. */
function assertSingleStatement(db: Database, sql: string): void {
  const iterator = db.iterateStatements(sql);
  try {
    if (iterator.next().done) throw new Error('the step holds no SQL statement');
    if (!iterator.next().done) throw new Error('a step must hold exactly one SQL statement');
  } catch (error) {
    throw asError(error);
  } finally {
    closeIterator(iterator);
  }
}

/** Free an iterator that was not run to the end (sql.js implements the iterator `return`). */
export function closeIterator(iterator: StatementIterator): void {
  (iterator as StatementIterator & { return?: () => unknown }).return?.();
}

/** The first keyword, upper-cased, after leading blanks and comments. */
export function firstKeyword(sql: string): string {
  return (/^[A-Za-z]+/.exec(sql.slice(leadingBlanksAndComments(sql)))?.[0] ?? '').toUpperCase();
}

/** Length of the blanks, semicolons and comments that open the text. */
export function leadingBlanksAndComments(sql: string): number {
  let at = 0;
  for (;;) {
    while (at < sql.length && /[\s;]/.test(sql[at])) at += 1;
    if (sql.startsWith('--', at)) {
      const end = sql.indexOf('\n', at);
      at = end < 0 ? sql.length : end + 1;
    } else if (sql.startsWith('/*', at)) {
      const end = sql.indexOf('*/', at + 2);
      at = end < 0 ? sql.length : end + 2;
    } else {
      return at;
    }
  }
}

/** sql.js throws strings as well as Errors. */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
