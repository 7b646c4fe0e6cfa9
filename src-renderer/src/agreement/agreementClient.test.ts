import { describe, expect, it, vi } from 'vitest';
import type { AgreementDashboard } from '../../../shared/eval/agreement-report';
import type { Annotation, ScenarioDef, Task } from '../../../shared/format/types';
import { overranMessage, stoppedMessage } from '../workers/overrun';
import { fakePageWorkers, settled } from '../workers/test-workers';
import { agreementClient, RESTART_UNWANTED_AFTER_MS } from './agreementClient';
import { INPUT_GONE, type DashboardInput, type FromAgreementWorker, type TaskComparison, type ToAgreementWorker } from './protocol';

const LIMIT = 1000;
const workers = fakePageWorkers<ToAgreementWorker, FromAgreementWorker>(LIMIT);

const scenario = (id: string, dataSql = ''): ScenarioDef => ({ id, schemaSql: `CREATE TABLE ${id} (x)`, dataSql, library: { state_tables: [id], tools: [] } });
const task = (id: string, scenarioId: string) => ({ id, scenario: scenarioId }) as Task;
const annotation = (taskId: string, calls: unknown[] = []) => ({ task_id: taskId, calls }) as unknown as Annotation;
const flush = () => vi.advanceTimersByTimeAsync(0);

/** Answers what the current worker was sent, each with `reply` of its type. */
function answer(reply: (message: ToAgreementWorker) => FromAgreementWorker | null) {
  const port = workers.started.at(-1)!;
  for (const message of port.sent.splice(0)) {
    const out = reply(message);
    if (out) port.say(out);
  }
}
const dashboards = (messages: ToAgreementWorker[]) => messages.filter((m): m is Extract<ToAgreementWorker, { type: 'dashboard' }> => m.type === 'dashboard');
const ok = (message: ToAgreementWorker) => (message.type === 'scenarios' ? ({ id: message.id, type: 'ok' } as const) : null);

