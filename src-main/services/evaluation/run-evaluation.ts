// `egostudio evaluate` end to end: load the dataset, cut the trajectory files into chunks, score
// them in worker threads when the input is big (each worker reads its own chunks), and assemble
// the SPEC §12 report in file and line order.
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { assembleReport, type LineRecord } from '../../../shared/eval/evaluate';
import { loadDataset, type LoadedDataset } from '../../../shared/format/loader';
import type { Problem } from '../../../shared/format/types';
import { StreamedProblemCap } from '../../../shared/format/problem-cap';
import { rowsOfRecords, type TrajectoryRow } from '../../../shared/eval/trajectory-row';
import { loadSqlJs } from '../sql-node';
import { batchEvaluator, type BatchEvaluator, type ChunkResult } from './batch-evaluator';
import { chunkFiles, type FileChunk } from './file-chunks';
import { LaneSchedule, planLanes, type LaneJob } from './lanes';
import { loadDatasetMemo } from './dataset-memo';
import { nodeDatasetSource } from './node-source';
import { fileHash, ScoreCache } from './score-cache';
import type { HashedFile } from '../../../shared/report/types';
import { datasetTrajectoryFiles, givenTrajectoryFiles, type TrajectoryFile } from './trajectory-files';
import { CHANGED_WHILE_SCORED, unreadableFileMessage } from './file-failures';
import { statStamp } from '../file-stamp';
import type { KeptWorkers, PoolLease } from './kept-workers';
import { WorkerPool } from './worker-pool';

/**
 * Bytes of trajectories per scoring thread. Each thread starts, compiles and warms up the scorer
 * on its own (~0.7 s of CPU on this 2-core machine), so a thread with little to score buys little
 * time for its CPU. Measured on parts of `npm run bench`'s distinct corpus, a second thread took
 * 1.6x the CPU for 6% less wall time at 9 MB, 1.4x for 18% less at 30 MB, 1.3x for 26% less at 96 MB.
 */
const BYTES_PER_SCORING_THREAD = 16 * 1024 * 1024;
const MAX_SCORING_THREADS = 8;

/** Scoring threads for this many bytes: one per BYTES_PER_SCORING_THREAD, at least one, at most one per core (and 8). */
export function scoringThreads(bytes: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, MAX_SCORING_THREADS, Math.floor(bytes / BYTES_PER_SCORING_THREAD)));
}
const CHUNK_BYTES = 1024 * 1024;

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
  /**
   * False: rows read from the score cache may come without their evidence (null), which is kept
   * apart there and is a third of its bytes; for callers that list rows, not reports. Default true.
   */
  evidence?: boolean;
  /**
   * False in the studio hosts: nothing is scored and no seed SQL runs on the calling thread (it
   * answers API calls); at least one worker scores. Default true (the CLI scores on it too).
   */
  scoreOnCaller?: boolean;
  /** Longest one seed statement, one call or one trajectory's score may run in a worker (ms); past it the worker is ended and replaced. */
  timeLimitMs?: number;
  /** Rows as they become final, in file and line order (repeats left out), with the problems of those lines. */
  onRows?: (batch: { rows: TrajectoryRow[]; problems: Problem[] }) => void;
  /** The host's workers kept between evaluations (they run `workerUrl`); none: workers are started for this one and ended after. */
  keptWorkers?: KeptWorkers;
}

const SOURCE_TREE_WORKER = new URL('../../../out/cli/eval-worker.mjs', import.meta.url);

/** The worker bundle an evaluation with these options runs (and whose hash names its scores in the cache). */
export const scoringBuildOf = (options: Pick<EvaluateOptions, 'workerUrl' | 'keptWorkers'>): URL => options.keptWorkers?.workerUrl ?? options.workerUrl ?? SOURCE_TREE_WORKER;

