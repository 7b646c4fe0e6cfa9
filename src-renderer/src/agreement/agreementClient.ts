// Promise-based access to the agreement worker; one worker per page, started on first use and
// again after its watchdog stopped it (workers/watchedWorker.ts). A scenario whose SQL overran
// it is not run again until its files change (workers/overrun.ts): a compare or run of one of
// its tasks fails at once, and the dashboard lists its tasks as left out. An alpha_dice no one wants
// any more (its dashboard's input changed since) is not waited out: the worker runs it without a
// break (no message reaches it meanwhile, and the page is not cross-origin isolated, so no shared
// flag either), so once a newer request comes the worker is restarted, and the requests it cut
// short that are still wanted are asked again of the fresh one.
import type { AgreementDashboard } from '../../../shared/eval/agreement-report';
import type { Annotation, ScenarioDef, Task, ToolCall } from '../../../shared/format/types';
import { pageTimers } from '../clock';
import { scenarioDefTexts } from '../workers/scenarioTexts';
import { WatchedWorker, type Needs, type WithoutId } from '../workers/watchedWorker';
import { annotationsOf, inputPatch, type KeptInput } from './dashboardInput';
import { INPUT_GONE, type DashboardInput, type DashboardPatch, type FromAgreementWorker, type RunOutcome, type TaskComparison, type ToAgreementWorker } from './protocol';

/** Why a request failed that the worker's restart for a newer request cut short (one still wanted is asked again, so only an unwanted one fails so). */
export const SUPERSEDED = 'superseded: the agreement worker was restarted for a newer request';

/**
 * How long an unwanted alpha_dice has to have run before a newer request restarts the worker, or
 * is left to wait until it has (then restarted if it is still running). A restart costs the newer
 * request about this much (worker and sql.js start: 0.5-0.9 s on two busy cores; the scenarios'
 * seeds; the input sent whole; its comparisons without the memos of the worker it replaces: the
 * first figures of 2,000 distinct tasks 10 s after an edit instead of 1.4 s there), so an alpha
 * about to end is let end, and a long one costs at most this much more than a restart.
 */
export const RESTART_UNWANTED_AFTER_MS = 2000;

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
  /** Requests posted and not answered that their callers may stop wanting (alpha_dice's), each with whether it is still wanted. */
  private readonly cancellable = new Set<{ wanted: () => boolean; since: number }>();
  /** Set while an unwanted request is let run a while (RESTART_UNWANTED_AFTER_MS) before the worker is restarted. */
  private restartTimer: number | undefined;

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

  /**
   * A request once the scenarios are loaded; one needing a scenario that overran fails at once,
   * before any worker starts. First the worker is restarted if it holds a request no longer wanted
   * (dropUnwanted). `wanted`: the request may be cut short so once its caller says no; without it,
   * or while it says yes, a request cut short is asked again (of the fresh worker).
   */
  private async request(message: WithoutId<ToAgreementWorker>, needs: Needs, posted?: () => void, wanted?: () => boolean): Promise<FromAgreementWorker> {
    this.dropUnwanted();
    const refused = this.worker.refusal(needs);
    if (refused !== null) throw new Error(refused);
    const entry = wanted ? { wanted, since: 0 } : null;
    try {
      await this.ready();
      const reply = this.worker.request(message, needs);
      if (this.worker.refusal(needs) === null) posted?.(); // refused there, it was not sent
      if (entry) this.cancellable.add(Object.assign(entry, { since: pageTimers.now() }));
      return await reply;
    } catch (error) {
      if ((error as Error).message === SUPERSEDED && (wanted?.() ?? true)) return this.request(message, needs, posted, wanted);
      throw error;
    } finally {
      if (entry) this.cancellable.delete(entry);
    }
  }

  /**
   * A worker holding a request no one wants (an alpha_dice whose dashboard's input changed since:
   * on thousands of distinct annotations, tens of seconds) would answer the next request only
   * after it: it is restarted once that request has run RESTART_UNWANTED_AFTER_MS, now or when it
   * has (checked again then).
   */
  private dropUnwanted(): void {
    let wait = Infinity;
    for (const { wanted, since } of this.cancellable) {
      if (wanted()) continue;
      const left = since + RESTART_UNWANTED_AFTER_MS - pageTimers.now();
      if (left <= 0) {
        this.cancellable.clear();
        this.worker.restart(SUPERSEDED);
        return;
      }
      wait = Math.min(wait, left);
    }
    if (wait === Infinity || this.restartTimer !== undefined) return;
    this.restartTimer = pageTimers.setTimeout(() => {
      this.restartTimer = undefined;
      this.dropUnwanted();
    }, wait);
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
   * of tasks), given to `first`, then with it, unless `wanted()` says no by then (null), or says no
   * while alpha is computed and another request comes (null: the worker was restarted for it). The input
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
    this.dropUnwanted(); // before `stops` is read: a restart for this request loses no input it sends
    const asked = this.dashboardAsked(tasks, annotations, a, b);
    const stops = this.stops;
    first(await this.askSending(asked, false));
    if (!wanted()) return null;
    const withAlpha =
      this.stops !== stops
        ? this.askDashboard(asked, asked.input, true, wanted)
        : this.askDashboard(asked, null, true, wanted).catch((error: Error) => {
            if (error.message !== INPUT_GONE) throw error;
            return this.askDashboard(asked, asked.input, true, wanted);
          });
    return withAlpha.catch((error: Error) => {
      if (error.message === SUPERSEDED) return null; // no longer wanted, and cut short for a newer request
      throw error;
    });
  }

  /**
   * The dashboard, its input sent as changes to the one the worker keeps when it keeps one and they
   * are smaller, else whole (also when the worker answers that it no longer keeps it).
   */
  private async askSending(asked: ReturnType<AgreementClient['dashboardAsked']>, alpha: boolean): Promise<AgreementDashboard> {
    this.dropUnwanted(); // first: a worker restarted keeps no input to patch
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
  private async askDashboard(asked: ReturnType<AgreementClient['dashboardAsked']>, sent: DashboardInput | DashboardPatch | null, alpha: boolean, wanted?: () => boolean): Promise<AgreementDashboard> {
    const { inputId, input, a, b, left, needs } = asked;
    // Once sent, the worker keeps this input (a patch it cannot apply is answered INPUT_GONE, and
    // sent whole after), so the next is sent as changes to it. Copied: the caller's maps may change.
    const keep = () => void (this.kept = { inputId, tasks: input.tasks, annotations: annotationsOf(input) });
    const answered = await this.request({ type: 'dashboard', inputId, input: sent, a, b, left, alpha }, needs, sent === null ? undefined : keep, wanted);
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
