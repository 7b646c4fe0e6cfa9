// For tests of watched workers and their clients: a clock the test moves by hand and workers
// that only record what they are sent (the test speaks for them).
import { afterAll, vi } from 'vitest';
import type { Timers } from '../clock';
import type { WorkerPort } from './watchedWorker';

/** A clock the test moves: `advance` fires timers on time; `hold` moves it as a page busy elsewhere would, firing nothing. */
export function manualClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const earliest = () => [...timers.entries()].sort((x, y) => x[1].at - y[1].at)[0];
  const runUntil = (end: number) => {
    for (let next = earliest(); next && next[1].at <= end; next = earliest()) {
      timers.delete(next[0]);
      now = Math.max(now, next[1].at);
      next[1].run();
    }
  };
  const api: Timers = {
    now: () => now,
    setTimeout: (run, ms) => (timers.set(nextId, { at: now + ms, run }), nextId++),
    clearTimeout: (id) => void (id !== undefined && timers.delete(id)),
  };
  return {
    timers: api,
    advance(ms: number) {
      const end = now + ms;
      runUntil(end);
      now = end;
    },
    hold(ms: number) {
      now += ms;
    },
    /** The timers a page runs once it is free again, late. */
    runDue: () => runUntil(now),
  };
}

/** Workers that only record what they are sent; the test speaks for them. */
export function fakeWorkers<To = unknown, From = unknown>() {
  const started: (WorkerPort & { sent: To[]; terminated: boolean; say(message: From): void })[] = [];
  const start = () => {
    const port = {
      sent: [] as To[],
      terminated: false,
      onmessage: null as WorkerPort['onmessage'],
      onerror: null as WorkerPort['onerror'],
      postMessage(message: unknown) {
        this.sent.push(message as To);
      },
      terminate() {
        this.terminated = true;
      },
      say(message: From) {
        this.onmessage?.({ data: message } as MessageEvent);
      },
    };
    started.push(port);
    return port;
  };
  return { started, start };
}

/** What a promise came to, read by the test once settled (flush). */
export function settled<T>(promise: Promise<T>): { value?: T; error?: Error } {
  const state: { value?: T; error?: Error } = {};
  promise.then((value) => (state.value = value), (error: Error) => (state.error = error));
  return state;
}

/** Lets the promises settled so far run their callbacks. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * For a test module of a client that starts its own workers with `new Worker(...)` (a module's
 * singleton): the page's clock faked, its worker limit set to `limitMs`, and each `new Worker`
 * the next fake; all undone after the module's tests.
 */
export function fakePageWorkers<To, From>(limitMs: number) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.stubGlobal('egostudioWorkerLimitMs', limitMs);
  const workers = fakeWorkers<To, From>();
  vi.stubGlobal('Worker', function FakeWorker() {
    return workers.start();
  });
  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return workers;
}
