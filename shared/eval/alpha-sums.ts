// alpha_dice's sums of distances over every pair of pooled annotations (SPEC §11) without comparing
// the pairs, when call equality sorts the calls into classes. Two annotations' matched calls are a
// maximum matching of equal calls; when equality is an equivalence (every call equal to the others
// of its class and to no other), that matching has min(a, b) calls of each class the two hold a and
// b of, so the sum of 2m/(L_i + L_j) over all pairs is a sum over classes of how many annotations of
// each length hold how many of the class: no pair is compared. Whether equality is an equivalence
// on a dataset's calls is checked, not assumed: numbers within a tolerance or entity names that
// share database rows need not be transitive. Calls joined only through others (1 ~ 1.4 ~ 1.8, 1
// not 1.8) make a loose class: no call of it equals a call outside it, so a matching is still the
// sum of matchings within classes, and a loose class's is found by matching, between the
// annotations that hold its calls only. The caller compares every pair (agreement.ts) only when a
// comparison fails or the work would be too much.
//
// Comparing every two distinct calls of a tool grows with the square of them (two annotators'
// quantities in 2,000 tasks: 8,000 distinct calls of one tool). Calls are first sorted into
// buckets by what equality cannot do without (equality-shape.ts: the parameters that count, their
// kinds, their strings where a string equals only the same canonical text, their numbers to
// within the tolerance), and compared within buckets only; calls of different buckets are never
// equal, so classes and verdicts are the same as comparing them all.
import type { ToolCall } from '../format/types';
import { callKey } from './calls';
import { maxMatching, MAX_MATCHING_PAIRS } from './canonical';
import { shapeBuckets, type CallShape } from './equality-shape';

export type CallEquality = (a: ToolCall, b: ToolCall) => boolean;

/** How calls compare: their equality and, when known, their shapes under it (a necessary condition of it). */
export interface CallRules {
  equal: CallEquality;
  shapeOf?: (call: ToolCall) => CallShape | null;
}

/** Calls compared with each other at most this many at a time (a bucket: a triangle of verdicts kept in memory). */
const MAX_CALLS_COMPARED_TOGETHER = 3_000;
/** Comparisons of distinct calls made, over all buckets and equalities, before the pairs are compared instead. */
const MAX_CALL_COMPARISONS = 8_000_000;

/** The distinct calls' classes under an equality (by call key), and those whose calls are not all equal. */
export interface CallClasses {
  classOf: Map<string, number>;
  /** Loose classes: calls joined through others, some two of them not equal. */
  loose: Set<number>;
}

/**
 * Each distinct call's class (by call key) under `rules.equal`: calls joined by equal pairs,
 * directly or through others. Only calls of one tool and one bucket (shapeBuckets, when
 * `rules.shapeOf` is given) are compared: calls of different buckets are never equal. Null when
 * one of the comparisons failed (a list too long to match), a bucket holds too many calls to
 * compare, or the comparisons would exceed `budget.left` (which counts the ones made down).
 */
