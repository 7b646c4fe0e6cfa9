// Building the seed database and the questions asked of it (SPEC §2, §8.1 x-match, §9 grounding).
import type { Database } from 'sql.js';
import { asError, closeIterator, firstKeyword, leadingBlanksAndComments } from './statements';
import { SQLITE_HEAP_LIMIT_BYTES } from './sql-js-config';
import type { SqlValue } from './types';

export type SeedFile = 'schema.sql' | 'data.sql';

/**
 * Told before each statement of a seed script runs: its file, and where its text (with the blanks
 * and comments before it) starts there. A watchdog that ends a seed running too long names the line.
 */
export type SeedProgress = (file: SeedFile, offset: number) => void;

/** The line of a script where the statement whose text starts at `offset` begins (past blanks and comments). */
export function statementLine(sql: string, offset: number): number {
  const start = offset + leadingBlanksAndComments(sql.slice(offset));
  return sql.slice(0, start).split('\n').length;
}

/**
 * Run a multi-statement script; an Error names the scenario, the file, the line and the
 * failing statement, e.g. `scenario "shop": data.sql line 3 failed at "INSERT ...": no such table: x`.
 */
export function runScript(db: Database, sql: string, scenarioId: string, fileName: SeedFile, onStatement?: SeedProgress, pragmasOutsideTransaction = false): void {
  const iterator = db.iterateStatements(sql);
  let consumed = 0; // length of the script before the statement being prepared or run
  let current: string | undefined; // the statement being run; undefined while preparing the next
  try {
    for (const statement of iterator) {
      current = statement.getSQL(); // the statement's text with the blanks and comments before it
      onStatement?.(fileName, consumed);
      if (pragmasOutsideTransaction && firstKeyword(current) === 'PRAGMA') {
        // Run between the caller's transaction's parts, prepared afresh there: SQLite decides
        // foreign_keys when it compiles the pragma, and ignores it inside a transaction.
        db.run('COMMIT');
        try {
          db.run(current);
        } finally {
          db.run('BEGIN');
        }
      } else {
        while (statement.step()) {
          // a script's SELECT rows are not needed
        }
      }
      consumed += current.length;
      current = undefined;
    }
  } catch (error) {
    // A statement that did not prepare has no known end: show it up to its first semicolon.
    const failing = current ?? iterator.getRemainingSQL().replace(/;[^]*$/, ';');
    const start = consumed + leadingBlanksAndComments(failing);
    const line = sql.slice(0, start).split('\n').length;
    throw new Error(`scenario "${scenarioId}": ${fileName} line ${line} failed at ${excerpt(sql.slice(start, consumed + failing.length))}: ${sqliteMessage(error)}`, { cause: error });
  } finally {
    closeIterator(iterator);
  }
}

function excerpt(sql: string): string {
  const oneLine = sql.trim().replace(/\s+/g, ' ');
  return `"${oneLine.length > 160 ? `${oneLine.slice(0, 160)}…` : oneLine}"`;
}

/** SQL identifier quoting. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function queryRows(db: Database, sql: string): SqlValue[][] {
  const result = db.exec(sql);
  return result.length > 0 ? result[0].values : [];
}

interface ColumnInfo {
  name: string;
  /** 1-based position in the primary key, 0 when not part of it. */
  pk: number;
}

interface EntityCandidate {
  rowid: number;
  lowered: string;
}

/**
 * Facts about the seed database, each computed once. Every query runs on `seedDb()`, which the
 * engine guarantees to be in the seed state at the time it is called.
 */
export class SeedCatalog {
  private tables: Map<string, string> | undefined; // lower-cased name -> name as declared
  private views: Set<string> | undefined;
  private readonly columns = new Map<string, ColumnInfo[]>();
  private textValues: Set<string> | undefined;
  private readonly entityCandidates = new Map<string, EntityCandidate[]>();

  /** `inSeed` runs a read of the database in its seed state (the engine may have writes applied). */
  constructor(private readonly inSeed: <T>(read: (db: Database) => T) => T) {}

  /** The table's name as declared (SQLite names are case-insensitive), or undefined. */
  tableNamed(name: string): string | undefined {
    return this.tableNames().get(name.toLowerCase());
  }

