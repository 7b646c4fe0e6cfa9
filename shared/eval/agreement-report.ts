// SPEC §11 over a dataset, host-agnostic: `egostudio agreement` (Node, sql.js from disk) and the
// studio's agreement worker (browser, sql.js from the bundle) both call agreementReport with an
// engine provider, so their figures are the same by construction. agreementDashboard adds the
// per-scenario breakdown, the visual-reference agreement and the disagreements worst first.
import type { ScenarioEngine } from '../engine/types';
import type { LoadedDataset } from '../format/loader';
import { compareCodePoints } from '../format/codepoint';
import type { Annotation, Problem, ScenarioDef, Task, ToolCall } from '../format/types';
import { agreeAsIs, compareCallLists, summaryOf, type AgreementSummary, type TaskAgreement } from './agreement';
import { pooledAlphaSums, type PooledAnnotation } from './agreement-alpha';
import { alignCalls, type AlignmentRow } from './call-alignment';
import { normalizeCalls } from './calls';
import type { EngineProvider } from './evaluate';
import { scenarioCache } from './calls';
import { matchContext } from './match-context';
import { finalStateKey } from './replay';
import { readByAgreement } from './files-read';
import { summarizeVisualAgreement, visualAgreement, type VisualAgreement, type VisualAgreementSummary } from './visual-agreement';

export interface AgreementReport {
  tasks: TaskAgreement[];
  summary: AgreementSummary;
  problems: Problem[];
}

/** What the agreement figures read from a dataset. */
export type AgreementDataset = Pick<LoadedDataset, 'scenarios' | 'annotations' | 'problems'> & {
  /** Of a task only its scenario is read. */
  tasks: ReadonlyMap<string, Pick<Task, 'scenario'>>;
};

/** One task's SPEC §11 figures for two call lists (normalised as the CLI does). */
export function compareTask(engine: ScenarioEngine, scenario: ScenarioDef, rawA: readonly ToolCall[], rawB: readonly ToolCall[]) {
  const { tools, writeTools } = scenarioCache(scenario);
  const callsA = normalizeCalls(rawA);
  const callsB = normalizeCalls(rawB);
  const ctx = matchContext(engine);
  const comparison = compareCallLists(callsA, callsB, tools, ctx);
  // SPEC §7's state as result_succ keys it: memoised by the sequence of writes, so tasks whose
  // annotations share their first writes run them once (replay.ts).
  const finalState = (calls: ToolCall[]) => finalStateKey(engine, calls, writeTools);
  return {
    callsA,
    callsB,
    comparison,
    state_equal: finalState(callsA) === finalState(callsB),
    /** The call-level alignment (matched, near, only A, only B) for the panel and adjudication. */
    alignment: () => alignCalls(callsA, callsB, comparison.pairs, tools, ctx),
  };
}

export interface AgreementOptions {
  /** Only these tasks (e.g. one scenario's); all tasks both annotated when absent. */
  taskFilter?: (taskId: string) => boolean;
  /** The list problems are added to (the engine provider's, so their order is kept); a copy of the dataset's by default. */
  problems?: Problem[];
  /** Called as tasks and pairs of annotations are compared (the studio's worker tells its watchdog it is alive). */
  onProgress?: () => void;
  /**
   * False: alpha_dice is left out (null), and with it the comparison of every pooled pair, which
   * grows with the square of the tasks (the studio shows the rest first). Default true.
   */
  alpha?: boolean;
}

/** `egostudio agreement`: SPEC §11 for annotators a and b over the tasks both have annotated. */
export function agreementReport(dataset: AgreementDataset, engines: EngineProvider, a: string, b: string, options: AgreementOptions = {}): AgreementReport {
  const { tasks, summary, problems } = agreementFigures(dataset, engines, a, b, options);
  return { tasks, summary, problems };
}

/** agreementReport, and each scenario's summary (its tasks alone, as agreementReport with a taskFilter of them gives), from one comparison of each pair. */
function agreementFigures(dataset: AgreementDataset, engines: EngineProvider, a: string, b: string, options: AgreementOptions = {}) {
  return figuresOf(dataset, engines, pairComparisons(dataset, engines, a, b, options), a, options);
}

/**
 * Each task's pair compared: SPEC §11's per-task figures, the pooled annotations, and the problems
 * so far (the dataset's of the files agreement reads, readByAgreement, unless options.problems are
 * given, which the caller chose so).
 */
