// `egostudio evaluate` end to end: load the dataset, stream the trajectory files, score lines
// in worker threads when the input is big, and assemble the SPEC §12 report.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { assembleReport, type LineRecord } from '../../shared/eval/evaluate';
import { splitLines } from '../../shared/format/jsonl';
import { loadDataset } from '../../shared/format/loader';
import type { Problem } from '../../shared/format/types';
import { loadSqlJs } from '../services/sql-node';
import { batchEvaluator, type LineBatch } from './batch-evaluator';
import { fileChunks, nodeDatasetSource } from './node-source';
import { datasetTrajectoryFiles, givenTrajectoryFiles, type TrajectoryFile } from './trajectory-files';

/** Below this many bytes of trajectories, starting workers costs more than it saves. */
const WORKER_THRESHOLD_BYTES = 4 * 1024 * 1024;
const BATCH_LINES = 200;

export interface EvaluateOptions {
  trajectoryPaths?: string[];
  workers?: number;
  onProgress?: (done: number, total: number) => void;
}

export async function evaluateFolder(root: string, options: EvaluateOptions = {}) {
  const source = nodeDatasetSource(root);
  const dataset = await loadDataset(source);
  const pathProblems: Problem[] = [];
  const files = options.trajectoryPaths?.length
    ? await givenTrajectoryFiles(options.trajectoryPaths, pathProblems)
    : await datasetTrajectoryFiles(root, source);
  const totalBytes = files.reduce((s, f) => s + f.size, 0);
  const workerCount = options.workers ?? (totalBytes >= WORKER_THRESHOLD_BYTES ? Math.min(availableParallelism(), 8) : 0);

  // The local evaluator builds every scenario once, so a broken seed is reported even when
  // the workers do the scoring.
  const local = batchEvaluator(dataset, await loadSqlJs());
  for (const id of dataset.scenarios.keys()) local.engines(id);
  const pool = workerCount > 0 ? await WorkerPool.start(root, workerCount) : null;
  const perFile: { file: string; batches: Promise<LineRecord[]>[]; problems: Problem[] }[] = [];
  let bytesDone = 0;
  try {
    for (const file of files) {
      const entry = { file: file.display, batches: [] as Promise<LineRecord[]>[], problems: [] as Problem[] };
      perFile.push(entry);
      for await (const batch of lineBatches(file, entry.problems)) {
        bytesDone += batch.lines.reduce((s, [, t]) => s + t.length + 1, 0);
        options.onProgress?.(bytesDone, totalBytes);
        if (pool) {
          entry.batches.push(pool.run(batch));
          await pool.backpressure();
        } else entry.batches.push(Promise.resolve(local.evaluate(batch)));
      }
    }
    const records = await Promise.all(perFile.map(async (f) => (await Promise.all(f.batches)).flat()));
    const report = assembleReport(
      dataset,
      perFile.map((f, i) => ({ file: f.file, records: records[i], problems: f.problems })),
      [...pathProblems, ...local.engineProblems],
    );
    return { dataset, report };
  } finally {
    local.close();
    await pool?.close();
  }
}

async function* lineBatches(file: TrajectoryFile, problems: Problem[]): AsyncGenerator<LineBatch> {
  let lines: [number, string][] = [];
  for await (const line of splitLines(fileChunks(file.absolute))) {
    if (line.kind === 'too-long') {
      problems.push({ file: file.display, line: line.lineNumber, message: `line of ${line.length} characters exceeds the limit; skipped` });
      continue;
    }
    lines.push([line.lineNumber, line.text]);
    if (lines.length >= BATCH_LINES) {
      yield { file: file.display, lines };
      lines = [];
    }
  }
  if (lines.length > 0) yield { file: file.display, lines };
}

class WorkerPool {
  private nextId = 0;
  private inFlight = new Map<number, { resolve: (records: LineRecord[]) => void; reject: (error: Error) => void }>();
  private load = new Map<Worker, number>();
  private waiters: (() => void)[] = [];
  private failure: Error | null = null;

  private constructor(private workers: Worker[]) {
    for (const worker of workers) {
      this.load.set(worker, 0);
      worker.on('error', (error) => this.failAll(error));
      worker.on('message', (message: { id: number; records: LineRecord[] }) => {
        this.load.set(worker, this.load.get(worker)! - 1);
        this.inFlight.get(message.id)?.resolve(message.records);
        this.inFlight.delete(message.id);
        this.waiters.shift()?.();
      });
    }
  }

  static async start(root: string, count: number): Promise<WorkerPool> {
    const url = new URL('./eval-worker.mjs', import.meta.url);
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

  run(batch: LineBatch): Promise<LineRecord[]> {
    if (this.failure) return Promise.reject(this.failure);
    const worker = [...this.load.entries()].sort((a, b) => a[1] - b[1])[0][0];
    this.load.set(worker, this.load.get(worker)! + 1);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.inFlight.set(id, { resolve, reject });
      worker.postMessage({ id, batch });
    });
  }

  private failAll(error: Error): void {
    this.failure = error;
    for (const { reject } of this.inFlight.values()) reject(error);
    this.inFlight.clear();
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Waits while every worker already has two batches queued, to bound memory. */
  async backpressure(): Promise<void> {
    while (!this.failure && [...this.load.values()].every((n) => n >= 2)) await new Promise<void>((r) => this.waiters.push(r));
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
