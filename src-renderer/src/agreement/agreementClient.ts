// Promise-based access to the agreement worker; one worker per page, started on first use and
// again after its watchdog stopped it (workers/watchedWorker.ts). A scenario whose SQL overran
// it is not run again until its files change (workers/overrun.ts): a compare or run of one of
// its tasks fails at once, and the dashboard lists its tasks as left out.
import type { AgreementDashboard } from '../../../shared/eval/agreement-report';
import type { Annotation, ScenarioDef, Task, ToolCall } from '../../../shared/format/types';
import { scenarioDefTexts } from '../workers/scenarioTexts';
import { WatchedWorker, type Needs, type WithoutId } from '../workers/watchedWorker';
import type { FromAgreementWorker, RunOutcome, TaskComparison, ToAgreementWorker } from './protocol';

class AgreementClient {
  private readonly worker = new WatchedWorker<ToAgreementWorker, FromAgreementWorker>({
    start: () => new Worker(new URL('./agreement.worker.ts', import.meta.url), { type: 'module', name: 'agreement' }),
    // A fresh worker has no scenarios: the next request sends the last ones again.
    onStopped: () => (this.loaded = null),
    scenarioFiles: (id) => scenarioDefTexts(this.latest?.scenarios.find((scenario) => scenario.id === id)),
  });
  private loaded: { key: string; done: Promise<void> } | null = null;
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
  private async request(message: WithoutId<ToAgreementWorker>, needs: Needs): Promise<FromAgreementWorker> {
    const refused = this.worker.refusal(needs);
    if (refused !== null) throw new Error(refused);
    await this.ready();
    return this.worker.request(message, needs);
  }

  async compare(scenarioId: string, a: ToolCall[], b: ToolCall[]): Promise<TaskComparison> {
    const reply = await this.request({ type: 'task', scenarioId, a, b }, scenarioId);
    if (reply.type !== 'task') throw new Error('unexpected reply');
    return reply.comparison;
  }

  /** `alpha` false: the dashboard without alpha_dice, quicker by far on thousands of tasks (AgreementDashboard.alphaPending). */
  async dashboard(tasks: Task[], annotations: Map<string, Map<string, Annotation>>, a: string, b: string, alpha = true): Promise<AgreementDashboard> {
    const list = [...annotations].map(([name, byTask]) => [name, [...byTask.values()]] as [string, Annotation[]]);
    // The scenarios it runs: those of the tasks both annotated (shared/eval/agreement-report.ts).
    const both = tasks.filter((task) => annotations.get(a)?.has(task.id) && annotations.get(b)?.has(task.id));
    const scenarios = [...new Set(both.map((task) => task.scenario))];
    // One that overran before is not run: its tasks are listed as left out, the others compared.
    const left = scenarios.flatMap((id): [string, string][] => {
      const refused = this.worker.refusal(id);
      return refused === null ? [] : [[id, refused]];
    });
    const needs = scenarios.filter((id) => !left.some(([leftOut]) => leftOut === id));
    const reply = await this.request({ type: 'dashboard', tasks, annotations: list, a, b, left, alpha }, needs);
    if (reply.type !== 'dashboard') throw new Error('unexpected reply');
    return reply.dashboard;
  }

  async run(scenarioId: string, calls: ToolCall[]): Promise<RunOutcome> {
    const reply = await this.request({ type: 'run', scenarioId, calls }, scenarioId);
    if (reply.type !== 'run') throw new Error('unexpected reply');
    return reply.outcome;
  }
}

export const agreementClient = new AgreementClient();
