// Scoring worker thread (`egostudio evaluate` and the studio hosts): starts SQLite, takes the
// dataset the main thread loaded, then reads and scores the file chunks the pool assigns. With a
// watch buffer, every seed and call is stamped there so the pool can end this thread when one
// runs past its time limit (watchdog.ts).
import { parentPort } from 'node:worker_threads';
import type { LoadedDataset } from '../../../shared/format/loader';
import { restoreGroundTruthMarks, type GroundTruthMarks } from '../../../shared/format/whole-reals';
import { runFolderJob, type FolderJob } from '../watched-job';
import { loadSqlJs } from '../sql-node';
import { batchEvaluator, type BatchEvaluator } from './batch-evaluator';
import type { FileChunk } from './file-chunks';
import type { LaneJob } from './lanes';
import { lineWatch, seedStamps, watchedEngines, type BlockedScenario } from './watchdog';

type Blocked = [string, BlockedScenario][];
/** Keys of calls given up on, by scenario (worker-pool.ts). */
type BlockedCalls = [string, string[]][];
/** Trajectory lines given up on: lineKey and what each says. */
type BlockedLines = [string, string][];
type GivenUp = { blocked: Blocked; blockedCalls: BlockedCalls; blockedLines: BlockedLines };
type Message =
  | ({ dataset: LoadedDataset; scenarioIds: string[]; groundTruthMarks: GroundTruthMarks; watch?: SharedArrayBuffer } & GivenUp)
  | GivenUp
  | { id: number; chunk: FileChunk; lane?: LaneJob }
  | { id: number; engines: true }
  /** Whole-folder jobs (the audit, agreement) run here too, watched by the thread that sent them (watched-job.ts). */
  | { job: FolderJob; watch: SharedArrayBuffer; blocked?: Blocked };

const sqlReady = loadSqlJs();
let evaluator: Promise<BatchEvaluator> | undefined;
/** The job being run; the next one starts when it ends, whatever its outcome. */
let working: Promise<unknown> = Promise.resolve();
/** Scenarios the pool gave up on; updated in place while this worker runs. */
const blocked = new Map<string, BlockedScenario>();
/** Calls the pool gave up on (keys by scenario); updated in place too. */
const blockedCalls = new Map<string, Set<string>>();
/** Trajectory lines the pool gave up on; updated in place too. */
const blockedLines = new Map<string, string>();

parentPort!.on('message', (message: Message) => {
  if ('job' in message) {
    runFolderJob(message.job, message.watch, message.blocked);
    return;
  }
  if ('blocked' in message) {
    // The pool's whole list each time (empty when a kept worker's next evaluation starts).
    blocked.clear();
    message.blocked.forEach(([id, why]) => blocked.set(id, why));
    blockedCalls.clear();
    message.blockedCalls.forEach(([id, keys]) => blockedCalls.set(id, new Set(keys)));
    blockedLines.clear();
    message.blockedLines.forEach(([key, why]) => blockedLines.set(key, why));
  }
  if ('dataset' in message) {
    // A kept worker's next evaluation (kept-workers.ts): the previous dataset's engines are closed
    // once its last job is done; its compiled code and content-keyed memos stay warm.
    const { dataset, scenarioIds, watch } = message;
    restoreGroundTruthMarks(dataset.groundTruth, message.groundTruthMarks);
    const previous = evaluator;
    evaluator = working
      .then(() => previous?.then((e) => e.close(), () => undefined))
      .then(() => sqlReady)
      .then((SQL) =>
        watch
          ? batchEvaluator(dataset, SQL, (engines) => watchedEngines(engines, watch, scenarioIds, blocked, dataset.scenarios, blockedCalls), seedStamps(watch), lineWatch(watch, blockedLines))
          : batchEvaluator(dataset, SQL),
      );
    return;
  }
  if (!('id' in message)) return;
  const { id } = message;
  if (!evaluator) {
    parentPort!.postMessage({ id, error: 'the worker has no dataset yet' });
    return;
  }
  // One job at a time: the pool keeps a second one waiting here, so the worker never waits for
  // the pool, but two chunks scored at once would only interleave (and mix their memo figures).
  const ready = evaluator;
  const job = working.then(() => ready).then((e): Promise<unknown> | unknown => ('chunk' in message ? e.evaluateChunk(message.chunk, message.lane) : buildAll(e)));
  working = job.catch(() => undefined);
  job.then(
    (result) => parentPort!.postMessage({ id, result }),
    (error: Error) => parentPort!.postMessage({ id, error: error.message }),
  );
});
await sqlReady;
parentPort!.postMessage({ ready: true });

/** Builds every scenario's engine, so a broken seed is reported whoever scores its runs. */
function buildAll(evaluator: BatchEvaluator) {
  for (const id of evaluator.dataset.scenarios.keys()) evaluator.engines(id);
  return { engineProblems: evaluator.engineProblems };
}
