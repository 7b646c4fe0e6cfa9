// A worker thread of `npm run fuzz`: runs the cases it is sent, one at a time, and answers with
// each result. The main thread ends it when a case takes more than the hang limit.
import { parentPort, workerData } from 'node:worker_threads';
import path from 'node:path';
import type { FuzzCase } from './cases';
import { runCase } from './run-case';

const { dir } = workerData as { dir: string };
let current = -1;

// An exception nobody awaited is a crash of the case that was running.
const escaped = (error: unknown) => parentPort!.postMessage({ index: current, crash: `escaped: ${error instanceof Error ? error.stack : String(error)}`, unlocated: [] });
process.on('uncaughtException', escaped);
process.on('unhandledRejection', escaped);

parentPort!.on('message', async ({ index, fuzzCase }: { index: number; fuzzCase: FuzzCase }) => {
  current = index;
  const result = await runCase(path.join(dir, `case-${index}`), fuzzCase);
  parentPort!.postMessage({ index, ...result });
});
