// The paper's tables and figure data from an evaluation report (pure: no DOM, no Node).
// Every success rate and efficiency figure is read from report.models, as `egostudio evaluate`
// computed it (SPEC §10); only the label shares with human overrides are recomputed, by the
// same aggregate() over the same rows with the overriding labels.
import { aggregate, type Figures, type ScoredTrajectory } from '../eval/aggregate';
import type { Label } from '../eval/profile';
import { ownValue } from '../format/own-data';
import type { Problem } from '../format/types';
import { unknownLabelProblem } from './reviews';
import type { EvaluationRun, ReviewRecord, TrajectoryUsage } from './types';

export const MODE_ORDER = ['dynamic_easy', 'dynamic_hard', 'static'];

export const MODE_NAMES: Record<string, string> = {
  dynamic_easy: 'Dynamic Easy',
  dynamic_hard: 'Dynamic Hard',
  static: 'Static',
  overall: 'Overall',
};

export const LABEL_NAMES: Record<string, string> = {
  correct: 'Correct',
  syntactic: 'Syntactic',
  perception: 'Perception',
  hallucination: 'Hallucination',
  logic: 'Logic',
  memory: 'Memory',
  over_operation: 'Over-operation',
  unknown: 'Unknown (no class)',
};

// Modes and labels are names from data: only the tables' own entries name them.
export const modeName = (mode: string) => ownValue(MODE_NAMES, mode) ?? mode;
export const labelName = (label: string) => ownValue(LABEL_NAMES, label) ?? label;

/** The paper's main-table figures, in its column order. */
export const MAIN_FIGURES = [
  ['joint_succ', 'JointSucc'],
  ['tool_succ', 'ToolSucc'],
  ['micro_acc', 'MicroAcc'],
  ['result_succ', 'ResultSucc'],
] as const;

/** Table 11's efficiency figures; the first two are ratios shown as percentages. */
export const EFFICIENCY_FIGURES = [
  ['tool_prec', 'ToolPrec'],
  ['tool_f1', 'ToolF1'],
  ['tool_eff', 'ToolEff'],
  ['turn_eff', 'TurnEff'],
  ['token_eff', 'TokenEff'],
] as const;

export type Cell = string | number | null;

/** A table as the exporters and the UI read it. Numbers are in display units (percent for rates). */
export interface ReportTable {
  id: 'main' | 'coverage' | 'scenarios' | 'errors' | 'efficiency' | 'runs';
  title: string;
  /** Column headers; with groups, the sub-headers under each group. */
  header: string[];
  /** Optional spanning header row (LaTeX, HTML); spans add up to header.length. */
  groups?: { label: string; span: number }[];
  rows: Cell[][];
  /** Decimal places for numbers in Markdown, LaTeX and the UI. */
  digits: number;
  note?: string;
  /** Per row, a short mark with its reason (the UI shows it by the row's name); null: none. */
  rowMarks?: ({ mark: string; reason: string } | null)[];
}

/** Flat column names: "Dynamic Easy JointSucc" under a group, else the header. */
export function flatColumns(table: ReportTable): string[] {
  if (!table.groups) return [...table.header];
  const names: string[] = [];
  let i = 0;
  for (const group of table.groups)
    for (let k = 0; k < group.span; k++, i++) names.push(group.label ? `${group.label} ${table.header[i]}` : table.header[i]);
  return names;
}

export interface ScatterPoint {
  model: string;
  /** A mode id, or 'overall'. */
  mode: string;
  /** Mean input + output tokens per trajectory (SPEC §10 weighted); null without usage data or token counts (0 tokens in every stratum). */
  tokens: number | null;
  rounds: number | null;
  calls: number | null;
  /** JointSucc in percent, from report.models. */
  joint_succ: number | null;
}

export interface LabelShares {
  model: string;
  /** label -> share in percent (SPEC §10 weighted, overall). */
  auto: Record<string, number | null>;
  reviewed: Record<string, number | null>;
  /** Trajectories of this model whose label a review changed. */
  overridden: number;
}