function pairComparisons(dataset: AgreementDataset, engines: EngineProvider, a: string, b: string, options: AgreementOptions) {
  const problems = options.problems ?? dataset.problems.filter((p) => readByAgreement(p.file, a, b));
  const byA = dataset.annotations.get(a);
  const byB = dataset.annotations.get(b);
  for (const [name, found] of [[a, byA], [b, byB]] as const)
    if (!found) problems.push({ file: `annotations/${name}.jsonl`, line: 0, message: `no annotations for annotator "${name}"` });
  const taskIds = [...(byA?.keys() ?? [])]
    .filter((id) => byB?.has(id) && (!options.taskFilter || options.taskFilter(id)))
    .sort(compareCodePoints);
  const tasks: TaskAgreement[] = [];
  /** Tasks both annotated that could not be compared (each with a problem saying why). */
  const leftOut: string[] = [];
  const pooled: PooledAnnotation[] = [];
  /** Each task's call alignment, for the dashboard's disagreements: from the comparison made here, not a second one. */
  const alignments = new Map<string, () => AlignmentRow[]>();
  for (const taskId of taskIds) {
    options.onProgress?.();
    const scenarioId = dataset.tasks.get(taskId)!.scenario;
    const engine = engines(scenarioId);
    if ('error' in engine) {
      problems.push({ file: engine.file, line: 0, message: `task "${taskId}" left out: scenario cannot run (${engine.error})` });
      leftOut.push(taskId);
      continue;
    }
    const scenario = dataset.scenarios.get(scenarioId)!;
    let compared: ReturnType<typeof compareTask>;
    try {
      compared = compareTask(engine, scenario, byA!.get(taskId)!.calls, byB!.get(taskId)!.calls);
    } catch (error) {
      // Calls beyond what can be compared (canonical.ts MAX_MATCHING_PAIRS): this task alone is left out.
      problems.push({ file: `annotations/${a}.jsonl`, line: 0, message: `task "${taskId}" left out: ${(error as Error).message}` });
      leftOut.push(taskId);
      continue;
    }
    tasks.push({
      task_id: taskId,
      exact: compared.comparison.exact,
      seq_exact: compared.comparison.seq_exact,
      call_f1: compared.comparison.call_f1,
      state_equal: compared.state_equal,
    });
    pooled.push({ scenario: scenarioId, calls: compared.callsA }, { scenario: scenarioId, calls: compared.callsB });
    alignments.set(taskId, compared.alignment);
  }
  return { tasks, leftOut, pooled, problems, alignments };
}

/** The figures from the comparisons, with alpha_dice unless options.alpha is false. */
function figuresOf(dataset: AgreementDataset, engines: EngineProvider, compared: ReturnType<typeof pairComparisons>, a: string, options: AgreementOptions) {
  const { tasks, pooled, alignments } = compared;
  const problems = [...compared.problems];
  const alpha = options.alpha === false ? null : pooledAlphaSums(dataset, engines, pooled, options.onProgress);
  if (alpha?.tooLong) problems.push({ file: `annotations/${a}.jsonl`, line: 0, message: 'some annotations of different tasks are too long to compare; alpha_dice counts each such pair as distance 1' });
  const sums = alpha?.sums ?? null;
  const scenarioOf = (t: TaskAgreement) => dataset.tasks.get(t.task_id)!.scenario;
  const scenarioIds = [...new Set(pooled.map((p) => p.scenario))];
  const scenarioSummaries = new Map(scenarioIds.map((id, group) => [id, summaryOf(tasks.filter((t) => scenarioOf(t) === id), sums && (sums.byGroup.get(group) ?? 0))]));
  return { tasks, summary: summaryOf(tasks, sums?.total ?? null), problems, scenarioSummaries, alignments };
}

export interface Disagreement extends TaskAgreement {
  scenario: string;
  /** Calls only one annotator wrote, and near matches (same tool, some parameters differ). */
  onlyA: number;
  onlyB: number;
  near: number;
  visual: VisualAgreement;
}

