// A Web Worker behind promises, watched: sql.js runs synchronously, so a dataset's SQL that never
// ends (a seed, a tool step) keeps a worker busy for ever, and it cannot stop itself. While a
// request is pending the worker sends a beat now and then (workerBeat.ts); if it has sent nothing
// for the limit, the worker is ended, every pending request fails with a message naming the
// scenario's files, the scenario is remembered (overrun.ts: later requests needing it fail at
// once until its files change), and the next request starts a fresh worker. (The page is not
// cross-origin isolated, so the host's SharedArrayBuffer watchdog, src-main/services/evaluation/watchdog.ts,
// is not available here: the silence of its messages is what tells.)
import { pageTimers, type Timers } from '../clock';
import { OverranScenarios, pageLimit, stoppedMessage, type ScenarioFiles } from './overrun';
import { SilenceWatch } from './silenceWatch';

export { stoppedMessage, WORKER_SILENCE_LIMIT_MS } from './overrun';

/** What the watchdog needs of a Worker (a test passes a fake). */
export interface WorkerPort {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  /** A script that fails to load, or an error nothing in the worker caught. */
  onerror: ((event: ErrorEvent) => void) | null;
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
  /** The texts of a scenario's files as the client would send them now: an overrun is remembered with them. */
  scenarioFiles?: ScenarioFiles;
  /** The silence limit; else the page's (read as each request starts the watch). */
  limitMs?: number;
  timers?: Timers;
}

interface Pending<From> {
  scenarios: readonly string[];
  resolve(message: From): void;
  reject(error: Error): void;
}

/** The scenarios a request needs: one (named), several (the agreement dashboard's) or none said. */
export type Needs = string | readonly string[] | undefined;
const listOf = (needs: Needs): readonly string[] => (needs === undefined ? [] : typeof needs === 'string' ? [needs] : needs);

export class WatchedWorker<To, From extends { type: string }> {
  private port: WorkerPort | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending<From>>();
  /** The scenario the current worker last said it entered (its beats tell each change). */
  private told: string | undefined;
  private readonly watch: SilenceWatch;
  private readonly overran: OverranScenarios;

  constructor(private readonly options: WatchedWorkerOptions<From>) {
    const limit = () => options.limitMs ?? pageLimit();
    this.watch = new SilenceWatch(options.timers ?? pageTimers, limit, () => this.pending.size > 0, (limitMs) => this.overrun(limitMs));
    this.overran = new OverranScenarios(options.scenarioFiles);
  }

  /** The worker, started if there is none (the evaluation client sends its files to a new one). */
  worker(): WorkerPort {
    if (this.port) return this.port;
    const port = this.options.start();
    port.onmessage = (event) => port === this.port && this.heard(event.data as From);
    // Not an overrun: the waiting requests fail with what went wrong now, not the silence limit later.
    port.onerror = (event) => port === this.port && this.stop(`the worker failed: ${event.message || 'its script could not be loaded'}`);
    this.port = port;
    this.told = undefined;
    this.options.onStart?.(port);
    return port;
  }

  isCurrent(port: WorkerPort): boolean {
    return port === this.port;
  }

  /** Why a request needing these scenarios would fail at once (one overran, its files unchanged), or null. */
  refusal(needs: Needs): string | null {
    return this.overran.refusal(listOf(needs));
  }

  /** Sends a request needing `needs` (named if the worker has to be stopped); fails at once if one of them overran before. */
  request(message: WithoutId<To>, needs?: Needs): Promise<From> {
    const refused = this.refusal(needs);
    if (refused !== null) return Promise.reject(new Error(refused));
    const port = this.worker();
    const id = this.nextId++;
    if (this.pending.size === 0) this.watch.start(); // the silence counts from the first pending request
    return new Promise<From>((resolve, reject) => {
      this.pending.set(id, { scenarios: listOf(needs), resolve, reject });
      port.postMessage({ ...message, id });
    });
  }

  /** Ends the worker; pending requests fail with `reason` (the next request starts another). */
  close(reason: string): void {
    this.port?.terminate();
    this.port = null;
    this.watch.stop();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const request of waiting) request.reject(new Error(reason));
  }

  /**
   * Ends the worker for work no longer wanted (it cannot be interrupted otherwise: sql.js and
   * alpha's sums run synchronously there): its requests fail with `reason`, what it held is
   * forgotten (onStopped) as after an overrun, but no scenario is remembered; the next request
   * starts a fresh worker.
   */
  restart(reason: string): void {
    if (this.port) this.stop(reason);
  }

  /** Ends a worker that failed or overran: its requests fail with `reason`, and what it held is forgotten. */
  private stop(reason: string): void {
    this.close(reason);
    this.options.onStopped?.();
  }

  private heard(message: From): void {
    this.watch.heard();
    if (message.type === 'alive') {
      const scenario = (message as { scenario?: unknown }).scenario;
      if (typeof scenario === 'string') this.told = scenario;
      return;
    }
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

  /** Silent past the limit while requests waited: stopped, and the scenario it was running remembered. */
  private overrun(limitMs: number): void {
    // A worker takes requests in the order sent: the oldest pending one is what it was running.
    // When it names one scenario, that one; else (the dashboard, an import) the one the worker
    // last said it entered.
    const running = this.pending.values().next().value as Pending<From>;
    const scenario = running.scenarios.length === 1 ? running.scenarios[0] : this.told;
    if (scenario !== undefined) this.overran.add(scenario, limitMs);
    this.stop(stoppedMessage(scenario, limitMs));
  }
}
