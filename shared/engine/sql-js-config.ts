// How every host starts sql.js (Node's sql-node.ts and the renderer's workers), so that a scenario's
// SQL means the same everywhere, and what SQLite itself means by it (SPEC §2: the environments
// run on SQLite; a reference evaluator on Python's sqlite3 runs native SQLite).
// `useOldExtensionFunctions: false`: sql.js 1.x by default registers the old extension-functions.c
// over SQLite's own, so log(100) was the natural log 4.61 where SQLite's log() is base 10 (2),
// ceil(1.2) the INTEGER 2 where SQLite's is the REAL 2.0 ('2' against '2.0' as text), and
// functions SQLite lacks (reverse, stdev, padl, ...) ran. The option is read once per process.

import type { SqlJsConfig } from 'sql.js';

/** Options of every initSqlJs call (spread before its own locateFile); sql.js's types do not name this one yet. */
export const SQL_JS_CONFIG: SqlJsConfig & { useOldExtensionFunctions: boolean } = { useOldExtensionFunctions: false };