export interface AgreementDashboard {
  annotators: [string, string];
  overall: AgreementSummary;
  scenarios: { scenario: string; summary: AgreementSummary; visual: VisualAgreementSummary }[];
  visual: VisualAgreementSummary;
  tasks: TaskAgreement[];
  /** Tasks whose annotations do not agree as they are (agreeAsIs), worst first: lowest call_f1, then different state, then id. */
  disagreements: Disagreement[];
  /** Tasks both annotated but not compared (a scenario that cannot run, calls past the matching limit): in no figure; `problems` say why. */
  leftOut: string[];
  problems: Problem[];
  /** True when alpha_dice was left out (AgreementOptions.alpha false): it is still to come. */
  alphaPending: boolean;
}

function visualOf(annotation: Annotation | undefined) {
  return annotation?.visual_refs ?? [];
}

/** The dashboard: overall figures exactly as agreementReport, then per scenario and visual references; `onProgress` and `alpha` as in AgreementOptions. */
export function agreementDashboard(dataset: AgreementDataset, engines: EngineProvider, a: string, b: string, onProgress?: () => void, alpha = true): AgreementDashboard {
  return dashboardOf(dataset, engines, pairComparisons(dataset, engines, a, b, { onProgress }), a, b, alpha, onProgress);
}

/**
 * The dashboard in two steps from one comparison of each pair: `first` without alpha_dice, quick;
 * `withAlpha()` the same with it, the pairs not compared again (the studio shows `first` while alpha
 * comes). Each equals agreementDashboard's with `alpha` false and true.
 */
export function agreementDashboardInTwo(dataset: AgreementDataset, engines: EngineProvider, a: string, b: string, onProgress?: () => void) {
  const compared = pairComparisons(dataset, engines, a, b, { onProgress });
  const first = dashboardOf(dataset, engines, compared, a, b, false, onProgress);
  const withAlpha = (): AgreementDashboard => {
    const figures = figuresOf(dataset, engines, compared, a, { onProgress });
    const scenarios = first.scenarios.map((s) => ({ ...s, summary: figures.scenarioSummaries.get(s.scenario)! }));
    return { ...first, overall: figures.summary, scenarios, problems: figures.problems, alphaPending: false };
  };
  return { first, withAlpha };
}

function dashboardOf(dataset: AgreementDataset, engines: EngineProvider, compared: ReturnType<typeof pairComparisons>, a: string, b: string, alpha: boolean, onProgress?: () => void): AgreementDashboard {
  const report = figuresOf(dataset, engines, compared, a, { onProgress, alpha });
  const scenarioOf = (taskId: string) => dataset.tasks.get(taskId)!.scenario;
  const scenarioIds = [...new Set(report.tasks.map((t) => scenarioOf(t.task_id)))].sort(compareCodePoints);
  const byA = dataset.annotations.get(a);
  const byB = dataset.annotations.get(b);
  const visualByTask = new Map(report.tasks.map((t) => [t.task_id, visualAgreement(visualOf(byA?.get(t.task_id)), visualOf(byB?.get(t.task_id)))]));
  const scenarios = scenarioIds.map((scenario) => ({
    scenario,
    summary: report.scenarioSummaries.get(scenario)!,
    visual: summarizeVisualAgreement(report.tasks.filter((t) => scenarioOf(t.task_id) === scenario).map((t) => visualByTask.get(t.task_id)!)),
  }));
  const disagreements: Disagreement[] = [];
  for (const task of report.tasks) {
    if (agreeAsIs(task)) continue; // the same calls ending elsewhere (another order) need a ruling too
    onProgress?.();
    const scenario = scenarioOf(task.task_id);
    let onlyA = 0;
    let onlyB = 0;
    let near = 0;
    for (const row of report.alignments.get(task.task_id)!()) {
      if (row.kind === 'onlyA') onlyA++;
      else if (row.kind === 'onlyB') onlyB++;
      else if (row.kind === 'near') near++;
    }
    disagreements.push({ ...task, scenario, onlyA, onlyB, near, visual: visualByTask.get(task.task_id)! });
  }
  disagreements.sort(
    (x, y) => x.call_f1 - y.call_f1 || Number(x.state_equal) - Number(y.state_equal) || compareCodePoints(x.task_id, y.task_id),
  );
  return {
    annotators: [a, b],
    overall: report.summary,
    scenarios,
    visual: summarizeVisualAgreement([...visualByTask.values()]),
    tasks: report.tasks,
    disagreements,
    leftOut: compared.leftOut,
    problems: report.problems,
    alphaPending: !alpha,
  };
}

export type { AlignmentRow };
