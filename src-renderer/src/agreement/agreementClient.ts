// Promise-based access to the agreement worker; one worker per page, started on first use and
// again after its watchdog stopped it (workers/watchedWorker.ts). A scenario whose SQL overran
// it is not run again until its files change (workers/overrun.ts): a compare or run of one of
// its tasks fails at once, and the dashboard lists its tasks as left out.
import type { AgreementDashboard } from '../../../shared/eval/agreement-report';
import type { Annotation, ScenarioDef, Task, ToolCall } from '../../../shared/format/types';
import { scenarioDefTexts } from '../workers/scenarioTexts';
import { WatchedWorker, type Needs, type WithoutId } from '../workers/watchedWorker';
import { annotationsOf, inputPatch, type KeptInput } from './dashboardInput';
import { INPUT_GONE, type DashboardInput, type DashboardPatch, type FromAgreementWorker, type RunOutcome, type TaskComparison, type ToAgreementWorker } from './protocol';

class AgreementClient {
  private readonly worker = new WatchedWorker<ToAgreementWorker, FromAgreementWorker>({
    start: () => new Worker(new URL('./agreement.worker.ts', import.meta.url), { type: 'module', name: 'agreement' }),
    // A fresh worker has no scenarios (the next request sends the last ones again), nor a kept dashboard input.
    onStopped: () => {
      this.loaded = null;
      this.kept = null;
      this.stops++;
    },
    scenarioFiles: (id) => scenarioDefTexts(this.latest?.scenarios.find((scenario) => scenario.id === id)),
  });
  private loaded: { key: string; done: Promise<void> } | null = null;
  /** Times the worker was stopped: a dashboard input it kept is gone with it. */
  private stops = 0;
  /** Dashboard inputs sent so far (each request's is named by its count). */
  private inputs = 0;
  /** The dashboard input the worker keeps, as last sent (whole or patched); null: none, or not known. */
  private kept: KeptInput | null = null;
  /** The dataset's scenarios last asked for, for a worker started after one was stopped. */
  private latest: { key: string; scenarios: ScenarioDef[] } | null = null;

  /** Loads a dataset's scenarios once per key (the dataset id and its scenario files). */
  scenarios(key: string, scenarios: ScenarioDef[]): Promise<void> {
    this.latest = { key, scenarios };
    if (this.loaded?.key !== key) {
      const done = this.worker.request({ type: 'scenarios', key, scenarios }).then(() => undefined);
      done.catch(() => {
        if (this.loaded?.done === done) this.loaded = null;
      });
      this.loaded = { key, done };
    }
    return this.loaded.done;
  }

  /** The latest scenarios, loaded in the worker (again, if it was stopped since). */
  private ready(): Promise<void> | undefined {
    if (!this.loaded && this.latest) return this.scenarios(this.latest.key, this.latest.scenarios);
    return this.loaded?.done;
  }

  /** A request once the scenarios are loaded; one needing a scenario that overran fails at once, before any worker starts. */
  private async request(message: WithoutId<ToAgreementWorker>, needs: Needs, posted?: () => void): Promise<FromAgreementWorker> {
    const refused = this.worker.refusal(needs);
    if (refused !== null) throw new Error(refused);
    await this.ready();
    const reply = this.worker.request(message, needs);
    if (this.worker.refusal(needs) === null) posted?.(); // refused there, it was not sent
    return reply;
  }

  async compare(scenarioId: string, a: ToolCall[], b: ToolCall[]): Promise<TaskComparison> {
    const reply = await this.request({ type: 'task', scenarioId, a, b }, scenarioId);
    if (reply.type !== 'task') throw new Error('unexpected reply');
    return reply.comparison;
  }

  /** The dashboard of a pair over these tasks and annotations (their input sent to the worker). */
  async dashboard(tasks: Task[], annotations: Map<string, Map<string, Annotation>>, a: string, b: string): Promise<AgreementDashboard> {
    return this.askSending(this.dashboardAsked(tasks, annotations, a, b), true);
  }

