// `npm run fuzz`: generates FUZZ_CASES (default 10,000) cases with fast-check from FUZZ_SEED and
// runs them in worker threads; a case past 10 s is a hang (its worker is ended and replaced).
// Prints `N cases, C crashes, H hangs, U unlocated`, the first failures to reproduce, and exits
// non-zero when any count is.
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { fuzzCase, type FuzzCase } from './cases';
import type { CaseResult } from './run-case';

const HANG_MS = 10_000;
const total = Number(process.env.FUZZ_CASES ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const threads = Number(process.env.FUZZ_THREADS ?? Math.max(1, Math.min(4, availableParallelism())));
const dir = mkdtempSync(path.join(tmpdir(), 'egostudio-fuzz-'));
process.env.XDG_CACHE_HOME = path.join(dir, 'cache'); // egostudio evaluate's score cache stays here

// Each case from its own seed (seed + index), generated when it runs: 10,000 cases with
// megabyte files would not fit in memory at once, and one case can be regenerated alone.
const caseAt = (index: number): FuzzCase => fc.sample(fuzzCase, { seed: seed + index, numRuns: 1 })[0]!;
const pending = new Map<number, FuzzCase>(); // running cases, to print a failing one
const counts = { crashes: 0, hangs: 0, unlocated: 0 };
const failures: string[] = [];
const short = (c: FuzzCase) => JSON.stringify(c, (_, v: unknown) => (typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}... (${v.length} chars)` : v));

function record(index: number, what: string, detail: string) {
  if (failures.length < 5) failures.push(`case ${index} (seed ${seed + index}): ${what}\n  ${detail.split('\n').slice(0, 6).join('\n  ')}\n  ${short(pending.get(index)!)}`);
}

let next = 0;
let done = 0;
const started = Date.now();

/** One worker: takes the next case, waits for its answer or the hang limit, and so on. */
function runWorker(): Promise<void> {
  return new Promise((resolve) => {
    let worker = spawn();
    let timer: NodeJS.Timeout | undefined;
    let running = -1;
    function spawn() {
      const w = new Worker(new URL('./case-worker.mjs', import.meta.url), { workerData: { dir } });
      w.on('message', (result: CaseResult & { index: number }) => {
        if (result.index !== running) return; // an escaped error after its case was answered
        clearTimeout(timer);
        if (result.crash) {
          counts.crashes++;
          record(result.index, 'crash', result.crash);
        }
        if (result.unlocated.length > 0) {
          counts.unlocated += result.unlocated.length;
          record(result.index, `${result.unlocated.length} unlocated`, JSON.stringify(result.unlocated.slice(0, 3)));
        }
        pending.delete(result.index);
        done++;
        if (done % 1000 === 0) process.stderr.write(`${done}/${total} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
        feed();
      });
      w.on('error', (error) => {
        counts.crashes++;
        record(running, 'worker died', String(error));
        pending.delete(running);
        done++;
        clearTimeout(timer);
        worker = spawn();
        feed();
      });
      return w;
    }
    function feed() {
      if (next >= total) {
        void worker.terminate().then(() => resolve());
        return;
      }
      running = next++;
      pending.set(running, caseAt(running));
      worker.postMessage({ index: running, fuzzCase: pending.get(running) });
      timer = setTimeout(() => {
        counts.hangs++;
        record(running, `hang: no answer in ${HANG_MS / 1000} s`, '');
        pending.delete(running);
        done++;
        const stuck = worker;
        worker = spawn();
        void stuck.terminate();
        feed();
      }, HANG_MS);
    }
    feed();
  });
}

await Promise.all(Array.from({ length: threads }, runWorker));
rmSync(dir, { recursive: true, force: true });
for (const failure of failures) process.stderr.write(`${failure}\n`);
process.stderr.write(`seed ${seed}, ${threads} thread(s), ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.stdout.write(`${total} cases, ${counts.crashes} crashes, ${counts.hangs} hangs, ${counts.unlocated} unlocated\n`);
process.exitCode = counts.crashes + counts.hangs + counts.unlocated > 0 ? 1 : 0;
