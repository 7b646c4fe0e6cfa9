// A Web Worker behind promises, watched: sql.js runs synchronously, so a dataset's SQL that never
// ends (a seed, a tool step) keeps a worker busy for ever, and it cannot stop itself. While a
// request is pending the worker sends a beat now and then (workerBeat.ts); if it has sent nothing
// for the limit, the worker is ended, every pending request fails with a message naming the
// scenario's files, and the next request starts a fresh one. (The page is not cross-origin
// isolated, so the host's SharedArrayBuffer watchdog, src-main/services/evaluation/watchdog.ts,
// is not available here: the silence of its messages is what tells.)
import { pageTimers, type Timers } from '../clock';

/**
 * How long a worker with pending requests may send nothing. Twice the host's limit for its
 * scoring workers (10 s): a page's worker shares the cores with the page and the host, and a
 * beat is only sent between engine calls; a single statement this slow is a dataset's bug.
 */
export const WORKER_SILENCE_LIMIT_MS = 20_000;

/** What the watchdog needs of a Worker (a test passes a fake). */
export interface WorkerPort {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  /** A script that fails to load, or an error nothing in the worker caught. */
  onerror: ((event: ErrorEvent) => void) | null;
}


/** The e2e tests shorten the limit (page.addInitScript sets this global); people get the default. */
function pageLimit(): number {
  const set = (globalThis as { egostudioWorkerLimitMs?: unknown }).egostudioWorkerLimitMs;
  return typeof set === 'number' && set > 0 ? set : WORKER_SILENCE_LIMIT_MS;
}

/** A request's message without its id (the watched worker numbers them). */
export type WithoutId<M> = M extends { id: number } ? Omit<M, 'id'> : never;

export interface WatchedWorkerOptions<From> {
  /** A fresh worker (first use, and after one was stopped). */
  start(): WorkerPort;
  /** The fresh worker is the current one: send it what it needs before any request (the evaluation worker's files). */
  onStart?(port: WorkerPort): void;
  /** Messages that answer no request (an evaluation worker's streamed rows). */
  onNotice?(message: From): void;
  /** The worker was stopped: forget what it held (scenarios loaded in it), so it is sent again. */
  onStopped?(): void;
  limitMs?: number;
  timers?: Timers;
}

interface Pending<From> {
  scenario: string | undefined;
  resolve(message: From): void;
  reject(error: Error): void;
}

/** The message every pending request fails with when the worker is stopped. */
export function stoppedMessage(scenario: string | undefined, limitMs: number): string {
  const limit = `${limitMs / 1000} s`;
  if (scenario === undefined)
    return `a scenario's SQL ran longer than ${limit} (its schema.sql, data.sql or a tool step in its tools.json, under scenarios/); the worker was stopped`;
  return `scenario "${scenario}": its SQL ran longer than ${limit} (scenarios/${scenario}/schema.sql, data.sql or a tool step in tools.json); the worker was stopped`;
}

export class WatchedWorker<To, From extends { type: string }> {
  private port: WorkerPort | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending<From>>();
  private heardAt = 0;
  private checkedAt = 0;
  private timer: number | undefined;
  readonly limitMs: number;
  private readonly checkEveryMs: number;
  private readonly timers: Timers;

  constructor(private readonly options: WatchedWorkerOptions<From>) {
    this.limitMs = options.limitMs ?? pageLimit();
    this.checkEveryMs = Math.min(1000, this.limitMs / 4);
    this.timers = options.timers ?? pageTimers;
  }

  /** The worker, started if there is none (the evaluation client sends its files to a new one). */
  worker(): WorkerPort {
    if (this.port) return this.port;
    const port = this.options.start();
    port.onmessage = (event) => port === this.port && this.heard(event.data as From);
    // Not an overrun: the waiting requests fail with what went wrong now, not the silence limit later.
    port.onerror = (event) => port === this.port && this.stop(`the worker failed: ${event.message || 'its script could not be loaded'}`);
    this.port = port;
    this.options.onStart?.(port);
    return port;
  }

  isCurrent(port: WorkerPort): boolean {
    return port === this.port;
  }

  /** Sends a request; `scenario` is the one whose SQL it runs, named if the worker has to be stopped. */
  request(message: WithoutId<To>, scenario?: string): Promise<From> {
    const port = this.worker();
    const id = this.nextId++;
    if (this.pending.size === 0) this.heardAt = this.timers.now(); // the silence counts from the first pending request
    return new Promise<From>((resolve, reject) => {
      this.pending.set(id, { scenario, resolve, reject });
      port.postMessage({ ...message, id });
      this.arm();
    });
  }

  /** Ends the worker; pending requests fail with `reason` (the next request starts another). */
  close(reason: string): void {
    this.port?.terminate();
    this.port = null;
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const request of waiting) request.reject(new Error(reason));
  }

  /** Ends a worker that failed or overran: its requests fail with `reason`, and what it held is forgotten. */
  private stop(reason: string): void {
    this.close(reason);
    this.options.onStopped?.();
  }

  private heard(message: From): void {
    this.heardAt = this.timers.now();
    if (message.type === 'alive') return;
    const id = (message as { id?: unknown }).id;
    const request = typeof id === 'number' ? this.pending.get(id) : undefined;
    if (!request) {
      this.options.onNotice?.(message);
      return;
    }
    this.pending.delete(id as number);
    if (message.type === 'error') request.reject(new Error(String((message as { message?: unknown }).message)));
    else request.resolve(message);
  }

  private arm(): void {
    if (this.timer !== undefined) return;
    this.checkedAt = this.timers.now();
    this.timer = this.timers.setTimeout(() => this.check(), this.checkEveryMs);
  }

  private check(): void {
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const now = this.timers.now();
    // A check that ran late means the page itself was held: the worker's beats may be queued
    // behind it, so they get one more round before the worker is judged.
    const late = now - this.checkedAt > 2 * this.checkEveryMs;
    if (!late && now - this.heardAt >= this.limitMs) {
      // A worker takes requests in the order sent: the oldest pending one is what it was running.
      const running = this.pending.values().next().value as Pending<From>;
      this.stop(stoppedMessage(running.scenario, this.limitMs));
      return;
    }
    this.arm();
  }
}
