// Scoring worker threads: each takes the dataset once, then jobs (a byte range of trajectory
// files, or "build every scenario"). With a time limit, a worker that runs one seed or one call
// past it is ended, its scenario is blocked (reported as a problem with its file, its
// trajectories left out), and a fresh worker takes over its unfinished jobs.
import { Worker } from 'node:worker_threads';
import type { LoadedDataset } from '../../../shared/format/loader';
import type { Problem } from '../../../shared/format/types';
import { groundTruthMarks, type GroundTruthMarks } from '../../../shared/format/whole-reals';
import type { ChunkResult } from './batch-evaluator';
import type { FileChunk } from './file-chunks';
import type { LaneJob } from './lanes';
import { blockedAfter, clipped, lineLimitMs, lineOverrunMessage, overrun, overrunProblem, watchBuffer, WatchPhase, type BlockedScenario, type Overrun } from './watchdog';

export type PoolJob = { chunk: FileChunk; lane?: LaneJob } | { engines: true };
type JobResult = ChunkResult | { engineProblems: Problem[] };

/** Jobs a worker holds at once: the next one waits in its own queue, so it need not wait for the pool to hand it over. */
const DEPTH = 2;
const CHECK_EVERY_MS = 100;
/**
 * Calls of one scenario given up on one by one (each cost a whole time limit): past this many,
 * the scenario's SQL is taken to hang whatever the call, and the scenario is given up on.
 */
export const MAX_BLOCKED_CALLS = 3;

interface Slot {
  worker: Worker;
  watch: SharedArrayBuffer;
  inFlight: Map<number, PoolJob>;
}

export interface PoolOptions {
  /** Longest one seed statement, one engine call or one trajectory line's score may run (ms); none: no limit. */
  timeLimitMs?: number;
}