describe('agreementClient', () => {
  it("remembers the dashboard's overrun by the scenario its worker last told: then that scenario's tasks fail at once, the dashboard leaves them out, other tasks compare, edited files run", async () => {
    const tasks = [task('retail-06', 'retail'), task('kitchen-01', 'kitchen')];
    const both = new Map(tasks.map((t) => [t.id, annotation(t.id)]));
    const annotations = new Map([['ana', both], ['ben', both]]);
    void agreementClient.scenarios('sample', [scenario('retail'), scenario('kitchen')]);
    const dashboard = settled(agreementClient.dashboard(tasks, annotations, 'ana', 'ben'));
    await flush();
    answer(ok);
    await flush();
    expect(workers.started[0].sent.map((m) => m.type)).toEqual(['dashboard']);
    workers.started[0].say({ type: 'alive', scenario: 'kitchen' });
    workers.started[0].say({ type: 'alive', scenario: 'retail' });
    await vi.advanceTimersByTimeAsync(LIMIT + 500);
    expect(dashboard.error?.message).toBe(stoppedMessage('retail', LIMIT));

    const again = settled(agreementClient.dashboard(tasks, annotations, 'ana', 'ben'));
    const compare = settled(agreementClient.compare('retail', [], []));
    await flush();
    expect(compare.error?.message).toBe(overranMessage('retail', LIMIT));
    // The dashboard goes on without retail, in a fresh worker: retail's tasks are left out (with why), kitchen's compared.
    expect(workers.started).toHaveLength(2);
    answer(ok);
    await flush();
    expect(workers.started[1].sent).toEqual([expect.objectContaining({ type: 'dashboard', left: [['retail', overranMessage('retail', LIMIT)]] })]);
    answer((m) => (m.type === 'dashboard' ? { id: m.id, type: 'dashboard', dashboard: figures } : null));
    await flush();
    expect(again.value).toBe(figures);

    const kitchen = settled(agreementClient.run('kitchen', []));
    await flush();
    expect(workers.started).toHaveLength(2);
    answer((m) => (m.type === 'run' ? { id: m.id, type: 'run', outcome: { results: [], diff: [], stateKey: 'k' } } : null));
    await flush();
    expect(kitchen.value?.stateKey).toBe('k');

    // The dataset read again with retail's data.sql changed: retail runs.
    void agreementClient.scenarios('sample-2', [scenario('retail', 'INSERT INTO retail VALUES (1)'), scenario('kitchen')]);
    const edited = settled(agreementClient.run('retail', []));
    await flush();
    answer(ok);
    await flush();
    expect(workers.started[1].sent.map((m) => m.type)).toEqual(['run']);
    expect(edited.error).toBeUndefined();
  });

  it('asks for the dashboard in two, without alpha then with it, sending the input once; again when the worker lost it', async () => {
    const tasks = [{ ...task('kitchen-01', 'kitchen'), instruction: 'A long instruction the dashboard never reads.' }];
    const both = new Map(tasks.map((t) => [t.id, annotation(t.id)]));
    const annotations = new Map([['ana', both], ['ben', both], ['cleo', both]]);
    const port = workers.started.at(-1)!;
    const quick = { alphaPending: true } as unknown as AgreementDashboard;
    const full = { alphaPending: false } as unknown as AgreementDashboard;
    const seen: AgreementDashboard[] = [];
    const result = settled(agreementClient.dashboardInTwo(tasks, annotations, 'ana', 'ben', (d) => seen.push(d), () => true));
    await flush();
    const [first] = dashboards(port.sent.splice(0));
    // Only what the dashboard reads is copied to the worker: each task's scenario, the pair's annotations.
    expect(first).toMatchObject({ alpha: false, input: { tasks: [{ id: 'kitchen-01', scenario: 'kitchen' }] } });
    const whole = first.input as DashboardInput;
    expect(whole.tasks[0]).not.toHaveProperty('instruction');
    expect(whole.annotations.map(([name]) => name)).toEqual(['ana', 'ben']);
    port.say({ id: first.id, type: 'dashboard', dashboard: quick });
    await flush();
    expect(seen).toEqual([quick]);
    // The second asks for the kept input by its name, without it; the worker no longer holds it: sent again.
    const [second] = dashboards(port.sent.splice(0));
    expect(second).toMatchObject({ alpha: true, input: null, inputId: first.inputId });
    port.say({ id: second.id, type: 'error', message: INPUT_GONE });
    await flush();
    const [third] = dashboards(port.sent.splice(0));
    expect(third).toMatchObject({ alpha: true, input: first.input!, inputId: first.inputId });
    port.say({ id: third.id, type: 'dashboard', dashboard: full });
    await flush();
    expect(result.value).toBe(full);
  });

  it('sends the next input as the changes to the one the worker keeps, and whole when it no longer keeps it', async () => {
    const { tasks, lines } = threeTasks('t2');
    const port = workers.started.at(-1)!;
    // Other tasks than the input kept from the test before: sent whole.
    const before = settled(agreementClient.dashboard(tasks, new Map([['ana', lines()], ['ben', lines()]]), 'ana', 'ben'));
    await flush();
    const [whole] = dashboards(port.sent.splice(0));
    expect(whole.input).toHaveProperty('tasks');
    await answered(port, whole, before);

    // One annotation edited, the others read again (equal, new objects): only it is sent, over the input kept.
    const edited = [{ tool_name: 'open', parameters: { door: 'fridge' } }];
    const after = settled(agreementClient.dashboard(tasks, new Map([['ana', lines(edited)], ['ben', lines()]]), 'ana', 'ben'));
    await flush();
    const [patched] = dashboards(port.sent.splice(0));
    expect(patched.input).toEqual({ base: whole.inputId, annotators: [['ana', [annotation('t2', edited)], []]] });
    // A worker that no longer keeps it says so: the input is sent whole, under the same name.
    port.say({ id: patched.id, type: 'error', message: INPUT_GONE });
    await flush();
    const [again] = dashboards(port.sent.splice(0));
    expect(again).toMatchObject({ inputId: patched.inputId, input: { tasks: [{ id: 't1' }, { id: 't2' }, { id: 't3' }] } });
    expect((again.input as DashboardInput).annotations[0][1][1]).toEqual(annotation('t2', edited));
    await answered(port, again, after);
  });

  it('asks in two after a patch (the patch, then the input kept by its name), and sends whole what a request never posted, or a stopped worker lost', async () => {
    const { tasks, lines } = threeTasks('t3');
    let port = workers.started.at(-1)!;
    const answerDashboards = () => answer((m) => (m.type === 'dashboard' ? { id: m.id, type: 'dashboard', dashboard: figures } : null));
    await settledDashboard(agreementClient.dashboard(tasks, new Map([['ana', lines()], ['ben', lines()]]), 'ana', 'ben'), answerDashboards);

    const seen: AgreementDashboard[] = [];
    const inTwo = settled(agreementClient.dashboardInTwo(tasks, new Map([['ana', lines([{ tool_name: 'x', parameters: {} }])], ['ben', lines()]]), 'ana', 'ben', (d) => seen.push(d), () => true));
    await flush();
    const [patched] = dashboards(port.sent.splice(0));
    expect(patched).toMatchObject({ alpha: false, input: { annotators: [['ana', [expect.objectContaining({ task_id: 't3' })], []]] } });
    port.say({ id: patched.id, type: 'dashboard', dashboard: figures });
    await flush();
    const [second] = dashboards(port.sent.splice(0));
    expect(second).toMatchObject({ alpha: true, input: null, inputId: patched.inputId });
    await answered(port, second, inTwo);

    // The scenarios fail to load: the request is never posted, so the next one is not a patch over it.
    void agreementClient.scenarios('other-scenarios', [scenario('kitchen')]).catch(() => undefined);
    const unsent = settled(agreementClient.dashboard(tasks, new Map([['ana', lines()], ['ben', lines()]]), 'ana', 'ben'));
    await flush();
    answer((m) => (m.type === 'scenarios' ? { id: m.id, type: 'error', message: 'the scenarios did not load' } : null));
    await flush();
    expect(unsent.error?.message).toBe('the scenarios did not load');
    const after = settled(agreementClient.dashboard(tasks, new Map([['ana', lines()], ['ben', lines()]]), 'ana', 'ben'));
    await flush();
    answer(ok);
    await flush();
    const [next] = dashboards(port.sent.splice(0));
    expect(next.input, 'a patch over the input last posted, not over the one never sent').toMatchObject({ base: patched.inputId });
    await answered(port, next, after);

    // A worker stopped (its time limit) keeps nothing: the next input is sent whole to the new one.
    const stopped = settled(agreementClient.dashboard(tasks, new Map([['ana', lines()], ['ben', lines()]]), 'ana', 'ben'));
    await flush();
    await vi.advanceTimersByTimeAsync(LIMIT + 500);
    expect(stopped.error).toBeDefined();
    const again = settled(agreementClient.dashboard(tasks, new Map([['ana', lines()], ['ben', lines()]]), 'ana', 'ben'));
    await flush();
    port = workers.started.at(-1)!;
    answer(ok);
    await flush();
    const [whole] = dashboards(port.sent.splice(0));
    expect(whole.input).toHaveProperty('tasks');
    await answered(port, whole, again);
  });

  it('restarts the worker for a newer request when the alpha it computes is no longer wanted, asking the fresh one again what else it cut short', async () => {
    const { tasks, lines } = threeTasks('t1');
    const port = workers.started.at(-1)!;
    const quick = (n: number) => ({ alphaPending: true, n }) as unknown as AgreementDashboard;
    const answerFirst = (dashboard: AgreementDashboard) => answer((m) => (m.type === 'dashboard' && !m.alpha ? { id: m.id, type: 'dashboard', dashboard } : ok(m)));
    const seen: AgreementDashboard[] = [];
    let live = true;
    const stale = settled(agreementClient.dashboardInTwo(tasks, new Map([['ana', lines()], ['ben', lines()]]), 'ana', 'ben', (d) => seen.push(d), () => live));
    await flush();
    answerFirst(quick(1));
    await flush();
    // The worker computes alpha (answering nothing meanwhile); a task compared waits behind it.
    expect(dashboards(port.sent)).toEqual([expect.objectContaining({ alpha: true })]);
    const compare = settled(agreementClient.compare('kitchen', [], []));
    await flush();
    expect(port.sent.map((m) => m.type)).toEqual(['dashboard', 'task']);
    await busy(port, RESTART_UNWANTED_AFTER_MS);
    expect(port.terminated).toBe(false);

    // An annotation changes: that alpha is wanted no more, and the newer dashboard is asked. The
    // worker is ended at once rather than left to finish it; the fresh one is asked the newer
    // dashboard (its input whole: the old worker's is gone) and the compare again.
    live = false;
    const edited = new Map([['ana', lines([{ tool_name: 'open', parameters: { door: 'fridge' } }])], ['ben', lines()]]);
    const newer = settled(agreementClient.dashboardInTwo(tasks, edited, 'ana', 'ben', (d) => seen.push(d), () => true));
    await flush();
    expect(port.terminated).toBe(true);
    expect(stale.error).toBeUndefined();
    expect(stale.value, 'the stale alpha is no answer: null, as when not wanted').toBeNull();
    expect(compare.error, 'a request still wanted is not failed by the restart').toBeUndefined();
    const fresh = workers.started.at(-1)!;
    expect(fresh).not.toBe(port);
    answer(ok);
    await flush();
    const asked = fresh.sent.splice(0);
    expect(asked.map((m) => m.type).sort()).toEqual(['dashboard', 'task']);
    expect(dashboards(asked)).toEqual([expect.objectContaining({ alpha: false, input: expect.objectContaining({ tasks: expect.any(Array) }) })]);
    const [first] = dashboards(asked);
    expect((first.input as DashboardInput).annotations[0][1][0]).toEqual(annotation('t1', [{ tool_name: 'open', parameters: { door: 'fridge' } }]));
    for (const m of asked) fresh.say(m.type === 'task' ? { id: m.id, type: 'task', comparison: { exact: true } as TaskComparison } : { id: m.id, type: 'dashboard', dashboard: quick(2) });
    await flush();
    // The newer figures are shown, though the stale alpha was never answered.
    expect(seen).toEqual([quick(1), quick(2)]);
    expect(compare.value).toEqual({ exact: true });
    const [alpha] = dashboards(fresh.sent.splice(0));
    expect(alpha).toMatchObject({ alpha: true, input: null, inputId: first.inputId });
    await answered(fresh, alpha, newer);
  });

  it('lets an unwanted alpha that has run only briefly go on a while (it may be about to end), then restarts the worker', async () => {
    const { tasks, lines } = threeTasks('t2');
    const port = workers.started.at(-1)!;
    let live = true;
    const stale = settled(agreementClient.dashboardInTwo(tasks, new Map([['ana', lines()], ['ben', lines()]]), 'ana', 'ben', () => undefined, () => live));
    await flush();
    answer((m) => (m.type === 'dashboard' && !m.alpha ? { id: m.id, type: 'dashboard', dashboard: figures } : ok(m)));
    await flush();
    expect(dashboards(port.sent.splice(0))).toEqual([expect.objectContaining({ alpha: true })]);
    live = false;
    const compare = settled(agreementClient.compare('kitchen', [], []));
    await flush();
    expect(port.terminated).toBe(false);
    expect(port.sent.map((m) => m.type)).toEqual(['task']);
    await busy(port, RESTART_UNWANTED_AFTER_MS);
    expect(port.terminated).toBe(true);
    expect(stale.value).toBeNull();
    const fresh = workers.started.at(-1)!;
    answer(ok);
    await flush();
    const [again] = fresh.sent.splice(0);
    expect(again).toMatchObject({ type: 'task', scenarioId: 'kitchen' });
    fresh.say({ id: again.id, type: 'task', comparison: { exact: true } as TaskComparison });
    await flush();
    expect(compare.value).toEqual({ exact: true });
  });
});