  /**
   * The dashboard without alpha_dice (AgreementDashboard.alphaPending: quicker by far on thousands
   * of tasks), given to `first`, then with it, unless `wanted()` says no by then (null). The input
   * is sent once: the worker keeps it for the second request (an input of 40,000 annotations took
   * 125 ms of the page's thread to send), or, restarted meanwhile, is sent it again. It is sent as
   * changes to the input the worker kept from the request before, when that is smaller.
   */
  async dashboardInTwo(
    tasks: Task[],
    annotations: Map<string, Map<string, Annotation>>,
    a: string,
    b: string,
    first: (dashboard: AgreementDashboard) => void,
    wanted: () => boolean,
  ): Promise<AgreementDashboard | null> {
    const asked = this.dashboardAsked(tasks, annotations, a, b);
    const stops = this.stops;
    first(await this.askSending(asked, false));
    if (!wanted()) return null;
    if (this.stops !== stops) return this.askDashboard(asked, asked.input, true);
    return this.askDashboard(asked, null, true).catch((error: Error) => {
      if (error.message !== INPUT_GONE) throw error;
      return this.askDashboard(asked, asked.input, true);
    });
  }

  /**
   * The dashboard, its input sent as changes to the one the worker keeps when it keeps one and they
   * are smaller, else whole (also when the worker answers that it no longer keeps it).
   */
  private async askSending(asked: ReturnType<AgreementClient['dashboardAsked']>, alpha: boolean): Promise<AgreementDashboard> {
    const patch = this.kept ? inputPatch(this.kept, asked.input) : null;
    if (patch === null) return this.askDashboard(asked, asked.input, alpha);
    return this.askDashboard(asked, patch, alpha).catch((error: Error) => {
      if (error.message !== INPUT_GONE) throw error;
      return this.askDashboard(asked, asked.input, alpha);
    });
  }

  /** What a dashboard request needs: the input, the scenarios it runs and those left out. */
  private dashboardAsked(tasks: Task[], annotations: Map<string, Map<string, Annotation>>, a: string, b: string) {
    const list = [a, b].flatMap((name): [string, Annotation[]][] => {
      const byTask = annotations.get(name);
      return byTask ? [[name, [...byTask.values()]]] : [];
    });
    // The scenarios it runs: those of the tasks both annotated (shared/eval/agreement-report.ts).
    const both = tasks.filter((task) => annotations.get(a)?.has(task.id) && annotations.get(b)?.has(task.id));
    const scenarios = [...new Set(both.map((task) => task.scenario))];
    // One that overran before is not run: its tasks are listed as left out, the others compared.
    const left = scenarios.flatMap((id): [string, string][] => {
      const refused = this.worker.refusal(id);
      return refused === null ? [] : [[id, refused]];
    });
    const needs = scenarios.filter((id) => !left.some(([leftOut]) => leftOut === id));
    const input: DashboardInput = { tasks: tasks.map(({ id, scenario }) => ({ id, scenario })), annotations: list };
    return { inputId: ++this.inputs, input, a, b, left, needs };
  }

  /** `sent`: the input whole, as changes to the one the worker keeps, or null (the worker keeps this one). */
  private async askDashboard(asked: ReturnType<AgreementClient['dashboardAsked']>, sent: DashboardInput | DashboardPatch | null, alpha: boolean): Promise<AgreementDashboard> {
    const { inputId, input, a, b, left, needs } = asked;
    // Once sent, the worker keeps this input (a patch it cannot apply is answered INPUT_GONE, and
    // sent whole after), so the next is sent as changes to it. Copied: the caller's maps may change.
    const keep = () => void (this.kept = { inputId, tasks: input.tasks, annotations: annotationsOf(input) });
    const answered = await this.request({ type: 'dashboard', inputId, input: sent, a, b, left, alpha }, needs, sent === null ? undefined : keep);
    if (answered.type !== 'dashboard') throw new Error('unexpected reply');
    return answered.dashboard;
  }

  async run(scenarioId: string, calls: ToolCall[]): Promise<RunOutcome> {
    const reply = await this.request({ type: 'run', scenarioId, calls }, scenarioId);
    if (reply.type !== 'run') throw new Error('unexpected reply');
    return reply.outcome;
  }
}

export const agreementClient = new AgreementClient();
