import { describe, expect, it } from 'vitest';
import type { Timers } from '../clock';
import { stoppedMessage, WatchedWorker, type WorkerPort } from './watchedWorker';

type To = { id: number; type: 'run'; sql: string };
type From = { id?: number; type: string; message?: string };

const LIMIT = 2000;

/** A clock the test moves: `advance` fires timers on time; `hold` moves it as a page busy elsewhere would, firing nothing. */
function manualClock() {
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
function fakeWorkers() {
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

function setup() {
  const clock = manualClock();
  const workers = fakeWorkers();
  let stops = 0;
  const notices: From[] = [];
  const watched = new WatchedWorker<To, From>({
    start: workers.start,
    onStopped: () => stops++,
    onNotice: (message) => notices.push(message),
    limitMs: LIMIT,
    timers: clock.timers,
  });
  const settled = <T>(promise: Promise<T>) => {
    const state: { value?: T; error?: Error } = {};
    promise.then((value) => (state.value = value), (error: Error) => (state.error = error));
    return state;
  };
  return { clock, workers, watched, settled, notices, stops: () => stops };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('WatchedWorker', () => {
  it('answers requests by id; an error reply rejects with its message; other messages are notices', async () => {
    const { workers, watched, settled, notices } = setup();
    const ok = settled(watched.request({ type: 'run', sql: 'a' }, 'retail'));
    const failed = settled(watched.request({ type: 'run', sql: 'b' }));
    const [port] = workers.started;
    expect(port.sent.map((m) => m.id)).toEqual([1, 2]);
    port.say({ id: 2, type: 'error', message: 'no such table: x' });
    port.say({ id: 1, type: 'ran' });
    port.say({ type: 'rows' });
    await flush();
    expect(ok.value).toEqual({ id: 1, type: 'ran' });
    expect(failed.error?.message).toBe('no such table: x');
    expect(notices).toEqual([{ type: 'rows' }]);
  });

  it('stops a worker silent past the limit: every pending request fails naming the running scenario, and the next request starts a fresh worker', async () => {
    const { clock, workers, watched, settled, stops } = setup();
    const running = settled(watched.request({ type: 'run', sql: 'endless' }, 'retail'));
    const queued = settled(watched.request({ type: 'run', sql: 'next' }, 'kitchen'));
    clock.advance(LIMIT - 1);
    await flush();
    expect(running.error).toBeUndefined();
    expect(workers.started[0].terminated).toBe(false);
    clock.advance(1000);
    await flush();
    const message = 'scenario "retail": its SQL ran longer than 2 s (scenarios/retail/schema.sql, data.sql or a tool step in tools.json); the worker was stopped';
    expect(running.error?.message).toBe(message);
    expect(queued.error?.message).toBe(message);
    expect(workers.started[0].terminated).toBe(true);
    expect(stops()).toBe(1);
    // A late word from the stopped worker is ignored; the next request goes to a new one.
    workers.started[0].say({ id: 1, type: 'ran' });
    const again = settled(watched.request({ type: 'run', sql: 'other' }, 'kitchen'));
    expect(workers.started).toHaveLength(2);
    workers.started[1].say({ id: 3, type: 'ran' });
    await flush();
    expect(again.value).toEqual({ id: 3, type: 'ran' });
  });

  it('keeps a worker that beats, however long its work (the agreement dashboard over every task)', async () => {
    const { clock, workers, watched, settled } = setup();
    const long = settled(watched.request({ type: 'run', sql: 'dashboard' }));
    for (let t = 0; t < 5 * LIMIT; t += 250) {
      clock.advance(250);
      workers.started[0].say({ type: 'alive' });
    }
    workers.started[0].say({ id: 1, type: 'dashboard' });
    await flush();
    expect(long.value).toEqual({ id: 1, type: 'dashboard' });
    expect(workers.started[0].terminated).toBe(false);
  });

  it('never stops an idle worker; the silence counts from the first pending request', async () => {
    const { clock, workers, watched, settled } = setup();
    const first = settled(watched.request({ type: 'run', sql: 'a' }));
    workers.started[0].say({ id: 1, type: 'ran' });
    clock.advance(10 * LIMIT); // idle: nothing pending, nothing to judge
    const second = settled(watched.request({ type: 'run', sql: 'b' }));
    clock.advance(LIMIT / 2);
    workers.started[0].say({ id: 2, type: 'ran' });
    await flush();
    expect(first.value?.type).toBe('ran');
    expect(second.value?.type).toBe('ran');
    expect(workers.started).toHaveLength(1);
    expect(workers.started[0].terminated).toBe(false);
  });

  it('gives a worker another round when the page itself was held (its beats may be queued behind)', async () => {
    const { clock, workers, watched, settled } = setup();
    const request = settled(watched.request({ type: 'run', sql: 'a' }, 'retail'));
    clock.hold(3 * LIMIT);
    clock.runDue(); // the check runs late: not judged
    workers.started[0].say({ type: 'alive' }); // the queued beat arrives
    clock.advance(LIMIT / 2);
    await flush();
    expect(request.error).toBeUndefined();
    expect(workers.started[0].terminated).toBe(false);
    // Still silent a whole limit after that beat: stopped.
    clock.advance(LIMIT);
    await flush();
    expect(request.error?.message).toContain('scenario "retail"');
  });

  it('a worker that fails (its script not loaded) fails the waiting requests at once with why, and the next request starts a fresh one', async () => {
    const { clock, workers, watched, settled, stops } = setup();
    const request = settled(watched.request({ type: 'run', sql: 'a' }, 'retail'));
    workers.started[0].onerror?.({ message: '' } as ErrorEvent);
    await flush();
    expect(request.error?.message).toBe('the worker failed: its script could not be loaded');
    expect(workers.started[0].terminated).toBe(true);
    expect(stops()).toBe(1);
    clock.advance(2 * LIMIT); // nothing left to judge
    const again = settled(watched.request({ type: 'run', sql: 'b' }));
    expect(workers.started).toHaveLength(2);
    workers.started[1].say({ id: 2, type: 'ran' });
    await flush();
    expect(again.value).toEqual({ id: 2, type: 'ran' });
  });

  it('names no scenario when the running request did not say', () => {
    expect(stoppedMessage(undefined, 20_000)).toBe(
      "a scenario's SQL ran longer than 20 s (its schema.sql, data.sql or a tool step in its tools.json, under scenarios/); the worker was stopped",
    );
  });

  it('close() ends the worker and fails pending requests with the reason given', async () => {
    const { workers, watched, settled, stops } = setup();
    const request = settled(watched.request({ type: 'run', sql: 'a' }));
    watched.close('evaluation closed');
    await flush();
    expect(request.error?.message).toBe('evaluation closed');
    expect(workers.started[0].terminated).toBe(true);
    expect(stops()).toBe(0);
  });
});
