// `egostudio evaluate` end to end: load the dataset, cut the trajectory files into chunks, score
// them in worker threads when the input is big (each worker reads its own chunks), and assemble
// the SPEC §12 report in file and line order.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { assembleReport, type LineRecord } from '../../shared/eval/evaluate';
import { loadDataset } from '../../shared/format/loader';
import type { Problem } from '../../shared/format/types';
import { loadSqlJs } from '../services/sql-node';
import { batchEvaluator, type BatchEvaluator, type ChunkResult } from './batch-evaluator';
import { chunkFiles, type FileChunk } from './file-chunks';
import { nodeDatasetSource } from './node-source';
import { datasetTrajectoryFiles, givenTrajectoryFiles } from './trajectory-files';

/** Below this many bytes of trajectories, starting workers costs more than it saves. */
const WORKER_THRESHOLD_BYTES = 4 * 1024 * 1024;
const CHUNK_BYTES = 4 * 1024 * 1024;

export interface EvaluateOptions {
  trajectoryPaths?: string[];
  workers?: number;
  /** Size of the byte ranges the files are cut into (tests use small ones). */
  chunkBytes?: number;
  onProgress?: (done: number, total: number) => void;
}

export async function evaluateFolder(root: string, options: EvaluateOptions = {}) {
  const source = nodeDatasetSource(root);
  const pathProblems: Problem[] = [];
  const files = options.trajectoryPaths?.length
    ? await givenTrajectoryFiles(options.trajectoryPaths, pathProblems)
    : await datasetTrajectoryFiles(root, source, pathProblems);
  const totalBytes = files.reduce((s, f) => s + f.size, 0);
  const workerCount = options.workers ?? (totalBytes >= WORKER_THRESHOLD_BYTES ? Math.min(availableParallelism(), 8) : 0);
  // Workers load the dataset themselves: start them before this thread loads its own copy.
  const starting = workerCount > 0 ? WorkerPool.start(root, workerCount) : null;
  starting?.catch(() => undefined); // awaited below; keeps an early failure from going unhandled
  let local: BatchEvaluator | null = null;
  try {
    const dataset = await loadDataset(source);
    const chunks = await chunkFiles(files, options.chunkBytes ?? CHUNK_BYTES);
    // The local evaluator builds every scenario once, so a broken seed is reported even when
    // the workers do the scoring.
    const evaluator = (local = batchEvaluator(dataset, await loadSqlJs()));
    for (const id of dataset.scenarios.keys()) evaluator.engines(id);
    const pool = starting ? await starting : null;
    let bytesDone = 0;
    const results = await Promise.all(
      chunks.map(async (chunk) => {
        const result = pool ? await pool.run(chunk) : await evaluator.evaluateChunk(chunk);
        bytesDone += chunk.end - chunk.start;
        options.onProgress?.(bytesDone, totalBytes);
        return result;
      }),
    );
    const report = assembleReport(dataset, numberLines(files.map((f) => f.display), chunks, results), [...pathProblems, ...evaluator.engineProblems]);
    return { dataset, report };
  } finally {
    local?.close();
    await (await starting?.catch(() => null))?.close();
  }
}

/** Records of each file in order, line numbers counted from the file's start. */
function numberLines(displays: readonly string[], chunks: readonly FileChunk[], results: readonly ChunkResult[]) {
  const perFile = displays.map((file) => ({ file, records: [] as LineRecord[] }));
  const linesBefore = new Map<number, number>();
  chunks.forEach((chunk, i) => {
    const offset = linesBefore.get(chunk.fileIndex) ?? 0;
    for (const record of results[i].records) perFile[chunk.fileIndex].records.push({ ...record, line: record.line + offset });
    linesBefore.set(chunk.fileIndex, offset + results[i].lineCount);
  });
  return perFile;
}

class WorkerPool {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (r: ChunkResult) => void; reject: (e: Error) => void }>();
  private readonly queue: { chunk: FileChunk; id: number }[] = [];
  private readonly idle: Worker[] = [];
  private failure: Error | null = null;

  private constructor(private readonly workers: Worker[]) {
    for (const worker of workers) {
      worker.on('error', (error) => this.failAll(error));
      worker.on('message', (message: { id: number; result?: ChunkResult; error?: string }) => {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error !== undefined) waiting?.reject(new Error(message.error));
        else waiting?.resolve(message.result!);
        this.idle.push(worker);
        this.dispatch();
      });
      this.idle.push(worker);
    }
  }

  static async start(root: string, count: number): Promise<WorkerPool> {
    // From the bundle the worker sits beside this file; from the sources (tests) in out/cli/.
    const url = import.meta.url.endsWith('.ts')
      ? new URL('../../out/cli/eval-worker.mjs', import.meta.url)
      : new URL('./eval-worker.mjs', import.meta.url);
    const workers = await Promise.all(
      Array.from({ length: count }, () => {
        const worker = new Worker(url, { workerData: { root } });
        return new Promise<Worker>((resolve, reject) => {
          worker.once('message', () => resolve(worker));
          worker.once('error', reject);
        });
      }),
    );
    return new WorkerPool(workers);
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
    while (this.idle.length > 0 && this.queue.length > 0) {
      const { chunk, id } = this.queue.shift()!;
      this.idle.pop()!.postMessage({ id, chunk });
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
