// Aggregation of trajectory scores (SPEC §10): strata of (scenario, mode) per model, modes
// weighted by the scenarios' task counts, overall as the mean of the modes.
import { dataRecord } from '../format/own-data';
import type { Label, TrajectoryScore } from './profile';
import { groupBy } from '../collections/group-by';

export interface ScoredTrajectory extends TrajectoryScore {
  id: string;
  task_id: string;
  model: string;
  mode: string;
  scenario: string;
  rounds: number;
  tokens: number;
}

export type FigureName =
  | 'tool_succ'
  | 'micro_acc'
  | 'result_succ'
  | 'joint_succ'
  | 'tool_prec'
  | 'tool_f1'
  | 'tool_eff'
  | 'turn_eff'
  | 'token_eff';

export const FIGURE_NAMES: readonly FigureName[] = [
  'tool_succ',
  'micro_acc',
  'result_succ',
  'joint_succ',
  'tool_prec',
  'tool_f1',
  'tool_eff',
  'turn_eff',
  'token_eff',
];

export type Figures = Record<FigureName, number | null> & { labels: Record<string, number | null> };

export interface ModelFigures {
  overall: Figures;
  modes: Record<string, Figures>;
  scenarios: Record<string, Figures>;
}

const ratio = (num: number, den: number): number | null => (den === 0 ? null : num / den);

/** The figures of one stratum. */
export function stratumFigures(rows: readonly ScoredTrajectory[], labels: readonly Label[]): Figures {
  const n = rows.length;
  let toolSucc = 0, resultSucc = 0, joint = 0, matched = 0, gt = 0, agent = 0, rounds = 0, tokens = 0;
  const labelCounts = new Map<string, number>();
  for (const r of rows) {
    if (r.tool_succ) toolSucc++;
    if (r.result_succ) resultSucc++;
    if (r.joint_succ) joint++;
    matched += r.matched;
    gt += r.gt_calls;
    agent += r.agent_calls;
    rounds += r.rounds;
    tokens += r.tokens;
    labelCounts.set(r.label, (labelCounts.get(r.label) ?? 0) + 1);
  }
  const micro = ratio(matched, gt);
  const prec = ratio(matched, agent);
  const f1 = micro === null || prec === null ? null : ratio(2 * prec * micro, prec + micro);
  const labelShares = dataRecord<number | null>();
  for (const label of labels) labelShares[label] = ratio(labelCounts.get(label) ?? 0, n);
  return {
    tool_succ: ratio(toolSucc, n),
    micro_acc: micro,
    result_succ: ratio(resultSucc, n),
    joint_succ: ratio(joint, n),
    tool_prec: prec,
    tool_f1: f1,
    tool_eff: ratio(100 * joint, agent),
    turn_eff: ratio(100 * joint, rounds),
    token_eff: ratio(1e6 * joint, tokens),
    labels: labelShares,
  };
}

/** Weighted mean over the non-null values, weights renormalised; null when none is left. */
function weightedMean(values: readonly { value: number | null; weight: number }[]): number | null {
  let sum = 0;
  let weights = 0;
  for (const { value, weight } of values) {
    if (value === null) continue;
    sum += weight * value;
    weights += weight;
  }
  return weights === 0 ? null : sum / weights;
}

function combine(parts: readonly { figures: Figures; weight: number }[], labels: readonly Label[]): Figures {
  const out = { labels: dataRecord<number | null>() } as Figures;
  for (const name of FIGURE_NAMES) out[name] = weightedMean(parts.map((p) => ({ value: p.figures[name], weight: p.weight })));
  for (const label of labels)
    out.labels[label] = weightedMean(parts.map((p) => ({ value: p.figures.labels[label] ?? null, weight: p.weight })));
  return out;
}

/**
 * Per model: figures per mode (strata weighted by N_s, the scenario's task count), overall
 * (mean of its modes) and per scenario (mean over that scenario's modes).
 */
export function aggregate(
  rows: readonly ScoredTrajectory[],
  taskCountByScenario: ReadonlyMap<string, number>,
  labels: readonly Label[],
): Record<string, ModelFigures> {
  // Names come from data: a model or mode named `__proto__` must be a key like any other.
  const models = dataRecord<ModelFigures>();
  for (const [model, modelRows] of groupBy(rows, (r) => r.model)) {
    const strata = new Map<string, { scenario: string; mode: string; figures: Figures }>();
    for (const [key, stratumRows] of groupBy(modelRows, (r) => JSON.stringify([r.scenario, r.mode]))) {
      strata.set(key, { scenario: stratumRows[0].scenario, mode: stratumRows[0].mode, figures: stratumFigures(stratumRows, labels) });
    }
    const all = [...strata.values()];
    const modes = dataRecord<Figures>();
    for (const [mode, group] of groupBy(all, (s) => s.mode))
      modes[mode] = combine(group.map((s) => ({ figures: s.figures, weight: taskCountByScenario.get(s.scenario) ?? 0 })), labels);
    const scenarios = dataRecord<Figures>();
    for (const [scenario, group] of groupBy(all, (s) => s.scenario))
      scenarios[scenario] = combine(group.map((s) => ({ figures: s.figures, weight: 1 })), labels);
    const overall = combine(Object.values(modes).map((figures) => ({ figures, weight: 1 })), labels);
    models[model] = { overall, modes, scenarios };
  }
  return models;
}
