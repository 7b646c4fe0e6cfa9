// The EgoBench import's worker thread (in-worker.ts starts it): converts a release into a dataset
// folder off the calling thread, whose event loop a conversion held for seconds (the ground truths
// replayed through SQLite for the import's notes: ~4-8 s on the release). Built beside each
// bundle's entry: out/main/import-worker.js (electron.vite.config.ts), out/cli/import-worker.mjs (build-cli.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { importEgobench, ImportRefused, type ImportOptions } from './index';
import type { FromImportWorker } from './in-worker';

const { release, out, options } = workerData as { release: string; out: string; options: ImportOptions };
importEgobench(release, out, options).then(
  (result) => parentPort!.postMessage({ result } satisfies FromImportWorker),
  (error: unknown) =>
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error), refused: error instanceof ImportRefused } satisfies FromImportWorker),
);
