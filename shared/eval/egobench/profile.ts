// The `egobench` scoring profile (SPEC §13): the official EgoBench evaluator's matching,
// ToolSucc, ResultSucc and six-class error analysis, as egobench/README.md describes them.
import type { DbState } from '../../engine/types';
import type { JsonObject, ToolCall, ToolDef, Trajectory } from '../../format/types';
import { groundTruthCalls, normalizeCalls, scenarioCache } from '../calls';
import { matchContext } from '../match-context';
import type { ScoringContext, ScoringProfile, TrajectoryScore } from '../profile';
import { finalStateKey } from '../replay';
import { fieldRules, type EqualityContext } from './equality';
import { greedyMatch, type MatchOutcome } from './matching';
import { classify, officialUserId, type RecognitionTarget } from './taxonomy';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every call entry of the trajectory, in order: the official `total_interaction_calls`. */
export function interactionCount(trajectory: Trajectory): number {
  return (trajectory.tool_calls ?? []).reduce((n, item) => n + (Array.isArray(item.calls) ? item.calls.length : 0), 0);
}

/** The tool an entry names: `tool_name`, else `name` (older logs). */
const nameOf = (entry: Obj): unknown => ('tool_name' in entry ? entry.tool_name : entry.name);

/**
 * The agent's calls as the official evaluator reads them: every object entry, its `tool_name`
 * (or `name`) as written and its `parameters` (empty when missing). Non-object entries cannot be called.
 */
export function agentCalls(trajectory: Trajectory): ToolCall[] {
  return agentCallEntries(trajectory).calls;
}

/** agentCalls, with the position of each call's entry among all the trajectory's entries (callEntries' index). */
function agentCallEntries(trajectory: Trajectory): { calls: ToolCall[]; entries: number[] } {
  const calls: ToolCall[] = [];
  const entries: number[] = [];
  let index = 0;
  for (const item of trajectory.tool_calls ?? []) {
    for (const entry of Array.isArray(item.calls) ? item.calls : []) {
      const at = index++;
      if (!isObject(entry)) continue;
      const name = nameOf(entry);
      calls.push({
        tool_name: typeof name === 'string' ? name : '',
        parameters: isObject(entry.parameters) ? (entry.parameters as JsonObject) : {},
      });
      entries.push(at);
    }
  }
  return { calls, entries };
}

/** The official matcher's catch-all also fires for an entry that is not an object or names no tool. */
function unmatchable(trajectory: Trajectory): boolean {
  return (trajectory.tool_calls ?? []).some((item) => (Array.isArray(item.calls) ? item.calls : []).some((e) => !isObject(e) || nameOf(e) === undefined));
}

/** The entities the agent must recognise: one per accepted value, under the ref's `param` (the release's `key`). */
function recognitionTargets(ctx: ScoringContext): RecognitionTarget[] {
  return (ctx.groundTruth.visual_refs ?? []).map((ref) => {
    const param = (ref as unknown as { param?: unknown }).param;
    return { value: ref.entity, ...(typeof param === 'string' && param !== '' ? { param } : {}) };
  });
}

// Rules depend only on the library; scenarios are scored many times.
const rulesByLibrary = new WeakMap<object, ReturnType<typeof fieldRules>>();
const toolsByLibrary = new WeakMap<object, Map<string, ToolDef>>();

function libraryIndex(ctx: Pick<ScoringContext, 'scenario'>): { tools: Map<string, ToolDef>; rules: ReturnType<typeof fieldRules> } {
  const library = ctx.scenario.library;
  let tools = toolsByLibrary.get(library);
  let rules = rulesByLibrary.get(library);
  if (!tools || !rules) {
    tools = new Map(library.tools.map((t) => [t.name, t]));
    rules = fieldRules(library.tools);
    toolsByLibrary.set(library, tools);
    rulesByLibrary.set(library, rules);
  }
  return { tools, rules };
}

/**
 * The official matching of a run against its ground truth: the agent's calls as the official
 * evaluator reads them (agentCalls), the entry each is (`entries`, callEntries' index), and which
 * of them each ground-truth call took. The score and Replay's call-by-call pairing both use it, so
 * the two never disagree.
 */
export function officialMatch(ctx: Pick<ScoringContext, 'scenario' | 'engine' | 'groundTruth' | 'trajectory'>): {
  calls: ToolCall[];
  entries: number[];
  outcome: MatchOutcome;
  tools: Map<string, ToolDef>;
} {
  const { tools, rules } = libraryIndex(ctx);
  const equality: EqualityContext = { rules, entities: matchContext(ctx.engine).entities };
  const gtCalls = ctx.groundTruth.calls;
  const { calls, entries } = agentCallEntries(ctx.trajectory);
  const outcome = unmatchable(ctx.trajectory) ? { collapsed: true, matched: 0, takenBy: gtCalls.map(() => -1) } : greedyMatch(gtCalls, calls, tools, equality);
  return { calls, entries, outcome, tools };
}

export const egobenchProfile: ScoringProfile = {
  id: 'egobench',
  score(ctx: ScoringContext): TrajectoryScore {
    const { calls, outcome, tools } = officialMatch(ctx);
    const gtCalls = ctx.groundTruth.calls;
    const { matched, takenBy, collapsed } = outcome;
    const gtCount = collapsed ? 0 : gtCalls.length;
    const toolSucc = gtCount > 0 && matched === gtCount;

    // Each side runs from a fresh seed; failing calls change nothing (the engine's rule). The engine
    // trims names, so the state memo sees the calls trimmed too; its key is the state tables' (SPEC §7).
    const { writeTools } = scenarioCache(ctx.scenario);
    const gtTrimmed = groundTruthCalls(ctx.groundTruth);
    const agentTrimmed = normalizeCalls(calls);
    const resultSucc = finalStateKey(ctx.engine, gtTrimmed, writeTools) === finalStateKey(ctx.engine, agentTrimmed, writeTools);
    const pick = (state: DbState): DbState => Object.fromEntries(ctx.scenario.library.state_tables.map((t) => [t, state[t] ?? []]));
    // Only an over_operation verdict shows the states, so they are dumped only then, after the writes
    // alone (nothing else changes state).
    const writes = (list: readonly ToolCall[]) => list.filter((c) => writeTools.has(c.tool_name));
    const states = () => ({ expected: pick(ctx.engine.execute(writes(gtTrimmed)).state), actual: pick(ctx.engine.execute(writes(agentTrimmed)).state) });
    const jointSucc = toolSucc && resultSucc;

    const { label, evidence } = jointSucc
      ? { label: 'correct' as const, evidence: null }
      : classify({
          trajectory: ctx.trajectory,
          calls,
          gtCalls,
          takenBy,
          collapsed,
          targets: recognitionTargets(ctx),
          userId: officialUserId(ctx.task.instruction),
          restaurant: ctx.task['x-egobench']?.restaurant,
          tools,
          resultSucc,
          states,
        });
    return {
      matched,
      gt_calls: gtCount,
      agent_calls: collapsed ? 0 : interactionCount(ctx.trajectory),
      tool_succ: toolSucc,
      result_succ: resultSucc,
      joint_succ: jointSucc,
      label,
      evidence,
    };
  },
};
