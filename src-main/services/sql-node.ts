// sql.js for Node (main process, CLI, tests). The wasm file is located through the module
// resolver so the same code works from the source tree and from the esbuild bundle in out/cli/.
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { pathToFileURL } from 'node:url';
import type { SqlJsStatic } from 'sql.js';
import type initSqlJsType from 'sql.js';
import { limitedSqlJs, SQL_JS_CONFIG } from '../../shared/engine/sql-js-config';

const WASM_SPECIFIER = 'sql.js/dist/sql-wasm.wasm';

// sql.js is CommonJS. Imported from an ES module, Node first runs its CommonJS export lexer over
// the 47 KB file in every thread that loads it, and optimizes the lexer too: about 0.17 s of
// compiler time per thread in a scoring run (--trace-opt). require() loads it without that.
const initSqlJs = createRequire(moduleBase())('sql.js') as typeof initSqlJsType;

let loading: Promise<SqlJsStatic> | undefined;

/**
 * V8 flags of the threads that score, set before sql.js compiles (V8's flags are the process's,
 * its worker threads included; each thread that loads SQLite sets the same values, so they never
 * change after the first). Read when code is compiled, they change only what compiles after.
 * A V8 without a flag says so on stderr and goes on as before. The renderer's Web Workers
 * (Chromium) keep Chromium's defaults.
 * - `--liftoff-only`: SQLite's wasm runs on V8's baseline compiler (Liftoff) alone. Optimising its
 *   hot functions cost 0.7-0.8 s of compiler threads per scoring run for SQL only ~10% faster on
 *   scoring's short calls (perf, bench's distinct corpus, one thread: wasm code 433 samples at
 *   1 kHz with tier-up, 478 without; compiler 1,483 -> 900). The price: long SQL runs slower (a
 *   review measured a 150,000-row seed plus an 8 M-row recursive query 18% slower), so a seed
 *   near the hosts' 10 s limit gets nearer to it.
 * - `--max-inlined-bytecode-size-cumulative=150` (V8's default 920): each thread compiles its hot
 *   scoring functions afresh, and with the default budget TurboFan inlined whole call trees into
 *   each (perceptionVerdict, maxMatching, paperMetrics: 20-40 ms of compiler time per compile);
 *   that compiling was about a fifth of a two-thread scoring run's CPU. With this budget the
 *   bench's distinct corpus took 6-9% less CPU (alternating runs), repetitive 8% less, the
 *   egobench profile the same; a warm second pass in one process (steady state) no slower.
 */
const RUN_TIME_SCORING_FLAGS = ['--liftoff-only', '--max-inlined-bytecode-size-cumulative=150'];

/** sql.js, initialised once per process. */
export function loadSqlJs(): Promise<SqlJsStatic> {
  if (!loading) for (const flag of RUN_TIME_SCORING_FLAGS) setFlagsFromString(flag);
  loading ??= initSqlJs({ ...SQL_JS_CONFIG, locateFile: () => locateWasm() }).then(limitedSqlJs).catch((error: unknown) => {
    loading = undefined; // let a later call retry
    throw error;
  });
  return loading;
}

/** This module's URL; the working directory's when it has none (bundled to CommonJS). */
function moduleBase(): string {
  return typeof import.meta.url === 'string' && import.meta.url !== '' ? import.meta.url : pathToFileURL(path.join(process.cwd(), 'package.json')).href;
}

/** Resolve from this module first (bundle or source), then from the working directory. */
export function locateWasm(): string {
  const bases: string[] = [];
  // import.meta.url is missing when the file is bundled to CommonJS.
  if (typeof import.meta.url === 'string' && import.meta.url !== '') bases.push(import.meta.url);
  bases.push(pathToFileURL(path.join(process.cwd(), 'package.json')).href);
  for (const base of bases) {
    try {
      return createRequire(base).resolve(WASM_SPECIFIER);
    } catch {
      // try the next base
    }
  }
  throw new Error(`cannot find ${WASM_SPECIFIER} (looked from ${bases.join(' and ')})`);
}
