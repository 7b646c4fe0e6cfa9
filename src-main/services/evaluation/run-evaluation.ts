// `egostudio evaluate` end to end: load the dataset, cut the trajectory files into chunks, score
// them in worker threads when the input is big (each worker reads its own chunks), and assemble
// the SPEC §12 report in file and line order.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { assembleReport, type LineRecord } from '../../../shared/eval/evaluate';
import { loadDataset, type LoadedDataset } from '../../../shared/format/loader';
import type { Problem } from '../../../shared/format/types';
import { loadSqlJs } from '../sql-node';
import { batchEvaluator, type BatchEvaluator, type ChunkResult } from './batch-evaluator';
import { chunkFiles, type FileChunk } from './file-chunks';
import { nodeDatasetSource } from './node-source';
import { ScoreCache } from './score-cache';
import { datasetTrajectoryFiles, givenTrajectoryFiles } from './trajectory-files';

/** Below this many bytes of trajectories, starting workers costs more than it saves. */
const WORKER_THRESHOLD_BYTES = 4 * 1024 * 1024;
const CHUNK_BYTES = 2 * 1024 * 1024;

export interface EvaluateOptions {
  trajectoryPaths?: string[];
  workers?: number;
  /** Size of the byte ranges the files are cut into (tests use small ones). */
  chunkBytes?: number;
  onProgress?: (done: number, total: number) => void;
  /**
   * The bundled eval-worker of the calling program (each bundle knows where it put it: the CLI
   * beside egostudio.mjs, the studio beside its main entry). Without it: the CLI's build, for tests.
   */
  workerUrl?: URL;
  /** Folder of the score cache (score-cache.ts); none: every file is scored. */
  cacheDir?: string;
}

const SOURCE_TREE_WORKER = new URL('../../../out/cli/eval-worker.mjs', import.meta.url);

export async function evaluateFolder(root: string, options: EvaluateOptions = {}) {
  const source = nodeDatasetSource(root);
  const pathProblems: Problem[] = [];
  const files = options.trajectoryPaths?.length
    ? await givenTrajectoryFiles(options.trajectoryPaths, pathProblems)
    : await datasetTrajectoryFiles(root, source, pathProblems);
  const totalBytes = files.reduce((s, f) => s + f.size, 0);
  // This thread scores too, beside one worker per other core: it has the dataset and engines anyway.
  const workersFor = (bytes: number) => options.workers ?? (bytes >= WORKER_THRESHOLD_BYTES ? Math.min(availableParallelism(), 8) - 1 : 0);
  const startPool = (count: number) => {
    const pool = count > 0 ? WorkerPool.start(count, options.workerUrl ?? SOURCE_TREE_WORKER) : null;
    pool?.catch(() => undefined); // awaited later; keeps an early failure from going unhandled
    return pool;
  };
  // Without a cache, workers start (module and SQLite start-up) while this thread loads the
  // dataset; with one, only once it is known how much is left to score.
  let starting = options.cacheDir ? null : startPool(workersFor(totalBytes));
  let local: BatchEvaluator | null = null;
  try {
    const dataset = await loadDataset(source);
    // Files whose scores are cached (same content, same dataset context) are not scored again.
    const cache = options.cacheDir ? await ScoreCache.open(options.cacheDir, dataset, options.workerUrl ?? SOURCE_TREE_WORKER) : null;
    const hashes = cache ? await cache.contentHashes(files) : [];
    const cached = cache ? await Promise.all(hashes.map((h) => cache.get(h))) : files.map(() => null);
    const toScore = files.map((_, i) => i).filter((i) => cached[i] === null);
    const chunks = await chunkFiles(toScore.map((i) => files[i]), options.chunkBytes ?? CHUNK_BYTES);
    const scoreBytes = chunks.reduce((s, c) => s + (c.end - c.start), 0);
    if (cache && scoreBytes > 0) starting = startPool(workersFor(scoreBytes));
    // Every scenario is built here once, so a broken seed is reported whoever scores its runs;
    // with nothing to score, the problems come from the cache.
    const evaluator = (local = batchEvaluator(dataset, await loadSqlJs()));
    const engineProblems = chunks.length > 0 || !cache ? builtEngineProblems(evaluator, dataset) : ((await cache.engineProblems()) ?? builtEngineProblems(evaluator, dataset));
    const pool = chunks.length > 0 && starting ? await starting : null;
    pool?.share(dataset);
    let bytesDone = 0;
    const results: ChunkResult[] = new Array(chunks.length);
    let next = 0;
    // Each scorer takes the next chunk when it is free: this thread, and the pool (two chunks in flight per worker).
    const scorer = async (score: (chunk: FileChunk) => Promise<ChunkResult>) => {
      while (next < chunks.length) {
        const index = next++;
        results[index] = await score(chunks[index]);
        bytesDone += chunks[index].end - chunks[index].start;
        options.onProgress?.(bytesDone, scoreBytes);
      }
    };
    const poolSlots = pool ? Array.from({ length: 2 * pool.size }, () => scorer((chunk) => pool.run(chunk))) : [];
    await Promise.all([...poolSlots, scorer((chunk) => evaluator.evaluateChunk(chunk))]);
    const scored = numberLines(toScore.map((i) => files[i].display), chunks, results);
    const perFile = files.map((f, i) => ({ file: f.display, records: cached[i]?.records ?? [] }));
    await Promise.all(
      toScore.map(async (fileIndex, k) => {
        perFile[fileIndex] = { file: files[fileIndex].display, records: scored[k].records };
        await cache?.put(hashes[fileIndex], { records: scored[k].records, lineCount: scored[k].lineCount });
      }),
    );
    if (cache && chunks.length > 0) await cache.putEngineProblems(engineProblems);
    const report = assembleReport(dataset, perFile, [...pathProblems, ...engineProblems]);
    const memo = results.reduce((sum, r) => ({ hits: sum.hits + r.memo.hits, misses: sum.misses + r.memo.misses }), { hits: 0, misses: 0 });
    return { dataset, report, memo, scoredFiles: toScore.length, cachedFiles: files.length - toScore.length };
  } finally {
    local?.close();
    await (await starting?.catch(() => null))?.close();
  }
}

