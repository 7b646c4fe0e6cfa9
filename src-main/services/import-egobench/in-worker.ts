// Runs importEgobench in a worker thread (import-worker.ts), so the thread that asks for an import
// (the desktop app's main process, whose IPC, protocols and menus wait on it; the CLI, which must
// answer Ctrl+C) keeps answering while the release is converted.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ImportRefused, type ImportOptions, type ImportResult } from './index';

/** What the worker sends back: the result, or its error's message (ImportRefused said as such). */
export type FromImportWorker = { result: ImportResult } | { error: string; refused: boolean };

/** The import was cancelled (its signal aborted): the worker was ended midway. */
export class ImportCancelled extends Error {
  constructor() {
    super('the import was cancelled');
  }
}

/**
 * The import worker of the bundle running this code, built beside the bundle's entry:
 * out/main/import-worker.js in the desktop app (a module its entries share goes in out/main/chunks/,
 * one folder down), out/cli/import-worker.mjs for the CLI. From the sources (tests): the CLI's build.
 */
export function importWorkerUrl(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('../../../out/cli/import-worker.mjs', here);
  const name = here.endsWith('.mjs') ? 'import-worker.mjs' : 'import-worker.js';
  return new URL(new URL('.', here).pathname.endsWith('/chunks/') ? `../${name}` : `./${name}`, here);
}

export interface InWorkerOptions {
  /** Default: importWorkerUrl(). */
  workerUrl?: URL;
  /** Aborted: the worker is ended and the import rejects with ImportCancelled. */
  signal?: AbortSignal;
}

/** importEgobench(release, out, options), run in a worker thread; its errors as importEgobench throws them. */
export function importInWorker(release: string, out: string, options: ImportOptions = {}, { workerUrl = importWorkerUrl(), signal }: InWorkerOptions = {}): Promise<ImportResult> {
  if (workerUrl.protocol === 'file:' && !existsSync(fileURLToPath(workerUrl))) {
    return Promise.reject(new Error(`the EgoBench import's worker is missing: ${fileURLToPath(workerUrl)} (build the app again: npm run build)`));
  }
  if (signal?.aborted) return Promise.reject(new ImportCancelled());
  return new Promise<ImportResult>((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: { release, out, options } });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', cancel);
      outcome();
    };
    // Ended before anything more is written: the caller removes what was (new-folder.ts).
    const cancel = () => void worker.terminate().then(() => settle(() => reject(new ImportCancelled())));
    signal?.addEventListener('abort', cancel, { once: true });
    worker.on('message', (message: FromImportWorker) =>
      settle(() => ('result' in message ? resolve(message.result) : reject(message.refused ? new ImportRefused(message.error) : new Error(message.error)))),
    );
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(signal?.aborted ? new ImportCancelled() : new Error(`the EgoBench import's worker ended (exit code ${code})`))));
  });
}
