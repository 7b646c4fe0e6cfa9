// How the ground-truth audit compares calls and values: by the dataset's scoring profile (SPEC §13),
// so a value the audit calls disputed is one the dataset's own scores count as different.
// `paper`: SPEC §8.1 (canonical strings, number tolerance, `x-match`, maximum matching).
// `egobench`: the official evaluator's (egobench/README.md, "How the official evaluator scores"):
// parameters the implementation does not take dropped, exact strings but for the scenario's fuzzy
// and case-folded fields, numbers across types, greedy first-unused matching.
import type { ScenarioEngine } from '../engine/types';
import type { ToolCall, ToolDef } from '../format/types';
import { callsEqual, childSchema, matchCalls, matchedParameters, valuesEqual, type MatchContext } from './canonical';
import { acceptedParameters, fieldRules, MatchingCollapse, valuesEqual as officialEqual, type EqualityContext } from './egobench/equality';
import { callsMatch, greedyMatch } from './egobench/matching';
import type { Leaf } from './leaves';
import type { ScoringProfile } from './profile';
import { trimSpace } from '../format/whitespace';

export interface AuditMatching {
  /** Ground-truth call index -> the run call it is paired with. */
  pairs(gt: readonly ToolCall[], run: readonly ToolCall[]): ReadonlyMap<number, number>;
  /** Same tool and equal parameters. */
  callsEqual(a: ToolCall, b: ToolCall): boolean;
  /** Top-level parameters whose values differ between two calls of one tool (those matching ignores left out). */
  differing(a: ToolCall, b: ToolCall): string[];
  /** Two leaf values at the same parameter path are equal. */
  leavesEqual(a: Leaf, b: Leaf): boolean;
}

const present = (v: unknown) => v !== null && v !== undefined;

function differingKeys(pa: Record<string, unknown>, pb: Record<string, unknown>, equal: (key: string, a: unknown, b: unknown) => boolean, nullIsAbsent: boolean): string[] {
  const keys = [...new Set([...Object.keys(pa), ...Object.keys(pb)])].sort();
  return keys.filter((key) => {
    const [a, b] = [pa[key], pb[key]];
    const [hasA, hasB] = nullIsAbsent ? [present(a), present(b)] : [Object.hasOwn(pa, key), Object.hasOwn(pb, key)];
    if (!hasA && !hasB) return false;
    return !(hasA && hasB && equal(key, a, b));
  });
}

/** SPEC §8.1 (the `paper` profile). */
export function paperAuditMatching(tools: Map<string, ToolDef>, match: MatchContext): AuditMatching {
  return {
    pairs: (gt, run) => matchCalls(gt, run, tools, match).pairs,
    callsEqual: (a, b) => callsEqual(a, b, tools, match),
    differing: (a, b) => {
      const tool = tools.get(trimSpace(a.tool_name));
      const equal = (key: string, x: unknown, y: unknown) => valuesEqual(x, y, childSchema(tool?.parameters, key), match);
      return differingKeys(matchedParameters(a.parameters, tool), matchedParameters(b.parameters, tool), equal, true);
    },
    leavesEqual: (a, b) => a.path === b.path && valuesEqual(a.value, b.value, b.schema, match),
  };
}

/** The field a leaf sits under, as the official evaluator names it (list items take their list's). */
export function fieldOf(path: string): string {
  const bare = path.replace(/(\[\])+$/, '');
  return bare.slice(bare.lastIndexOf('.') + 1);
}

/** The official evaluator's (the `egobench` profile). A comparison the official matcher gives up on counts as unequal. */
export function egobenchAuditMatching(tools: Map<string, ToolDef>, engine: ScenarioEngine): AuditMatching {
  const ctx: EqualityContext = { rules: fieldRules([...tools.values()]), entities: (t, c, s) => engine.entityMatches(t, c, s) };
  const safely = (compare: () => boolean) => {
    try {
      return compare();
    } catch (error) {
      if (error instanceof MatchingCollapse) return false;
      throw error;
    }
  };
  return {
    pairs: (gt, run) => {
      const outcome = greedyMatch(gt, run, tools, ctx);
      return new Map(outcome.takenBy.flatMap((j, i) => (j >= 0 ? [[i, j] as const] : [])));
    },
    callsEqual: (a, b) => safely(() => callsMatch(a, b, tools, ctx)),
    differing: (a, b) => {
      const tool = tools.get(a.tool_name);
      const equal = (key: string, x: unknown, y: unknown) => safely(() => officialEqual(x, y, key, false, ctx));
      return differingKeys(acceptedParameters(a.parameters, tool), acceptedParameters(b.parameters, tool), equal, false);
    },
    leavesEqual: (a, b) => a.path === b.path && safely(() => officialEqual(a.value, b.value, fieldOf(a.path), a.path.includes('[]'), ctx)),
  };
}

/** The audit's matching for a dataset scored by `profile`. */
export function auditMatching(profile: Pick<ScoringProfile, 'id'>, tools: Map<string, ToolDef>, engine: ScenarioEngine, match: MatchContext): AuditMatching {
  return profile.id === 'egobench' ? egobenchAuditMatching(tools, engine) : paperAuditMatching(tools, match);
}