/** Builds every scenario's engine and returns what could not be built. */
function builtEngineProblems(evaluator: BatchEvaluator, dataset: LoadedDataset): Problem[] {
  for (const id of dataset.scenarios.keys()) evaluator.engines(id);
  return evaluator.engineProblems;
}

/** Records of each file in order, line numbers counted from the file's start; and each file's line count. */
function numberLines(displays: readonly string[], chunks: readonly FileChunk[], results: readonly ChunkResult[]) {
  const perFile = displays.map((file) => ({ file, records: [] as LineRecord[], lineCount: 0 }));
  chunks.forEach((chunk, i) => {
    const entry = perFile[chunk.fileIndex];
    for (const record of results[i].records) entry.records.push({ ...record, line: record.line + entry.lineCount });
    entry.lineCount += results[i].lineCount;
  });
  return perFile;
}

/** Chunks a worker holds at once: the next one waits in its own queue, so it need not wait for this thread to hand it over. */
const DEPTH = 2;

class WorkerPool {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (r: ChunkResult) => void; reject: (e: Error) => void }>();
  private readonly queue: { chunk: FileChunk; id: number }[] = [];
  private readonly load = new Map<Worker, number>();
  private failure: Error | null = null;

  private constructor(private readonly workers: Worker[]) {
    for (const worker of workers) {
      worker.on('error', (error) => this.failAll(error));
      worker.on('message', (message: { id: number; result?: ChunkResult; error?: string }) => {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error !== undefined) waiting?.reject(new Error(message.error));
        else waiting?.resolve(message.result!);
        this.load.set(worker, this.load.get(worker)! - 1);
        this.dispatch();
      });
      this.load.set(worker, 0);
    }
  }

  static async start(count: number, url: URL): Promise<WorkerPool> {
    const workers = await Promise.all(
      Array.from({ length: count }, () => {
        const worker = new Worker(url);
        return new Promise<Worker>((resolve, reject) => {
          worker.once('message', () => resolve(worker));
          worker.once('error', reject);
        });
      }),
    );
    return new WorkerPool(workers);
  }

  /**
   * Each worker gets the dataset this thread loaded (a structured clone costs far less than
   * reading and validating the files again), annotations left out: scoring never reads them.
   */
  share(dataset: LoadedDataset): void {
    const copy: LoadedDataset = { ...dataset, annotations: new Map() };
    for (const worker of this.workers) worker.postMessage({ dataset: copy });
  }

  get size(): number {
    return this.workers.length;
  }

  /** Chunks go to whichever worker is free first, in order. */
  run(chunk: FileChunk): Promise<ChunkResult> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const result = new Promise<ChunkResult>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.queue.push({ chunk, id });
    this.dispatch();
    return result;
  }

  private dispatch(): void {
    for (const worker of this.workers) {
      while (this.load.get(worker)! < DEPTH && this.queue.length > 0) {
        const { chunk, id } = this.queue.shift()!;
        worker.postMessage({ id, chunk });
        this.load.set(worker, this.load.get(worker)! + 1);
      }
    }
  }

  private failAll(error: Error): void {
    this.failure = error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