export interface ReportModel {
  models: string[];
  modes: string[];
  scenarios: string[];
  labels: string[];
  trajectoryCount: number;
  tables: { main: ReportTable; coverage: ReportTable; scenarios: ReportTable; errors: ReportTable; efficiency: ReportTable };
  /** One row per run with its automatic label and the human one applied (CSV only: thousands of rows). */
  runs: ReportTable;
  /** The human label applied to each reviewed run, with who gave it and why. */
  humanLabels: Map<string, { label: string; reviewer?: string; reason?: string }>;
  errors: LabelShares[];
  /** JointSucc (percent) per model and scenario, the Fig. 3 data. */
  scenarioJoint: { model: string; values: Record<string, number | null> }[];
  scatter: ScatterPoint[];
  overrides: { applied: number; unknownTrajectory: number; unknownLabel: number; stale: number };
  problems: Problem[];
}

const pct = (v: number | null | undefined): number | null => (v === null || v === undefined ? null : 100 * v);

function orderModes(modes: Iterable<string>): string[] {
  const set = new Set(modes);
  return [...MODE_ORDER.filter((m) => set.has(m)), ...[...set].filter((m) => !MODE_ORDER.includes(m)).sort()];
}

function meanOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((s, v) => s + v, 0) / present.length;
}

/** Mean rounds, tokens and calls per trajectory per mode, SPEC §10 weighted; overall the mean of modes. */
function usageByMode(
  rows: readonly { model: string; mode: string; scenario: string; calls: number; usage?: TrajectoryUsage }[],
  taskCounts: Record<string, number>,
): Map<string, Map<string, { tokens: number | null; rounds: number | null; calls: number | null }>> {
  type Sums = { n: number; tokens: number; rounds: number; calls: number; withUsage: number };
  const strata = new Map<string, Map<string, Map<string, Sums>>>();
  for (const r of rows) {
    const byMode = strata.get(r.model) ?? new Map<string, Map<string, Sums>>();
    strata.set(r.model, byMode);
    const byScenario = byMode.get(r.mode) ?? new Map<string, Sums>();
    byMode.set(r.mode, byScenario);
    const s = byScenario.get(r.scenario) ?? { n: 0, tokens: 0, rounds: 0, calls: 0, withUsage: 0 };
    byScenario.set(r.scenario, s);
    s.n++;
    s.calls += r.calls;
    if (r.usage) {
      s.withUsage++;
      s.tokens += r.usage.tokens;
      s.rounds += r.usage.rounds;
    }
  }
  const weighted = (parts: { value: number | null; weight: number }[]) => {
    let sum = 0;
    let weights = 0;
    for (const p of parts) {
      if (p.value === null) continue;
      sum += p.weight * p.value;
      weights += p.weight;
    }
    return weights === 0 ? null : sum / weights;
  };
  const out = new Map<string, Map<string, { tokens: number | null; rounds: number | null; calls: number | null }>>();
  for (const [model, byMode] of strata) {
    const modes = new Map<string, { tokens: number | null; rounds: number | null; calls: number | null }>();
    for (const [mode, byScenario] of byMode) {
      const parts = [...byScenario.entries()].map(([scenario, s]) => ({ s, weight: taskCounts[scenario] ?? 0 }));
      modes.set(mode, {
        calls: weighted(parts.map(({ s, weight }) => ({ value: s.calls / s.n, weight }))),
        // Missing token counts are 0 (SPEC §10), so a stratum of 0 tokens has none: no mean (its TokenEff is null too), not a point at 0.
        tokens: weighted(parts.map(({ s, weight }) => ({ value: s.withUsage && s.tokens > 0 ? s.tokens / s.withUsage : null, weight }))),
        rounds: weighted(parts.map(({ s, weight }) => ({ value: s.withUsage ? s.rounds / s.withUsage : null, weight }))),
      });
    }
    const all = [...modes.values()];
    modes.set('overall', {
      calls: meanOf(all.map((m) => m.calls)),
      tokens: meanOf(all.map((m) => m.tokens)),
      rounds: meanOf(all.map((m) => m.rounds)),
    });
    out.set(model, modes);
  }
  return out;
}

