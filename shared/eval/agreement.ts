// Inter-annotator agreement (SPEC §11): per task exact / seq_exact / call_f1 / state_equal,
// and the dataset summary with Krippendorff's alpha under the distance 1 - call_f1.
import type { ToolCall, ToolDef } from '../format/types';
import { callsEqual, matchCalls, type MatchContext } from './canonical';
import { normalizeCalls } from './calls';

export interface TaskAgreement {
  task_id: string;
  exact: boolean;
  seq_exact: boolean;
  call_f1: number;
  state_equal: boolean;
}

/**
 * Whether a pair's annotations of a task agree so that either one, as it is, is the ground truth:
 * the same call multiset (SPEC §11 exact) ending in the same state (state_equal). The same calls in
 * another order can end elsewhere (a cancel before or after a schedule), and then the order is the
 * adjudicator's to choose.
 */
export function agreeAsIs(comparison: { exact: boolean; state_equal: boolean }): boolean {
  return comparison.exact && comparison.state_equal;
}

export interface AgreementSummary {
  tasks: number;
  percent_exact: number | null;
  mean_call_f1: number | null;
  state_agreement: number | null;
  alpha_dice: number | null;
}

export interface CallComparison {
  matched: number;
  exact: boolean;
  seq_exact: boolean;
  call_f1: number;
  /** Pairs of indices (a, b) that match. */
  pairs: Map<number, number>;
}

export function compareCallLists(
  a: readonly ToolCall[],
  b: readonly ToolCall[],
  tools: Map<string, ToolDef>,
  ctx: MatchContext,
): CallComparison {
  const ca = normalizeCalls(a);
  const cb = normalizeCalls(b);
  const { matched, pairs } = matchCalls(ca, cb, tools, ctx);
  const exact = matched === ca.length && matched === cb.length;
  const seq_exact = ca.length === cb.length && ca.every((call, i) => callsEqual(call, cb[i], tools, ctx));
  const total = ca.length + cb.length;
  return { matched, exact, seq_exact, call_f1: total === 0 ? 1 : (2 * matched) / total, pairs };
}

/**
 * SPEC §11 summary. `pooledDistance(i, j)` is 1 - call_f1 between pooled annotations i and j (i < j).
 * `onProgress` is called as the pairs are compared (the studio's worker tells its watchdog it is alive).
 */
export function summarizeAgreement(
  tasks: readonly TaskAgreement[],
  pooledDistance: (i: number, j: number) => number,
  onProgress?: () => void,
): AgreementSummary {
  const n = tasks.length;
  if (n === 0) return { tasks: 0, percent_exact: null, mean_call_f1: null, state_agreement: null, alpha_dice: null };
  const mean = (f: (t: TaskAgreement) => number) => tasks.reduce((s, t) => s + f(t), 0) / n;
  const observed = mean((t) => 1 - t.call_f1);
  // Pool the 2n annotations: index 2t is annotator a of task t, 2t+1 annotator b.
  // d is symmetric (call equality is), so each unordered pair counts twice.
  let expectedSum = 0;
  for (let i = 0; i < 2 * n; i++) {
    onProgress?.();
    for (let j = i + 1; j < 2 * n; j++) expectedSum += 2 * pooledDistance(i, j);
  }
  const expected = expectedSum / (2 * n * (2 * n - 1));
  return {
    tasks: n,
    percent_exact: 100 * mean((t) => (t.exact ? 1 : 0)),
    mean_call_f1: mean((t) => t.call_f1),
    state_agreement: mean((t) => (t.state_equal ? 1 : 0)),
    alpha_dice: expected === 0 ? 1 : 1 - observed / expected,
  };
}