export function callClasses(calls: Iterable<ToolCall>, { equal, shapeOf }: CallRules, budget: { left: number }, onProgress?: () => void): CallClasses | null {
  const byTool = new Map<string, Map<string, ToolCall>>();
  for (const call of calls) {
    let distinct = byTool.get(call.tool_name);
    if (!distinct) byTool.set(call.tool_name, (distinct = new Map()));
    const key = callKey(call);
    if (!distinct.has(key)) distinct.set(key, call);
  }
  // All buckets first: too many comparisons give up before any is made.
  const buckets: { keys: string[]; calls: ToolCall[] }[] = [];
  let comparisons = 0;
  for (const distinct of byTool.values()) {
    const keys = [...distinct.keys()];
    const callsOf = [...distinct.values()]; // in the keys' order
    for (const bucket of shapeOf ? shapeBuckets(callsOf, shapeOf) : [callsOf.map((_, i) => i)]) {
      const n = bucket.length;
      if (n > MAX_CALLS_COMPARED_TOGETHER) return null;
      comparisons += (n * (n - 1)) / 2;
      buckets.push({ keys: bucket.map((i) => keys[i]), calls: bucket.map((i) => callsOf[i]) });
    }
  }
  if (comparisons > budget.left) return null;
  budget.left -= comparisons;
  const classOf = new Map<string, number>();
  const loose = new Set<number>();
  for (const { keys, calls: callsOf } of buckets) {
    const n = keys.length;
    // Class ids stay distinct across buckets: `base` is the count of keys so far, at least the classes so far.
    const base = classOf.size;
    if (n === 1) {
      classOf.set(keys[0], base);
      continue;
    }
    const parent = keys.map((_, i) => i);
    const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
    const verdicts = new Uint8Array((n * (n - 1)) / 2); // pair (i, j), i < j, at j(j-1)/2 + i
    try {
      for (let j = 1; j < n; j++) {
        onProgress?.();
        for (let i = 0; i < j; i++) {
          if (!equal(callsOf[i], callsOf[j])) continue;
          verdicts[(j * (j - 1)) / 2 + i] = 1;
          parent[root(i)] = root(j);
        }
      }
    } catch {
      return null;
    }
    const ids = new Map<number, number>();
    const idOf = (i: number): number => {
      const r = root(i);
      if (!ids.has(r)) ids.set(r, base + ids.size);
      return ids.get(r)!;
    };
    keys.forEach((key, i) => classOf.set(key, idOf(i)));
    // Two calls of one class that are not equal themselves (joined through others) make it loose.
    for (let j = 1; j < n; j++) for (let i = 0; i < j; i++) if (verdicts[(j * (j - 1)) / 2 + i] === 0 && root(i) === root(j)) loose.add(idOf(i));
  }
  return { classOf, loose };
}

/** Annotations of one length holding the same calls of one class (by count; a loose class's by the calls themselves). */
interface Holders {
  length: number;
  count: number;
  annotations: number;
  /** A loose class's calls in them; null for a class of equal calls. */
  calls: readonly ToolCall[] | null;
}

/**
 * Sum over ordered pairs i != j of `members` (annotations holding a call) of 2m/(L_i + L_j), m the
 * calls matched between i and j: min(a, b) of each class, and a maximum matching under `equal` of
 * a loose class's calls. Null when matching the loose classes would take more comparisons than
 * `budget.left` (which it counts down).
 */
export function matchedShareSum(
  members: readonly (readonly ToolCall[])[],
  classes: CallClasses,
  equal: CallEquality,
  budget: { left: number },
): number | null {
  const holders = new Map<number, Map<string, Holders>>();
  let self = 0;
  for (const calls of members) {
    const counts = new Map<number, number>();
    let looseCalls: Map<number, ToolCall[]> | null = null;
    for (const call of calls) {
      const k = classes.classOf.get(callKey(call))!;
      counts.set(k, (counts.get(k) ?? 0) + 1);
      if (!classes.loose.has(k)) continue;
      looseCalls ??= new Map();
      const held = looseCalls.get(k);
      if (held) held.push(call);
      else looseCalls.set(k, [call]);
    }
    for (const [k, count] of counts) {
      let byShape = holders.get(k);
      if (!byShape) holders.set(k, (byShape = new Map()));
      const held = looseCalls?.get(k) ?? null;
      const shape = held ? `${calls.length}:${held.map(callKey).sort().join('\u0001')}` : `${calls.length}:${count}`;
      const entry = byShape.get(shape);
      if (entry) entry.annotations++;
      else byShape.set(shape, { length: calls.length, count, annotations: 1, calls: held });
      self += count / calls.length; // the pair (i, i), counted below and taken out: 2c / 2L
    }
  }
  let sum = 0;
  for (const [k, byShape] of holders) {
    const shapes = [...byShape.values()];
    const loose = classes.loose.has(k);
    if (loose) {
      // Comparisons of the matchings below: each call against each of another shape's.
      let calls = 0;
      let squares = 0;
      for (const x of shapes) {
        calls += x.count;
        squares += x.count * x.count;
      }
      budget.left -= (calls * calls - squares) / 2;
      if (budget.left < 0) return null;
    }
    for (let a = 0; a < shapes.length; a++)
      for (let b = a; b < shapes.length; b++) {
        const [x, y] = [shapes[a], shapes[b]];
        // Equality is reflexive: two annotations with the same calls of a class match all of them.
        const m = !loose || a === b ? Math.min(x.count, y.count) : maxMatching(x.count, y.count, (i, j) => equal(x.calls![i], y.calls![j])).size;
        sum += ((a === b ? 1 : 2) * x.annotations * y.annotations * m * 2) / (x.length + y.length);
      }
  }
  return sum - self;
}