export async function evaluateFolder(root: string, options: EvaluateOptions = {}) {
  const source = nodeDatasetSource(root);
  const pathProblems: Problem[] = [];
  const files = options.trajectoryPaths?.length
    ? await givenTrajectoryFiles(options.trajectoryPaths, pathProblems)
    : await datasetTrajectoryFiles(root, source, pathProblems);
  const totalBytes = files.reduce((s, f) => s + f.size, 0);
  // The CLI's thread is one of the scoring threads: it has the dataset anyway. A host's thread
  // answers calls: it scores nothing, and its workers are all the scoring threads (one at least).
  const onCaller = options.scoreOnCaller ?? true;
  const workersFor = (bytes: number) => (onCaller ? (options.workers ?? scoringThreads(bytes) - 1) : Math.max(1, options.workers ?? scoringThreads(bytes)));
  /** Workers asked of the pool (a lease has exactly this many). */
  let poolSize = 0;
  const startPool = (count: number): Promise<PoolLease> | null => {
    if (count <= 0) return null;
    poolSize = count;
    const lease = options.keptWorkers
      ? options.keptWorkers.lease(count)
      : WorkerPool.start(count, scoringBuildOf(options), { timeLimitMs: options.timeLimitMs }).then((pool) => ({ pool, release: () => pool.close() }));
    lease.catch(() => undefined); // awaited later; keeps an early failure from going unhandled
    return lease;
  };
  // Without a cache, workers start (module and SQLite start-up) while this thread loads the
  // dataset; with one, only once it is known how much is left to score.
  let starting = options.cacheDir || (onCaller && workersFor(totalBytes) === 0) ? null : startPool(workersFor(totalBytes));
  let local: BatchEvaluator | null = null;
  try {
    // With the score cache (studio hosts, the CLI by default) an unchanged dataset is not parsed twice in one process.
    const dataset = options.cacheDir ? await loadDatasetMemo(root, source) : await loadDataset(source);
    // Files whose scores are cached (same content, same dataset context) are not scored again.
    const cache = options.cacheDir ? await ScoreCache.open(options.cacheDir, dataset, scoringBuildOf(options)) : null;
    const hashes = cache ? await cache.contentHashes(files) : [];
    const withEvidence = options.evidence ?? true;
    const cached = cache ? await Promise.all(hashes.map((h) => cache.get(h, { evidence: withEvidence }))) : files.map(() => null);
    const toScore = files.map((_, i) => i).filter((i) => cached[i] === null);
    // A file that had just changed when it was listed keeps its stamp through a same-size rewrite
    // in that tick: its content is hashed before it is read (the cache's hash when there is one) and after.
    const hashedBefore = await Promise.all(toScore.map((i) => (files[i].racy ? hashes[i] || fileHash(files[i].absolute).catch(() => null) : null)));
    // Files that cannot be scored whole (by index in toScore): gone or unreadable, or changed while scored; each is one problem.
    const unscored = new Map<number, string>();
    const chunks = await chunkFiles(toScore.map((i) => files[i]), options.chunkBytes ?? CHUNK_BYTES, unscored);
    const scoreBytes = chunks.reduce((s, c) => s + (c.end - c.start), 0);
    const workerEngines = !onCaller && (chunks.length > 0 || !(await cache?.engineProblems()));
    if ((cache || !onCaller) && (scoreBytes > 0 || workerEngines)) starting ??= startPool(workersFor(scoreBytes));
    const sharing = starting?.then(({ pool: started }) => (started.share(dataset), started)) ?? null;
    // A host's thread scores nothing: it waits for its workers. The CLI's starts on the chunks at once.
    const pool = onCaller ? null : await sharing;
    const stream = options.onRows ? new RowStream(files, toScore, chunks, cached, options.onRows) : null;
    stream?.flush();
    // Every scenario is built once up front (in a worker when this thread answers calls), so a
    // broken seed is reported whoever scores its runs; with nothing to score, the problems come from the cache.
    const evaluator = onCaller ? (local = batchEvaluator(dataset, await loadSqlJs())) : null;
    const enginesBuilt = workerEngines ? pool!.run({ engines: true }).then((r) => r.engineProblems) : null;
    enginesBuilt?.catch(() => undefined); // awaited below; a failed pool is reported by the chunks first
    let bytesDone = 0;
    const results: ChunkResult[] = new Array(chunks.length);
    // One lane per scoring thread (this one first in the CLI): each scores its scenarios' lines of every chunk (lanes.ts).
    const threadCount = (evaluator ? 1 : 0) + (sharing ? poolSize : 0);
    const lanes = threadCount > 1 ? planLanes(dataset, threadCount) : null;
    const schedule = new LaneSchedule(chunks.length, lanes?.count ?? 1);
    // Once one scorer fails the evaluation fails: the others take no further job (the CLI's thread
    // would otherwise score the rest alone, and report progress, after the error was given).
    let failed = false;
    const scorer = async (lane: number, score: (chunk: FileChunk, lane: LaneJob | undefined) => Promise<ChunkResult>) => {
      const next = () => (failed ? null : schedule.take(lane));
      try {
        for (let task = next(); task; task = next()) {
          const chunk = chunks[task.chunk];
          const result = schedule.done(task, await score(chunk, lanes ? { index: task.lane, lanes } : undefined));
          if (!result) continue;
          results[task.chunk] = result;
          bytesDone += chunk.end - chunk.start;
          stream?.done(task.chunk, result);
          options.onProgress?.(bytesDone, scoreBytes);
        }
      } catch (error) {
        failed = true;
        throw error;
      }
    };
    const firstWorkerLane = evaluator ? 1 : 0;
    // Two jobs in flight per worker, so it never waits for the next one.
    const poolScorers = async () => {
      const workers = (await sharing)!;
      await Promise.all(
        Array.from({ length: 2 * workers.size }, (_, k) => {
          const slot = k % workers.size;
          return scorer(lanes ? firstWorkerLane + slot : 0, (chunk, lane) => workers.run({ chunk, lane }, lanes ? slot : undefined));
        }),
      );
    };
    await Promise.all([...(sharing ? [poolScorers()] : []), ...(evaluator ? [scorer(0, (chunk, lane) => evaluator.evaluateChunk(chunk, lane))] : [])]);
    const engineProblems = evaluator
      ? chunks.length > 0 || !cache
        ? builtEngineProblems(evaluator, dataset)
        : ((await cache.engineProblems()) ?? builtEngineProblems(evaluator, dataset))
      : ((await enginesBuilt) ?? (await cache!.engineProblems())!);
    // A worker ended past the time limit makes a result that depends on the machine's load: not cached.
    const overruns = (await sharing)?.overruns ?? [];
    const cacheable = cache && overruns.length === 0 ? cache : null;
    chunks.forEach((chunk, i) => {
      const { fileProblem } = results[i];
      if (fileProblem !== undefined && !unscored.has(chunk.fileIndex)) unscored.set(chunk.fileIndex, fileProblem);
    });
    // A file read whole is checked once more: the same as listed (else its chunks were cut at
    // offsets of another content, and its lines read from two), or it is its one problem.
    await Promise.all(
      toScore.map(async (fileIndex, k) => {
        if (unscored.has(k)) return;
        const changed = await changedSinceListed(files[fileIndex], hashedBefore[k]);
        if (changed !== null) unscored.set(k, changed);
      }),
    );
    const scored = numberLines(toScore.map((i) => files[i].display), chunks, results);
    const perFile: { file: string; records: LineRecord[]; problems?: Problem[] }[] = files.map((f, i) => ({ file: f.display, records: cached[i]?.records ?? [] }));
    await Promise.all(
      toScore.map(async (fileIndex, k) => {
        const file = files[fileIndex].display;
        const problem = unscored.get(k);
        // Nothing of a file not scored whole is kept: no rows, nothing cached.
        if (problem !== undefined) perFile[fileIndex] = { file, records: [], problems: [{ file, line: 0, message: problem }] };
        else {
          perFile[fileIndex] = { file, records: scored[k].records };
          await cacheable?.put(hashes[fileIndex], { records: scored[k].records, lineCount: scored[k].lineCount });
        }
      }),
    );
    if (cacheable && chunks.length > 0) await cacheable.putEngineProblems(engineProblems);
    engineProblems.push(...overruns);
    const report = reportOf(dataset, perFile, [...pathProblems, ...engineProblems], toScore.length === 0 && cache ? [cache.folder, hashes, withEvidence] : null);
    stream?.end([...perFile.flatMap((f) => f.problems ?? []), ...dataset.problems, ...pathProblems, ...engineProblems]);
    const memo = results.reduce((sum, r) => ({ hits: sum.hits + r.memo.hits, misses: sum.misses + r.memo.misses }), { hits: 0, misses: 0 });
    // The files' content hashes for a report's provenance: the cache's when it has them (hashed just before they were read), else read now.
    const fileHashes = async (): Promise<HashedFile[]> =>
      Promise.all(files.map(async (f, i) => ({ file: f.display, sha256: hashes[i] || (await fileHash(f.absolute).catch(() => null)) })));
    // inCache: every file's scores are in the score cache now (read from it, or scored and written).
    return { dataset, report, memo, scoredFiles: toScore.length, cachedFiles: files.length - toScore.length, inCache: cacheable !== null && unscored.size === 0, fileHashes };
  } finally {
    try {
      local?.close();
    } finally {
      await (await starting?.catch(() => null))?.release(); // a kept pool must not stay lent
    }
  }
}