export class WorkerPool {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (r: JobResult) => void; reject: (e: Error) => void }>();
  /** `slot`: the worker the job is for (a lane's thread, lanes.ts); another takes it only if that one is gone. */
  private readonly queue: { job: PoolJob; id: number; slot?: number }[] = [];
  private readonly slots: Slot[] = [];
  private failure: Error | null = null;
  private shared: { dataset: LoadedDataset; scenarioIds: string[]; groundTruthMarks: GroundTruthMarks } | null = null;
  /** The dataset `shared` was made from. */
  private sharedFrom: LoadedDataset | null = null;
  /** A job answered with an error (the worker's evaluator may be broken): the pool is not kept. */
  private jobFailed = false;
  private held = true;
  /** Scenarios given up on, as each worker's engine provider answers for them. */
  private readonly blocked = new Map<string, BlockedScenario>();
  /** Calls given up on (their keys, by scenario): the trajectories that make them are left out, not the scenario. */
  private readonly blockedCalls = new Map<string, Set<string>>();
  /** Trajectory lines given up on (lineKey to what they say): each is a problem at its own line, scored no more. */
  private readonly blockedLines = new Map<string, string>();
  /** One problem per blocked scenario or call. */
  readonly overruns: Problem[] = [];
  private readonly timer: ReturnType<typeof setInterval> | null;
  private closed = false;

  private constructor(
    private readonly url: URL,
    private readonly options: PoolOptions,
  ) {
    this.timer = options.timeLimitMs ? setInterval(() => this.checkTimes(), CHECK_EVERY_MS) : null;
    this.timer?.unref();
  }

  static async start(count: number, url: URL, options: PoolOptions = {}): Promise<WorkerPool> {
    const pool = new WorkerPool(url, options);
    try {
      await Promise.all(Array.from({ length: count }, () => pool.addWorker()));
    } catch (error) {
      await pool.close();
      throw error;
    }
    return pool;
  }

  get size(): number {
    return this.slots.length;
  }

  /** The workers' thread ids (tests: the same threads serve a kept pool's next evaluation). */
  get threadIds(): number[] {
    return this.slots.map((slot) => slot.worker.threadId);
  }

  /** True when another evaluation may use this pool: no worker and no job failed, nothing waits, nothing runs. */
  get reusable(): boolean {
    return !this.closed && this.failure === null && !this.jobFailed && this.pending.size === 0 && this.queue.length === 0;
  }

  /** Adds or ends idle workers until there are `count` (a kept pool sized for its next evaluation). */
  async resize(count: number): Promise<void> {
    for (const slot of this.slots.splice(count)) await slot.worker.terminate();
    await Promise.all(Array.from({ length: Math.max(0, count - this.slots.length) }, () => this.addWorker()));
  }

  /** Whether the workers keep the process alive (an idle kept pool does not; nor one that joins it later). */
  hold(held: boolean): void {
    this.held = held;
    for (const slot of this.slots) {
      if (held) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  /**
   * Each worker gets the dataset this thread loaded (a structured clone costs far less than
   * reading and validating the files again), annotations left out: scoring never reads them.
   * A kept pool's next evaluation starts here: with another dataset, scenarios blocked and
   * time-limit problems are the previous one's, so they start afresh.
   */
  share(dataset: LoadedDataset): void {
    // Every evaluation tries every scenario again: one that ran past the limit on a busy machine may not now.
    this.blocked.clear();
    this.blockedCalls.clear();
    this.blockedLines.clear();
    this.overruns.length = 0;
    if (this.sharedFrom === dataset) {
      // The same loaded dataset again (dataset-memo.ts keeps the object while its files are
      // unchanged): the workers keep their engines and memos.
      this.sendBlocked();
      return;
    }
    this.sharedFrom = null;
    this.shared = {
      dataset: { ...dataset, annotations: new Map(), changedAfterSubmit: undefined },
      scenarioIds: [...dataset.scenarios.keys()],
      // The clone keeps no marks of the ground truths' `2.0`s (whole-reals.ts): they go beside it.
      groundTruthMarks: groundTruthMarks(dataset.groundTruth),
    };
    for (const slot of this.slots) this.sendDataset(slot);
    this.sharedFrom = dataset; // only once every worker has it
  }

  /** Jobs go to whichever worker is free first, in order; or to worker `slot` (0 to size - 1) while it runs. */
  run(job: { chunk: FileChunk; lane?: LaneJob }, slot?: number): Promise<ChunkResult>;
  run(job: { engines: true }): Promise<{ engineProblems: Problem[] }>;
  run(job: PoolJob, slot?: number): Promise<JobResult> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const result = new Promise<JobResult>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.queue.push({ job, id, slot });
    this.dispatch();
    return result;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots.length = 0;
  }

  private async addWorker(): Promise<void> {
    const worker = new Worker(this.url);
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    if (this.closed) {
      await worker.terminate();
      return;
    }
    if (!this.held) worker.unref();
    const slot: Slot = { worker, watch: watchBuffer(), inFlight: new Map() };
    worker.on('error', (error) => this.failAll(error));
    worker.on('message', (message: { id: number; result?: JobResult; error?: string }) => {
      if (!slot.inFlight.delete(message.id)) return;
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) {
        this.jobFailed = true;
        waiting?.reject(new Error(message.error));
      }
      else waiting?.resolve(message.result!);
      this.dispatch();
    });
    this.slots.push(slot);
    if (this.shared) this.sendDataset(slot);
    this.dispatch();
  }

  private sendDataset(slot: Slot): void {
    slot.worker.postMessage({ ...this.shared, watch: this.options.timeLimitMs ? slot.watch : undefined, ...this.blockedLists() });
  }

  /** Every worker gets the pool's whole lists of blocked scenarios and calls (they replace theirs). */
  private sendBlocked(): void {
    for (const slot of this.slots) slot.worker.postMessage(this.blockedLists());
  }

  private blockedLists() {
    return {
      blocked: [...this.blocked],
      blockedCalls: [...this.blockedCalls].map(([scenario, keys]) => [scenario, [...keys]] as [string, string[]]),
      blockedLines: [...this.blockedLines],
    };
  }

  private dispatch(): void {
    this.slots.forEach((slot, index) => {
      while (slot.inFlight.size < DEPTH) {
        // A worker ended past the time limit is replaced at the end of the list: jobs for a slot
        // past it go to any worker (which one scores a lane changes only how warm its memos are).
        const at = this.queue.findIndex((entry) => entry.slot === undefined || entry.slot === index || entry.slot >= this.slots.length);
        if (at === -1) break;
        const [{ job, id }] = this.queue.splice(at, 1);
        slot.worker.postMessage({ id, ...job });
        slot.inFlight.set(id, job);
      }
    });
  }

  /** Ends a worker stuck past the limit; its jobs go back to the front of the queue for a fresh worker. */
  private checkTimes(): void {
    const limit = this.options.timeLimitMs!;
    for (const slot of [...this.slots]) {
      const stuck = this.shared ? overrun(slot.watch, this.shared.scenarioIds, limit) : null;
      if (!stuck) continue;
      this.slots.splice(this.slots.indexOf(slot), 1);
      void slot.worker.terminate();
      this.giveUpOn(stuck, limit);
      this.queue.unshift(...[...slot.inFlight].map(([id, job]) => ({ id, job })));
      this.addWorker().catch((error: Error) => this.failAll(error));
    }
  }

  /**
   * What ran past the limit is not run again: a trajectory line whose whole score took too long
   * (that line is left out), the call, when it is known (the trajectories that make it are left
   * out), else (or past MAX_BLOCKED_CALLS of its scenario) the whole scenario.
   */
  private giveUpOn(stuck: Overrun, limit: number): void {
    if (stuck.phase === WatchPhase.Line) {
      // Said by the worker at the line itself, when its chunk is scored again (the pool knows no line numbers of the file).
      this.blockedLines.set(stuck.lineKey!, lineOverrunMessage(lineLimitMs(limit)));
      this.sendBlocked();
      return;
    }
    if (this.blocked.has(stuck.scenario)) return;
    const scenarios = this.shared!.dataset.scenarios;
    const calls = this.blockedCalls.get(stuck.scenario) ?? new Set<string>();
    const key = stuck.phase === WatchPhase.Call ? stuck.callKey : undefined;
    // Another worker ran into a call already given up on before it heard so: nothing more to give up.
    if (key !== undefined && calls.has(key)) return;
    if (key !== undefined && calls.size < MAX_BLOCKED_CALLS) {
      calls.add(key);
      this.blockedCalls.set(stuck.scenario, calls);
      const parameters = key.slice(key.indexOf('\u0000') + 1);
      this.overruns.push(overrunProblem(stuck, limit, scenarios, `the trajectories that need this call (parameters ${clipped(parameters)}; in their own calls or their ground truth's) are left out`));
    } else {
      // Rows of the scenario scored before now stay (the studio has shown them already).
      const why =
        key !== undefined
          ? `; ${calls.size} other call(s) of it did too, so its SQL is taken to hang whatever the call`
          : stuck.phase === WatchPhase.Call && calls.size > 0
            ? `; ${calls.size} call(s) of it were given up on before`
            : '';
      // A seed that never ends leaves nothing of the scenario scored; a stretch of calls may come after some rows.
      const problem = overrunProblem(stuck, limit, scenarios, stuck.phase === WatchPhase.Seed ? undefined : `its trajectories not scored yet are left out${why}`);
      this.overruns.push(problem);
      this.blocked.set(stuck.scenario, blockedAfter(stuck, problem.file));
    }
    this.sendBlocked();
  }

  private failAll(error: Error): void {
    this.failure = error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
