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
  return { matched, exact, seq_exact, call_f1: callF1(matched, ca.length, cb.length), pairs };
}

/** SPEC §11 call_f1 of two call lists alone (alpha's distance is 1 minus it): compareCallLists' figure without the rest. */
export function callListsF1(a: readonly ToolCall[], b: readonly ToolCall[], tools: Map<string, ToolDef>, ctx: MatchContext): number {
  return callF1(matchCalls(normalizeCalls(a), normalizeCalls(b), tools, ctx).matched, a.length, b.length);
}

const callF1 = (matched: number, lengthA: number, lengthB: number): number => (lengthA + lengthB === 0 ? 1 : (2 * matched) / (lengthA + lengthB));

/**
 * SPEC §11 summary. `pooledDistance(i, j)` is 1 - call_f1 between pooled annotations i and j (i < j).
 * `onProgress` is called as the pairs are compared (the studio's worker tells its watchdog it is alive).
 */
export function summarizeAgreement(
  tasks: readonly TaskAgreement[],
  pooledDistance: (i: number, j: number) => number,
  onProgress?: () => void,
): AgreementSummary {
  const each = Array.from({ length: 2 * tasks.length }, (_, i) => i);
  return summaryOf(tasks, pooledDistanceSums(each, each, pooledDistance, onProgress).total);
}

/**
 * SPEC §11 summary from the sum of d over all ordered pairs i != j of the 2n pooled annotations
 * (index 2t is annotator a of task t, 2t+1 annotator b); null: not summed (yet), alpha_dice null.
 */
export function summaryOf(tasks: readonly TaskAgreement[], pooledSum: number | null): AgreementSummary {
  const n = tasks.length;
  if (n === 0) return { tasks: 0, percent_exact: null, mean_call_f1: null, state_agreement: null, alpha_dice: null };
  const mean = (f: (t: TaskAgreement) => number) => tasks.reduce((s, t) => s + f(t), 0) / n;
  const observed = mean((t) => 1 - t.call_f1);
  const expected = pooledSum === null ? null : pooledSum / (2 * n * (2 * n - 1));
  return {
    tasks: n,
    percent_exact: 100 * mean((t) => (t.exact ? 1 : 0)),
    mean_call_f1: mean((t) => t.call_f1),
    state_agreement: mean((t) => (t.state_equal ? 1 : 0)),
    alpha_dice: expected === null ? null : expected === 0 ? 1 : 1 - observed / expected,
  };
}

/**
 * Groups whose annotations are as far apart as can be (scenarios whose annotations share no tool
 * name): two annotations, one from each, are at distance 1, or 0 when neither has a call.
 */
export interface ApartGroups {
  apart(g: number, h: number): boolean;
  /** Whether pooled annotation i has no call. */
  empty(i: number): boolean;
}

/**
 * Sums of d over ordered pairs i != j of pooled annotations, overall and within each group (a
 * scenario: its own figures), comparing each pair of distinct annotations once: annotations of
 * one class (`classOf`: the same scenario and calls, so the same distance to any other) are
 * compared as one, their pairs counted by the classes' sizes. Every pair compared is still the
 * SPEC's comparison; with many identical annotations (two annotators who agree, the same calls in
 * many tasks) far fewer are made: the pairs are O(classes²), not O(annotations²). Pairs of groups
 * `apart` are counted, not compared: with six scenarios of distinct tools, a sixth of the pairs.
 * `distance(i, j)` gets two annotations' indexes (i <= j, classes' first members; i = j: a class
 * with itself).
 */
export function pooledDistanceSums(
  classOf: readonly number[],
  groupOf: readonly number[],
  distance: (i: number, j: number) => number,
  onProgress?: () => void,
  apartGroups?: ApartGroups,
): { total: number; byGroup: Map<number, number> } {
  const first = new Map<number, number>();
  const size = new Map<number, number>();
  classOf.forEach((c, i) => {
    if (!first.has(c)) first.set(c, i);
    size.set(c, (size.get(c) ?? 0) + 1);
  });
  // Classes by group (a class is within one group: its members share their scenario).
  const blocks = new Map<number, number[]>();
  for (const c of first.keys()) {
    const group = groupOf[first.get(c)!];
    const block = blocks.get(group);
    if (block) block.push(c);
    else blocks.set(group, [c]);
  }
  const groups = [...blocks.keys()];
  let total = 0;
  const byGroup = new Map<number, number>();
  const add = (x: number, y: number, pairs: number) => {
    if (pairs === 0) return;
    const [fx, fy] = [first.get(x)!, first.get(y)!];
    const sum = pairs * distance(Math.min(fx, fy), Math.max(fx, fy));
    total += sum;
    if (groupOf[fx] === groupOf[fy]) byGroup.set(groupOf[fx], (byGroup.get(groupOf[fx]) ?? 0) + sum);
  };
  // Annotations of each group, and how many of them have no call (for the groups apart).
  const counts = (group: number) => {
    let all = 0;
    let empty = 0;
    for (const c of blocks.get(group)!) {
      all += size.get(c)!;
      if (apartGroups?.empty(first.get(c)!)) empty += size.get(c)!;
    }
    return { all, empty };
  };
  const groupCounts = apartGroups ? new Map(groups.map((g) => [g, counts(g)])) : null;
  for (let g = 0; g < groups.length; g++) {
    const block = blocks.get(groups[g])!;
    const others = groups.slice(g + 1).filter((h) => {
      if (!apartGroups?.apart(groups[g], h)) return true;
      const [x, y] = [groupCounts!.get(groups[g])!, groupCounts!.get(h)!];
      total += 2 * (x.all * y.all - x.empty * y.empty); // d = 1 but between two annotations without a call
      return false;
    });
    for (let a = 0; a < block.length; a++) {
      onProgress?.();
      const x = block[a];
      const nx = size.get(x)!;
      add(x, x, nx * (nx - 1));
      // d is symmetric (call equality is): each unordered pair of classes counts both ways.
      for (let b = a + 1; b < block.length; b++) add(x, block[b], 2 * nx * size.get(block[b])!);
      for (const h of others) for (const y of blocks.get(h)!) add(x, y, 2 * nx * size.get(y)!);
    }
  }
  return { total, byGroup };
}
