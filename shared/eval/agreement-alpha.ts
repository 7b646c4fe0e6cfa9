// alpha_dice's sums over a dataset's pooled annotations (SPEC §11): counted by classes of equal
// calls where equality sorts them so (alpha-sums.ts), else every pair of annotations compared,
// pairs within a scenario under its tools and entities, pairs across scenarios under the default
// rules (agreement.ts pooledDistanceSums).
import type { ToolCall } from '../format/types';
import { exactValueKey } from '../format/whole-reals';
import { callListsF1, pooledDistanceSums, type ApartGroups } from './agreement';
import { classAlphaSums, type CallRules } from './alpha-sums';
import { equalityShape } from './equality-shape';
import type { AgreementDataset } from './agreement-report';
import { callKey, scenarioCache, toolMap } from './calls';
import { callsEqual } from './canonical';
import type { EngineProvider } from './evaluate';
import { matchContext } from './match-context';

/** The pooled annotations: two per task compared, each with its scenario and its calls (normalised). */
export type PooledAnnotation = { scenario: string; calls: ToolCall[] };

/** Across scenarios the tool definitions differ: calls compare under the default rules only. */
const DEFAULT_RULES = { tools: toolMap([]), ctx: { entities: () => new Set<number>() } };

/** How calls of one scenario compare: its own tools, and its entities where its engine runs. */
function scenarioRules(dataset: AgreementDataset, engines: EngineProvider, scenario: string) {
  const engine = engines(scenario);
  return { tools: scenarioCache(dataset.scenarios.get(scenario)!).tools, ctx: 'error' in engine ? DEFAULT_RULES.ctx : matchContext(engine) };
}

/**
 * The sums of distances over ordered pairs, overall and by scenario (indexes in the order the
 * scenarios first come in `pooled`), whether some pair was too long to compare (then counted as
 * distance 1, which the caller says), and how they were had: counted by classes of calls, or
 * every pair compared.
 */
export function pooledAlphaSums(dataset: AgreementDataset, engines: EngineProvider, pooled: readonly PooledAnnotation[], onProgress?: () => void) {
  const scenarioIds = [...new Set(pooled.map((p) => p.scenario))];
  const groupOf = pooled.map((p) => scenarioIds.indexOf(p.scenario));
  // As the pairs are matched below: a scenario's own rules within it, the default rules across,
  // each with the shapes of calls under it (their tools: which parameters count, and how).
  const groupRules = (group: number): CallRules => {
    const { tools, ctx } = scenarioRules(dataset, engines, scenarioIds[group]);
    return { equal: (x, y) => callKey(x) === callKey(y) || callsEqual(x, y, tools, ctx), shapeOf: (call) => equalityShape(call, tools) };
  };
  const counted = classAlphaSums(
    pooled.map((p, i) => ({ group: groupOf[i], calls: p.calls })),
    scenarioIds.length,
    groupRules,
    { equal: (x, y) => callsEqual(x, y, DEFAULT_RULES.tools, DEFAULT_RULES.ctx), shapeOf: (call) => equalityShape(call, DEFAULT_RULES.tools) },
    onProgress,
  );
  if (counted) return { sums: counted, tooLong: false, path: 'classes' as const };
  return { ...comparedPairSums(dataset, engines, pooled, onProgress), path: 'pairs' as const };
}

/** Every pair of distinct annotations compared (pooledDistanceSums), as SPEC §11 defines D_e: what pooledAlphaSums gives when its classes cannot be had. */
export function comparedPairSums(dataset: AgreementDataset, engines: EngineProvider, pooled: readonly PooledAnnotation[], onProgress?: () => void) {
  const scenarioIds = [...new Set(pooled.map((p) => p.scenario))];
  const groupOf = pooled.map((p) => scenarioIds.indexOf(p.scenario));
  const toolNames = new ToolNameSets();
  const namesOf = pooled.map((p) => toolNames.of(p.calls));
  let tooLong = false;
  // Annotations with the same scenario and calls are one class (the same distance to any other).
  const classes = new Map<string, number>();
  const classOf = pooled.map((p) => {
    const key = `${p.scenario}\u0000${exactValueKey(p.calls)}`;
    let c = classes.get(key);
    if (c === undefined) classes.set(key, (c = classes.size));
    return c;
  });
  const distance = (i: number, j: number) => {
    const x = pooled[i];
    const y = pooled[j];
    // Calls of different tools never match: no comparison needed when no tool is shared.
    if (x.calls.length === 0 || y.calls.length === 0) return x.calls.length === y.calls.length ? 0 : 1;
    if (!ToolNameSets.share(namesOf[i], namesOf[j])) return 1;
    const { tools, ctx } = x.scenario === y.scenario ? scenarioRules(dataset, engines, x.scenario) : DEFAULT_RULES;
    try {
      return 1 - callListsF1(x.calls, y.calls, tools, ctx);
    } catch {
      // Two annotations of different tasks too long to compare: as far apart as can be, said once.
      tooLong = true;
      return 1;
    }
  };
  // Scenarios whose annotations share no tool name: their pairs are all at distance 1 (or 0, both empty), so counted, not compared.
  const namesOfGroup = scenarioIds.map((_, group) => ToolNameSets.union(namesOf.filter((_, i) => groupOf[i] === group)));
  const apartGroups: ApartGroups = {
    apart: (g, h) => !ToolNameSets.share(namesOfGroup[g], namesOfGroup[h]),
    empty: (i) => pooled[i].calls.length === 0,
  };
  const sums = pooledDistanceSums(classOf, groupOf, distance, onProgress, apartGroups);
  return { sums, tooLong };
}

/**
 * Sets of tool names as bit masks (a bit per name seen), so that whether two annotations share a
 * tool, asked of every pair of pooled annotations for alpha, is a few AND operations.
 */
class ToolNameSets {
  private readonly bits = new Map<string, number>();

  of(calls: readonly ToolCall[]): number[] {
    const mask: number[] = [];
    for (const { tool_name: name } of calls) {
      let bit = this.bits.get(name);
      if (bit === undefined) this.bits.set(name, (bit = this.bits.size));
      while (mask.length <= bit >> 5) mask.push(0);
      mask[bit >> 5] |= 1 << (bit & 31);
    }
    return mask;
  }

  static share(a: readonly number[], b: readonly number[]): boolean {
    for (let w = Math.min(a.length, b.length) - 1; w >= 0; w--) if ((a[w] & b[w]) !== 0) return true;
    return false;
  }

  static union(masks: readonly (readonly number[])[]): number[] {
    const out: number[] = [];
    for (const mask of masks) mask.forEach((word, w) => (out[w] = (out[w] ?? 0) | word));
    return out;
  }
}