/** The worker busy for `ms`, beating (workerBeat.ts) so that its watchdog lets it be. */
async function busy(port: { say(message: FromAgreementWorker): void }, ms: number) {
  for (let spent = 0; spent < ms; spent += LIMIT / 2) {
    await vi.advanceTimersByTimeAsync(LIMIT / 2);
    port.say({ type: 'alive' });
  }
}

/** Three kitchen tasks, and both annotators' lines for them: `changed`'s calls as given, the others none. */
function threeTasks(changed: string) {
  const tasks = ['t1', 't2', 't3'].map((id) => task(id, 'kitchen'));
  const lines = (calls: unknown[] = []) => new Map(tasks.map((t) => [t.id, annotation(t.id, t.id === changed ? calls : [])]));
  return { tasks, lines };
}

const figures = { tasks: [] } as unknown as AgreementDashboard;

/** The worker answers `asked` with `figures`, and the dashboard `result` waited for is them. */
async function answered(port: { say(message: FromAgreementWorker): void }, asked: { id: number }, result: { value?: AgreementDashboard | null }) {
  port.say({ id: asked.id, type: 'dashboard', dashboard: figures });
  await flush();
  expect(result.value).toBe(figures);
}

/** Waits for a dashboard, answering the worker with `answerAll` once it was asked. */
async function settledDashboard(asked: Promise<AgreementDashboard>, answerAll: () => void) {
  const result = settled(asked);
  await flush();
  answerAll();
  await flush();
  expect(result.error).toBeUndefined();
  return result.value;
}