/** The last report assembled for each loaded dataset (dataset-memo.ts keeps the object while its files are unchanged). */
const lastReports = new WeakMap<LoadedDataset, { key: string; report: ReturnType<typeof assembleReport> }>();

/**
 * assembleReport, or the same report again when everything came from the cache (`cached`: its
 * context folder, the files' content hashes and whether the rows have their evidence) and the
 * files, hashes and problems are those of last time.
 */
function reportOf(dataset: LoadedDataset, perFile: { file: string; records: LineRecord[]; problems?: Problem[] }[], problems: Problem[], cached: [string, string[], boolean] | null) {
  const key = cached && JSON.stringify([cached, perFile.map((f) => f.file), problems]);
  const last = lastReports.get(dataset);
  if (key && last?.key === key) return last.report;
  const report = assembleReport(dataset, perFile, problems);
  if (key) lastReports.set(dataset, { key, report });
  return report;
}

/**
 * Why a file scored whole cannot keep its scores (null: it can): gone, or not as listed (another
 * stamp; for a file that had just changed when listed, another content than before it was read:
 * `hashedBefore`, null when that could not be read).
 */
async function changedSinceListed(file: TrajectoryFile, hashedBefore: string | null): Promise<string | null> {
  let now: Stats;
  try {
    now = await stat(file.absolute);
  } catch (error) {
    return unreadableFileMessage(error);
  }
  if (statStamp(now) !== file.stamp) return CHANGED_WHILE_SCORED;
  if (!file.racy) return null;
  const hashedAfter = await fileHash(file.absolute).catch(() => null);
  return hashedBefore !== null && hashedAfter === hashedBefore ? null : CHANGED_WHILE_SCORED;
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

/** Rows are handed on in batches of at most this many (one event each in the hosts). */
const STREAM_BATCH = 20_000;

/**
 * Hands rows on as they become final: in file and line order, so a chunk's lines are numbered
 * once the chunks before it in its file are in, and repeats are left out as assembleReport does.
 */
class RowStream {
  /** Per file in read order: its cached records, or the indexes of its chunks. */
  private readonly segments: { file: string; cached?: LineRecord[]; chunk?: number }[] = [];
  private readonly results = new Map<number, ChunkResult>();
  private readonly seen = new Set<string>();
  /** No more of a file's problems go out than its report lists. */
  private readonly problemCap = new StreamedProblemCap();
  private position = 0;
  private lineOffset = 0;
  /**
   * Files one of whose chunks could not be read whole (a ChunkResult's fileProblem): their later
   * chunks send no rows. Their problem, and that of a file found changed once scored, comes with
   * `end`; rows of such a file sent before it was found stay sent.
   */
  private readonly unread = new Set<string>();

  constructor(
    files: readonly { display: string }[],
    toScore: readonly number[],
    chunks: readonly FileChunk[],
    cached: readonly ({ records: LineRecord[] } | null)[],
    private readonly emit: (batch: { rows: TrajectoryRow[]; problems: Problem[] }) => void,
  ) {
    files.forEach((file, i) => {
      if (cached[i]) this.segments.push({ file: file.display, cached: cached[i]!.records });
      const k = toScore.indexOf(i);
      if (k < 0) return;
      chunks.forEach((chunk, index) => {
        if (chunk.fileIndex === k) this.segments.push({ file: file.display, chunk: index });
      });
    });
  }

  done(chunkIndex: number, result: ChunkResult): void {
    this.results.set(chunkIndex, result);
    this.flush();
  }

  flush(): void {
    let rows: TrajectoryRow[] = [];
    let problems: Problem[] = [];
    for (; this.position < this.segments.length; this.position++) {
      const segment = this.segments[this.position];
      const previous = this.segments[this.position - 1];
      if (!previous || previous.file !== segment.file) this.lineOffset = 0;
      let records: readonly LineRecord[];
      if (segment.cached) records = segment.cached;
      else {
        const result = this.results.get(segment.chunk!);
        if (!result) break;
        if (result.fileProblem !== undefined) this.unread.add(segment.file);
        if (this.unread.has(segment.file)) {
          this.results.delete(segment.chunk!);
          continue;
        }
        const offset = this.lineOffset;
        records = result.records.map((r) => ({ ...r, line: r.line + offset }));
        this.lineOffset += result.lineCount;
        this.results.delete(segment.chunk!);
      }
      const part = rowsOfRecords(segment.file, records, this.seen);
      rows = rows.concat(part.rows);
      problems = problems.concat(this.problemCap.admit(segment.file, part.problems));
      if (rows.length >= STREAM_BATCH) {
        this.emit({ rows, problems });
        rows = [];
        problems = [];
      }
    }
    if (rows.length > 0 || problems.length > 0) this.emit({ rows, problems });
  }

  /** The problems that belong to no line (paths, datasets, scenarios), once all rows are out. */
  end(problems: Problem[]): void {
    this.emit({ rows: [], problems: [...this.problemCap.end(), ...problems] });
  }
}