/**
 * Per model, the modes whose runs miss tasks ("Static 20 of 30 tasks; Dynamic Hard none"), or null
 * when it ran every task of tasks.jsonl in every mode of the report. SPEC §10 weights only the
 * scenarios a model ran and Overall means the modes it has, so such a row reads as complete.
 */
function partialCoverage(run: Pick<EvaluationRun, 'task_counts' | 'trajectories'>, models: string[], modes: string[]): (string | null)[] {
  const taskTotal = Object.values(run.task_counts).reduce((sum, n) => sum + n, 0);
  if (taskTotal === 0) return models.map(() => null);
  const ran = new Map<string, Set<string>>();
  for (const t of run.trajectories) {
    const key = `${t.model}\u0000${t.mode}`;
    let tasks = ran.get(key);
    if (!tasks) ran.set(key, (tasks = new Set()));
    tasks.add(t.task_id);
  }
  return models.map((model) => {
    const short = modes.flatMap((mode) => {
      const n = ran.get(`${model}\u0000${mode}`)?.size ?? 0;
      return n >= taskTotal ? [] : [`${modeName(mode)} ${n === 0 ? 'none' : `${n} of ${taskTotal} tasks`}`];
    });
    return short.length > 0 ? short.join(', ') : null;
  });
}

/** The models of a run that did not run every task in every mode, with where (the CLI's evaluate says it as a note). */
export function partialModels(run: Pick<EvaluationRun, 'task_counts' | 'trajectories'>): { model: string; where: string }[] {
  const models = [...new Set(run.trajectories.map((t) => t.model))].sort();
  const modes = orderModes(run.trajectories.map((t) => t.mode));
  return partialCoverage(run, models, modes).flatMap((where, i) => (where ? [{ model: models[i], where }] : []));
}

