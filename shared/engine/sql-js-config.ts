// How every host starts sql.js (Node's sql-node.ts and the renderer's workers), so that a scenario's
// SQL means the same everywhere, and what SQLite itself means by it (SPEC §2: the environments
// run on SQLite; a reference evaluator on Python's sqlite3 runs native SQLite).
// `useOldExtensionFunctions: false`: sql.js 1.x by default registers the old extension-functions.c
// over SQLite's own, so log(100) was the natural log 4.61 where SQLite's log() is base 10 (2),
// ceil(1.2) the INTEGER 2 where SQLite's is the REAL 2.0 ('2' against '2.0' as text), and
// functions SQLite lacks (reverse, stdev, padl, ...) ran. The option is read once per process.

import type { SqlJsConfig, SqlJsStatic } from 'sql.js';

/** Options of every initSqlJs call (spread before its own locateFile); sql.js's types do not name this one yet. */
export const SQL_JS_CONFIG: SqlJsConfig & { useOldExtensionFunctions: boolean } = { useOldExtensionFunctions: false };

/**
 * Most bytes SQLite may hold at once in one sql.js instance (each thread that loads sql.js has
 * its own SQLite and its own limit). A dataset's SQL is untrusted: without it one tool step
 * (`SELECT zeroblob(999000000)`, `printf('%.*c', 9e8, 'x')`) took 1.3-2 GB of a host's memory
 * before the time limit stopped it. Past the limit SQLite fails the statement with "out of
 * memory", as a tool call's SQL error or a seed's failure naming its file and line. Scenario
 * databases are in memory, so the limit bounds them too: 512 MiB is far above a seed the hosts'
 * 10 s limit lets through. SQLite lets SQL lower this limit (PRAGMA hard_heap_limit) but never
 * raise or remove it. sql.js exports no sqlite3_limit, so SQLITE_LIMIT_LENGTH stays at 1e9.
 */
export const SQLITE_HEAP_LIMIT_BYTES = 512 * 1024 * 1024;

/** A freshly started sql.js with SQLite's heap limited (SQLITE_HEAP_LIMIT_BYTES). */
export function limitedSqlJs(SQL: SqlJsStatic): SqlJsStatic {
  const db = new SQL.Database();
  try {
    db.exec(`PRAGMA hard_heap_limit = ${SQLITE_HEAP_LIMIT_BYTES}`);
  } finally {
    db.close();
  }
  return SQL;
}
