import { describe, expect, it } from 'vitest';
import { fakeWorkers, flush, manualClock, settled } from './test-workers';
import { overranMessage } from './overrun';
import { stoppedMessage, WatchedWorker } from './watchedWorker';

type To = { id: number; type: 'run'; sql: string };
type From = { id?: number; type: string; message?: string; scenario?: string };

const LIMIT = 2000;

/** `files` holds each scenario's texts as the client has them (the test edits them). */
function setup({ pageLimit = false } = {}) {
  const clock = manualClock();
  const workers = fakeWorkers<To, From>();
  let stops = 0;
  const notices: From[] = [];
  const files = new Map<string, string[]>([
    ['retail', ['CREATE TABLE cart (user_id TEXT)', '', '{"tools":[]}']],
    ['kitchen', ['CREATE TABLE fridge (item TEXT)', '', '{"tools":[]}']],
  ]);
  const watched = new WatchedWorker<To, From>({
    start: workers.start,
    onStopped: () => stops++,
    onNotice: (message) => notices.push(message),
    scenarioFiles: (id) => files.get(id),
    limitMs: pageLimit ? undefined : LIMIT,
    timers: clock.timers,
  });
  return { clock, workers, watched, settled, notices, files, stops: () => stops };
}

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
  it('a scenario that overran fails at once, without a worker, until its files change; other scenarios still run', async () => {
    const { clock, workers, watched, settled, files } = setup();
    const first = settled(watched.request({ type: 'run', sql: 'endless' }, 'retail'));
    clock.advance(LIMIT + 1000);
    await flush();
    expect(first.error?.message).toBe(stoppedMessage('retail', LIMIT));

    const again = settled(watched.request({ type: 'run', sql: 'other tool' }, 'retail'));
    await flush();
    expect(again.error?.message).toBe(overranMessage('retail', LIMIT));
    expect(again.error?.message).toBe(`${stoppedMessage('retail', LIMIT)} earlier; not run again until its files change (reload the page after editing them)`);
    expect(workers.started).toHaveLength(1); // refused before any worker started
    expect(watched.refusal(['kitchen', 'retail'])).toBe(overranMessage('retail', LIMIT));

    const other = settled(watched.request({ type: 'run', sql: 'a' }, 'kitchen'));
    expect(workers.started).toHaveLength(2);
    workers.started[1].say({ id: 2, type: 'ran' });
    await flush();
    expect(other.value).toEqual({ id: 2, type: 'ran' });

    // The same texts in new strings are the same files; an edit lets the scenario run again.
    files.set('retail', files.get('retail')!.map((text) => `${text} `.slice(0, -1)));
    expect(watched.refusal('retail')).not.toBeNull();
    files.set('retail', ['CREATE TABLE cart (user_id TEXT)', '', '{"tools":[{"name":"get_cart"}]}']);
    expect(watched.refusal('retail')).toBeNull();
    const edited = settled(watched.request({ type: 'run', sql: 'fixed' }, 'retail'));
    expect(workers.started[1].sent.at(-1)).toEqual({ id: 3, type: 'run', sql: 'fixed' });
    workers.started[1].say({ id: 3, type: 'ran' });
    await flush();
    expect(edited.value).toEqual({ id: 3, type: 'ran' });
  });

  it('a request of several scenarios or none (the dashboard, an import): the scenario the worker last told is named and remembered', async () => {
    const { clock, workers, watched, settled } = setup();
    const dashboard = settled(watched.request({ type: 'run', sql: 'dashboard' }, ['kitchen', 'retail']));
    workers.started[0].say({ type: 'alive', scenario: 'kitchen' });
    clock.advance(LIMIT / 2);
    workers.started[0].say({ type: 'alive', scenario: 'retail' });
    workers.started[0].say({ type: 'alive' });
    clock.advance(LIMIT + 1000);
    await flush();
    expect(dashboard.error?.message).toBe(stoppedMessage('retail', LIMIT));
    const next = settled(watched.request({ type: 'run', sql: 'dashboard' }, ['kitchen', 'retail']));
    await flush();
    expect(next.error?.message).toBe(overranMessage('retail', LIMIT));
    expect(watched.refusal('kitchen')).toBeNull();
    // A fresh worker has told nothing yet: a nameless request that overruns names no scenario.
    const nameless = settled(watched.request({ type: 'run', sql: 'import' }));
    clock.advance(LIMIT + 1000);
    await flush();
    expect(nameless.error?.message).toBe(stoppedMessage(undefined, LIMIT));
  });

  it("reads the page's limit as each watch starts (the e2e test raises it between tries)", async () => {
    const page = globalThis as { egostudioWorkerLimitMs?: number };
    page.egostudioWorkerLimitMs = 1000;
    try {
      const { clock, workers, watched, settled } = setup({ pageLimit: true });
      const short = settled(watched.request({ type: 'run', sql: 'endless' }, 'kitchen'));
      clock.advance(1500);
      await flush();
      expect(short.error?.message).toBe(stoppedMessage('kitchen', 1000));
      page.egostudioWorkerLimitMs = 10_000;
      const long = settled(watched.request({ type: 'run', sql: 'slow' }, 'retail'));
      clock.advance(5000);
      workers.started[1].say({ id: 2, type: 'ran' });
      await flush();
      expect(long.value?.type).toBe('ran');
    } finally {
      delete page.egostudioWorkerLimitMs;
    }
  });
});