/** Pooled annotations: their group (scenario) and their calls, normalised (names trimmed). */
export interface PooledCallList {
  group: number;
  calls: readonly ToolCall[];
}

/**
 * The sums pooledDistanceSums gives (distance 1 - call_f1; pairs within a group matched under the
 * group's rules, pairs across groups under `crossRules`), or null when the calls could not be
 * sorted into classes (a comparison failed, or too many to make: then the pairs must be compared).
 * `groupRules(g)` is group g's.
 */
export function classAlphaSums(
  pooled: readonly PooledCallList[],
  groupCount: number,
  groupRules: (group: number) => CallRules,
  crossRules: CallRules,
  onProgress?: () => void,
): { total: number; byGroup: Map<number, number> } | null {
  // Two annotations too long to match are distance 1 where the pairs are compared (and said so): leave that to it.
  const lengths = pooled.map((p) => p.calls.length).sort((a, b) => b - a);
  if (lengths.length > 1 && lengths[0] * lengths[1] > MAX_MATCHING_PAIRS) return null;
  const budget = { left: MAX_CALL_COMPARISONS };
  const members = Array.from({ length: groupCount }, () => [] as (readonly ToolCall[])[]);
  const empty = new Array<number>(groupCount).fill(0);
  for (const p of pooled) {
    if (p.calls.length === 0) empty[p.group]++;
    else members[p.group].push(p.calls);
  }
  const pairs = (n: number) => n * (n - 1);
  let total = 0;
  const byGroup = new Map<number, number>();
  // Cross-group figures: over all annotations, less those within groups.
  let withinNonEmpty = 0;
  let withinOneEmpty = 0;
  for (let g = 0; g < groupCount; g++) {
    const count = members[g].length + empty[g];
    if (count === 0) continue;
    const rules = groupRules(g);
    const classes = callClasses(members[g].flat(), rules, budget, onProgress);
    const matched = classes && matchedShareSum(members[g], classes, rules.equal, budget);
    if (matched === null) return null;
    const nonEmpty = members[g].length;
    // d = 1 - 2m/(L_i + L_j) between two annotations with calls, 1 with one empty, 0 with both.
    const sum = pairs(nonEmpty) - matched + 2 * nonEmpty * empty[g];
    byGroup.set(g, sum);
    total += sum;
    withinNonEmpty += pairs(nonEmpty);
    withinOneEmpty += 2 * nonEmpty * empty[g];
  }
  if (byGroup.size > 1) {
    const all = members.flat();
    const classes = callClasses(all.flat(), crossRules, budget, onProgress);
    const shares = classes && [all, ...members].map((m) => matchedShareSum(m, classes, crossRules.equal, budget));
    if (!shares || shares.includes(null)) return null;
    const [allShare, ...groupShares] = shares as number[];
    const crossShare = allShare - groupShares.reduce((s, share) => s + share, 0);
    const nonEmpty = all.length;
    const emptyAll = empty.reduce((s, e) => s + e, 0);
    total += pairs(nonEmpty) - withinNonEmpty - crossShare + (2 * nonEmpty * emptyAll - withinOneEmpty);
  }
  return { total, byGroup };
}