  /** Whether NAME (any case) is a view rather than a table. */
  isView(name: string): boolean {
    const declared = this.tableNamed(name);
    return declared !== undefined && this.views!.has(declared);
  }

  private tableNames(): Map<string, string> {
    if (!this.tables) {
      const rows = this.inSeed((db) => queryRows(db, "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"));
      this.tables = new Map(rows.map(([n]) => [String(n).toLowerCase(), String(n)]));
      this.views = new Set(rows.filter(([, type]) => type === 'view').map(([n]) => String(n)));
    }
    return this.tables;
  }

  columnsOf(table: string): ColumnInfo[] {
    const declared = this.tableNamed(table);
    if (declared === undefined) return [];
    let info = this.columns.get(declared);
    if (!info) {
      const rows = this.inSeed((db) => queryRows(db, `SELECT name, pk FROM pragma_table_info(${quoteLiteral(declared)}) ORDER BY cid`));
      info = rows.map(([name, pk]) => ({ name: String(name), pk: Number(pk) }));
      this.columns.set(declared, info);
    }
    return info;
  }

  /** Whether TABLE has COLUMN (names in any case, as entityMatches looks them up). */
  hasColumn(table: string, column: string): boolean {
    const lowered = column.toLowerCase();
    return this.columnsOf(table).some((c) => c.name.toLowerCase() === lowered);
  }

  /** Primary-key columns in key order; [] for an unknown table or one keyed by rowid alone. */
  primaryKeys(table: string): string[] {
    return this.columnsOf(table)
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
  }

  /** Every TEXT cell of every table. */
  seedTextValues(): Set<string> {
    if (!this.textValues) {
      const values = new Set<string>();
      this.inSeed((db) => {
        const tables = queryRows(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
        for (const [table] of tables) {
          for (const row of queryRows(db, `SELECT * FROM ${quoteIdentifier(String(table))}`)) {
            for (const cell of row) if (typeof cell === 'string') values.add(cell);
          }
        }
      });
      this.textValues = values;
    }
    return this.textValues;
  }

  /**
   * Row ids of seed rows whose COLUMN and s contain one another, case-insensitively
   * (NULL cells never match). An unknown table or column matches nothing. Tables without
   * a rowid (WITHOUT ROWID, views) number their rows from 1 in scan order instead.
   */
  entityMatches(table: string, column: string, s: string): Set<number> {
    const needle = s.toLowerCase();
    const matches = new Set<number>();
    for (const candidate of this.candidates(table, column)) {
      if (candidate.lowered.includes(needle) || needle.includes(candidate.lowered)) matches.add(candidate.rowid);
    }
    return matches;
  }

  private candidates(table: string, column: string): EntityCandidate[] {
    const declaredTable = this.tableNamed(table);
    const declaredColumn = declaredTable === undefined ? undefined : this.columnsOf(declaredTable).find((c) => c.name.toLowerCase() === column.toLowerCase())?.name;
    if (declaredTable === undefined || declaredColumn === undefined) return [];
    const key = `${declaredTable}\u0000${declaredColumn}`;
    let list = this.entityCandidates.get(key);
    if (!list) {
      // CAST renders numbers the way SQLite's lower() would see them (1.0 stays "1.0").
      const value = `CAST(${quoteIdentifier(declaredColumn)} AS TEXT)`;
      const from = quoteIdentifier(declaredTable);
      const rows = this.inSeed((db): SqlValue[][] => {
        try {
          return queryRows(db, `SELECT rowid, ${value} AS v FROM ${from} WHERE v IS NOT NULL ORDER BY rowid`);
        } catch {
          return queryRows(db, `SELECT n, v FROM (SELECT row_number() OVER () AS n, ${value} AS v FROM ${from}) WHERE v IS NOT NULL`);
        }
      });
      list = rows.map(([rowid, text]) => ({ rowid: Number(rowid), lowered: String(text).toLowerCase() }));
      this.entityCandidates.set(key, list);
    }
    return list;
  }
}

export function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** SQLite's message, with the limit named when it ran out of memory (sql-js-config.ts). */
function sqliteMessage(error: unknown): string {
  const message = asError(error).message;
  return message === 'out of memory' ? `out of memory (SQLite may hold at most ${SQLITE_HEAP_LIMIT_BYTES / (1024 * 1024)} MiB in each thread)` : message;
}
