// sql.js in the page's Web Workers (tool console, agreement, evaluation): started as every host
// starts it (shared/engine/sql-js-config.ts), its wasm served by Vite beside the bundle.
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { limitedSqlJs, SQL_JS_CONFIG } from '../../../shared/engine/sql-js-config';

let loading: Promise<SqlJsStatic> | undefined;

/** This worker's sql.js, started once (a failed start is tried again by the next call). */
export function workerSqlJs(): Promise<SqlJsStatic> {
  loading ??= initSqlJs({ ...SQL_JS_CONFIG, locateFile: () => wasmUrl })
    .then(limitedSqlJs)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