/** Builds every table and figure of the report. */
export function buildReport(run: EvaluationRun, overrides: ReadonlyMap<string, ReviewRecord> = new Map()): ReportModel {
  const models = Object.keys(run.models).sort();
  const modes = orderModes(models.flatMap((m) => Object.keys(run.models[m].modes)));
  const scenarios = [...new Set(models.flatMap((m) => Object.keys(run.models[m].scenarios)))].sort();
  const labels = [...new Set(models.flatMap((m) => Object.keys(run.models[m].overall.labels)))];
  const figure = (model: string, mode: string): Figures | undefined =>
    mode === 'overall' ? run.models[model].overall : run.models[model].modes[mode];

  const partial = partialCoverage(run, models, modes);
  const partialMarks = partial.some((p) => p !== null) ? partial.map((p) => (p ? { mark: 'partial', reason: `Runs do not cover every task: ${p}` } : null)) : undefined;
  // Main table (paper Table 2): per model, the four figures by mode and overall.
  const mainModes = [...modes, 'overall'];
  const main: ReportTable = {
    id: 'main',
    title: 'Performance by mode (%)',
    header: ['Model', ...mainModes.flatMap(() => MAIN_FIGURES.map(([, name]) => name))],
    groups: [{ label: '', span: 1 }, ...mainModes.map((m) => ({ label: modeName(m), span: MAIN_FIGURES.length }))],
    rows: models.map((model) => [model, ...mainModes.flatMap((mode) => MAIN_FIGURES.map(([key]) => pct(figure(model, mode)?.[key])))]),
    digits: 2,
    note:
      'Modes weight scenarios by their task counts; Overall is the mean of the modes (SPEC §10).' +
      (partial.some((p) => p !== null)
        ? ` Partial: ${partial.flatMap((p, i) => (p ? [`${models[i]} (${p})`] : [])).join('; ')}. A partial model's figures are over the tasks it ran, so they do not compare like for like with a full one's.`
        : ''),
    rowMarks: partialMarks,
  };

  // What the figures are over: a mode's figure weights scenarios by their task counts however many
  // of the tasks a model ran, so runs missing (or left out for a problem) do not show in it.
  const runs = new Map<string, number>();
  for (const t of run.trajectories) runs.set(`${t.model}\u0000${t.mode}`, (runs.get(`${t.model}\u0000${t.mode}`) ?? 0) + 1);
  const taskTotal = Object.values(run.task_counts).reduce((sum, n) => sum + n, 0);
  const coverage: ReportTable = {
    id: 'coverage',
    title: 'Runs scored',
    header: ['Model', ...modes.map(modeName), 'All'],
    rows: models.map((model) => {
      const counts = modes.map((mode) => runs.get(`${model}\u0000${mode}`) ?? 0);
      return [model, ...counts, counts.reduce((sum, n) => sum + n, 0)];
    }),
    digits: 0,
    note: `Of ${taskTotal} task(s) per mode. A run left out for a problem in its line is not counted.`,
  };

  // Scenario breakdown (Fig. 3): JointSucc per model and scenario, and the mean over models.
  const scenarioJoint = models.map((model) => ({
    model,
    values: Object.fromEntries(scenarios.map((s) => [s, pct(run.models[model].scenarios[s]?.joint_succ)])),
  }));
  const scenarioTable: ReportTable = {
    id: 'scenarios',
    title: 'JointSucc by scenario (%)',
    header: ['Model', ...scenarios],
    rows: [
      ...scenarioJoint.map((r) => [r.model, ...scenarios.map((s) => r.values[s])]),
      ...(models.length > 1 ? [['Mean over models', ...scenarios.map((s) => meanOf(scenarioJoint.map((r) => r.values[s])))]] : []),
    ],
    digits: 2,
    note:
      "A scenario's figure is the mean over its modes." +
      (partialMarks && models.length > 1
        ? ` The mean over models includes ${models.filter((_, i) => partial[i] !== null).join(', ')}, whose runs do not cover every task.`
        : ''),
    // The mean's row is not marked: the note says which of its models are partial.
    rowMarks: partialMarks && (models.length > 1 ? [...partialMarks, null] : partialMarks),
  };

  // Error distribution (Fig. 4): automatic labels, and with the human overrides applied.
  const known = new Set(run.trajectories.map((t) => t.id));
  const counts = { applied: 0, unknownTrajectory: 0, unknownLabel: 0, stale: 0 };
  const problems: Problem[] = [];
  const effective = new Map<string, string>();
  for (const review of overrides.values()) {
    if (!known.has(review.trajectory_id)) {
      counts.unknownTrajectory++;
      continue;
    }
    const unknownLabel = unknownLabelProblem(review, labels);
    if (unknownLabel) {
      counts.unknownLabel++;
      problems.push(unknownLabel);
      continue;
    }
    effective.set(review.trajectory_id, review.label);
  }
  const overriddenByModel = new Map<string, number>();
  const rows: ScoredTrajectory[] = run.trajectories.map((t) => {
    const label = effective.get(t.id);
    const review = overrides.get(t.id);
    if (label !== undefined) {
      counts.applied++;
      if (review?.auto_label && review.auto_label !== t.label) counts.stale++;
      if (label !== t.label) overriddenByModel.set(t.model, (overriddenByModel.get(t.model) ?? 0) + 1);
    }
    return {
      ...t,
      label: (label ?? t.label) as Label,
      rounds: run.usage[t.id]?.rounds ?? 0,
      tokens: run.usage[t.id]?.tokens ?? 0,
    };
  });
  const reviewed = aggregate(rows, new Map(Object.entries(run.task_counts)), labels as Label[]);
  // Every run with both labels, for a lab's own analysis (the human label joined from reviews/ by hand before).
  const flag = (value: boolean) => (value ? 1 : 0);
  const humanLabels = new Map<string, { label: string; reviewer?: string; reason?: string }>();
  for (const [id, label] of effective) {
    const review = overrides.get(id);
    humanLabels.set(id, { label, ...(review?.reviewer ? { reviewer: review.reviewer } : {}), ...(review?.reason ? { reason: review.reason } : {}) });
  }
  const runsTable: ReportTable = {
    id: 'runs',
    title: 'Runs',
    header: ['Trajectory', 'Task', 'Model', 'Mode', 'Scenario', 'Matched', 'GT calls', 'Agent calls', 'ToolSucc', 'ResultSucc', 'JointSucc', 'Label', 'Human label', 'Reviewer', 'Review reason'],
    rows: run.trajectories.map((t) => {
      const human = humanLabels.get(t.id);
      return [t.id, t.task_id, t.model, t.mode, t.scenario, t.matched, t.gt_calls, t.agent_calls, flag(t.tool_succ), flag(t.result_succ), flag(t.joint_succ), t.label, human?.label ?? null, human?.reviewer ?? null, human?.reason ?? null];
    }),
    digits: 0,
  };
  const errors: LabelShares[] = models.map((model) => ({
    model,
    auto: Object.fromEntries(labels.map((l) => [l, pct(run.models[model].overall.labels[l])])),
    reviewed: Object.fromEntries(labels.map((l) => [l, pct(reviewed[model]?.overall.labels[l])])),
    overridden: overriddenByModel.get(model) ?? 0,
  }));
  const errorTable: ReportTable = {
    id: 'errors',
    // Each label's share as SPEC §10 aggregates it: per scenario and mode, weighted by the scenarios' task counts, then the mean over modes (not a count of all runs).
    title: 'Error distribution (% of trajectories: per mode weighted by scenario task counts, mean of modes)',
    header: ['Model', 'Labels', ...labels.map(labelName)],
    rows: errors.flatMap((e) => [
      [e.model, 'automatic', ...labels.map((l) => e.auto[l])],
      [e.model, 'with overrides', ...labels.map((l) => e.reviewed[l])],
    ]),
    digits: 2,
    note: `${counts.applied} human override(s) applied.`,
  };

  // Efficiency (Table 11) per model and mode, and the Fig. 5 scatter data.
  const efficiency: ReportTable = {
    id: 'efficiency',
    title: 'Efficiency',
    header: ['Model', 'Mode', ...EFFICIENCY_FIGURES.map(([, name]) => name)],
    rows: models.flatMap((model) =>
      mainModes
        .filter((mode) => figure(model, mode))
        .map((mode) => [
          model,
          modeName(mode),
          ...EFFICIENCY_FIGURES.map(([key]) => {
            const v = figure(model, mode)![key];
            return key === 'tool_prec' || key === 'tool_f1' ? pct(v) : v;
          }),
        ]),
    ),
    digits: 2,
    note: 'ToolPrec and ToolF1 in %; ToolEff = 100·successes/calls, TurnEff = 100·successes/rounds, TokenEff = 10^6·successes/tokens.',
  };
  const usage = usageByMode(
    run.trajectories.map((t) => ({ model: t.model, mode: t.mode, scenario: t.scenario, calls: t.agent_calls, usage: run.usage[t.id] })),
    run.task_counts,
  );
  const scatter: ScatterPoint[] = models.flatMap((model) =>
    mainModes
      .filter((mode) => figure(model, mode))
      .map((mode) => {
        const u = usage.get(model)?.get(mode);
        return { model, mode, tokens: u?.tokens ?? null, rounds: u?.rounds ?? null, calls: u?.calls ?? null, joint_succ: pct(figure(model, mode)?.joint_succ) };
      }),
  );

  return {
    models,
    modes,
    scenarios,
    labels,
    trajectoryCount: run.trajectories.length,
    tables: { main, coverage, scenarios: scenarioTable, errors: errorTable, efficiency },
    runs: runsTable,
    humanLabels,
    errors,
    scenarioJoint,
    scatter,
    overrides: counts,
    problems,
  };
}
