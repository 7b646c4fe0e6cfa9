// The default `paper` profile: metrics of SPEC §8 and the cascading taxonomy of §9.
import { stateKey } from '../engine/state';
import type { ScenarioEngine } from '../engine/types';
import type { GroundTruth, Json, ScenarioDef, ToolCall, ToolDef } from '../format/types';
import { callEntries, normalizeCalls, toolMap, type CallEntry } from './calls';
import { canonicalString, matchCalls, valuesEqual, type MatchContext } from './canonical';
import { Grounding } from './grounding';
import { parameterLeaves } from './leaves';
import type { Evidence, Label, ScoringContext, ScoringProfile, TrajectoryScore } from './profile';
import { recordedResultsPerCall } from './results';
import { schemaFailure } from './schema-check';

export const PAPER_LABELS: readonly Label[] = ['correct', 'syntactic', 'perception', 'hallucination', 'logic', 'over_operation'];

interface ScenarioCache {
  tools: Map<string, ToolDef>;
  writeTools: Set<string>;
}
const scenarioCaches = new WeakMap<ScenarioDef, ScenarioCache>();
const seedTextCaches = new WeakMap<ScenarioEngine, Set<string>>();
const gtStateCaches = new WeakMap<ScenarioEngine, WeakMap<GroundTruth, string>>();

export function scenarioCache(scenario: ScenarioDef): ScenarioCache {
  let cache = scenarioCaches.get(scenario);
  if (!cache) {
    const tools = toolMap(scenario.library.tools);
    const writeTools = new Set([...tools.values()].filter((t) => t.effect === 'write').map((t) => t.name.trim()));
    cache = { tools, writeTools };
    scenarioCaches.set(scenario, cache);
  }
  return cache;
}

export function matchContext(engine: ScenarioEngine): MatchContext {
  return { entities: (table, column, s) => engine.entityMatches(table, column, s) };
}

function canonicalSeedTexts(engine: ScenarioEngine): Set<string> {
  let texts = seedTextCaches.get(engine);
  if (!texts) {
    texts = new Set([...engine.seedTextValues()].map(canonicalString));
    seedTextCaches.set(engine, texts);
  }
  return texts;
}

/** State key after running calls from the seed; only write tools can change state (§3). */
export function finalStateKey(engine: ScenarioEngine, calls: readonly ToolCall[], writeTools: Set<string>): string {
  return stateKey(engine.execute(calls.filter((c) => writeTools.has(c.tool_name))).state);
}

export function groundTruthStateKey(engine: ScenarioEngine, truth: GroundTruth, writeTools: Set<string>): string {
  let cache = gtStateCaches.get(engine);
  if (!cache) gtStateCaches.set(engine, (cache = new WeakMap()));
  let key = cache.get(truth);
  if (key === undefined) {
    key = finalStateKey(engine, normalizeCalls(truth.calls), writeTools);
    cache.set(truth, key);
  }
  return key;
}

export const paperProfile: ScoringProfile = {
  id: 'paper',
  score(ctx: ScoringContext): TrajectoryScore {
    const { tools, writeTools } = scenarioCache(ctx.scenario);
    const match = matchContext(ctx.engine);
    const entries = callEntries(ctx.trajectory);
    const agent = entries.filter((e) => e.call).map((e) => e.call!);
    const gt = normalizeCalls(ctx.groundTruth.calls);
    const { matched, pairs } = matchCalls(gt, agent, tools, match);
    const tool_succ = matched === gt.length;
    const result_succ = finalStateKey(ctx.engine, agent, writeTools) === groundTruthStateKey(ctx.engine, ctx.groundTruth, writeTools);
    const joint_succ = tool_succ && result_succ;
    const base = { matched, gt_calls: gt.length, agent_calls: agent.length, tool_succ, result_succ, joint_succ };
    if (joint_succ) return { ...base, label: 'correct', evidence: null };

    const cascade = cascadeOf({ ctx, tools, match, entries, gt, pairs });
    return { ...base, ...cascade };
  },
};

interface CascadeInput {
  ctx: ScoringContext;
  tools: Map<string, ToolDef>;
  match: MatchContext;
  entries: CallEntry[];
  gt: ToolCall[];
  pairs: Map<number, number>;
}

type Verdict = { label: Label; evidence: Evidence };

/** The first label of SPEC §9 that holds for a trajectory whose JointSucc fails. */
function cascadeOf(input: CascadeInput): Verdict {
  return (
    syntacticVerdict(input) ??
    perceptionVerdict(input) ??
    hallucinationVerdict(input) ??
    logicVerdict(input) ?? { label: 'over_operation', evidence: overOperationEvidence(input) }
  );
}

export function syntacticVerdict({ ctx, tools, entries }: Pick<CascadeInput, 'ctx' | 'tools' | 'entries'>): Verdict | null {
  const fail = (reason: string, entry?: CallEntry, extra: { [k: string]: Json } = {}): Verdict => ({
    label: 'syntactic',
    evidence: entry ? { reason, entry: entry.index, item: entry.item, turn: entry.turn, call: entry.raw as Json, ...extra } : { reason },
  });
  if (entries.length === 0) return fail('the trajectory has no tool-call entry');
  for (const entry of entries) {
    const raw = entry.raw;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('entry is not an object', entry);
    const { tool_name: name, parameters } = raw as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '') return fail('tool_name is not a non-empty string', entry);
    if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))
      return fail('parameters is not an object', entry);
    const tool = tools.get(name.trim());
    if (!tool) return fail(`tool "${name.trim()}" is not in the scenario's library`, entry);
    const failure = schemaFailure(tool, parameters as Record<string, unknown>);
    if (failure) return fail(`parameters fail the schema of "${tool.name}": ${failure}`, entry);
  }
  if (ctx.trajectory.mode === 'static' && !ctx.trajectory.tool_calls.some((item) => item.turn === 0))
    return fail('static mode, but no tool_calls item has turn 0 (the agent asked instead of acting)');
  return null;
}

function perceptionVerdict({ ctx, tools, match, entries, gt }: CascadeInput): Verdict | null {
  const agentCalls = entries.filter((e) => e.call);
  const agentLeaves = agentCalls.map((e) => parameterLeaves(e.call!.parameters, tools.get(e.call!.tool_name)?.parameters));
  const gtLeaves = gt.map((c) => parameterLeaves(c.parameters, tools.get(c.tool_name)?.parameters));
  for (const ref of ctx.groundTruth.visual_refs) {
    const entity = ref.entity;
    const agentHoldsEntity = agentLeaves.some((ls) =>
      ls.some((l) => typeof l.value === 'string' && valuesEqual(l.value, entity, l.schema, match)),
    );
    if (agentHoldsEntity) continue;
    for (let g = 0; g < gt.length; g++) {
      for (const gl of gtLeaves[g]) {
        if (typeof gl.value !== 'string' || !valuesEqual(gl.value, entity, gl.schema, match)) continue;
        for (let a = 0; a < agentCalls.length; a++) {
          if (agentCalls[a].call!.tool_name !== gt[g].tool_name) continue;
          const wrong = agentLeaves[a].find((al) => al.path === gl.path && typeof al.value === 'string');
          if (wrong)
            return {
              label: 'perception',
              evidence: {
                entity,
                visual_ref: ref.id,
                path: gl.path,
                gt_call: g,
                entry: agentCalls[a].index,
                tool_name: gt[g].tool_name,
                value: wrong.value,
              },
            };
        }
      }
    }
  }
  return null;
}

function hallucinationVerdict({ ctx, tools, entries }: CascadeInput): Verdict | null {
  const grounding = new Grounding(canonicalSeedTexts(ctx.engine));
  const users = ctx.trajectory.dialogue.filter((m) => m.role === 'user');
  let usersAdded = 0;
  const sortedUsers = [...users].sort((a, b) => (a.turn ?? 0) - (b.turn ?? 0));
  const replayed = replayedResultsIfNeeded(ctx, entries);
  const perItem = ctx.trajectory.tool_calls.map((item) => recordedResultsPerCall(item.results, item.calls.length));
  for (const entry of entries) {
    while (usersAdded < sortedUsers.length && (sortedUsers[usersAdded].turn ?? 0) <= entry.turn)
      grounding.addUserMessage(sortedUsers[usersAdded++].content);
    const call = entry.call!;
    const schema = tools.get(call.tool_name)?.parameters;
    for (const leaf of parameterLeaves(call.parameters, schema)) {
      const grounded =
        typeof leaf.value === 'string' ? grounding.stringGrounded(leaf.value, leaf.schema) : grounding.numberGrounded(leaf.value);
      if (!grounded)
        return {
          label: 'hallucination',
          evidence: { entry: entry.index, turn: entry.turn, tool_name: call.tool_name, path: leaf.path, value: leaf.value },
        };
    }
    const recorded = perItem[entry.item];
    if (recorded) for (const r of recorded[entry.position]) grounding.addResult(r);
    else grounding.addResult(replayed![entry.index]);
  }
  return null;
}

/** Replayed results by entry index, computed only when some item has no recorded results. */
function replayedResultsIfNeeded(ctx: ScoringContext, entries: CallEntry[]): Json[] | null {
  if (ctx.trajectory.tool_calls.every((item) => item.results !== undefined && item.results !== null)) return null;
  const { results } = ctx.engine.execute(entries.map((e) => e.call));
  return results.map((r) => r.result as Json);
}

function logicVerdict({ gt, pairs }: CascadeInput): Verdict | null {
  if (pairs.size === gt.length) return null;
  const missing = gt.map((call, index) => ({ index, call })).filter(({ index }) => !pairs.has(index));
  return {
    label: 'logic',
    evidence: { missing: missing.map(({ index, call }) => ({ gt_call: index, tool_name: call.tool_name, parameters: call.parameters })) },
  };
}

function overOperationEvidence({ entries, pairs }: CascadeInput): Evidence {
  const pairedAgent = new Set(pairs.values());
  const agentEntries = entries.filter((e) => e.call);
  const extra = agentEntries
    .map((e, i) => ({ e, i }))
    .filter(({ i }) => !pairedAgent.has(i))
    .map(({ e }) => ({ entry: e.index, tool_name: e.call!.tool_name, parameters: e.call!.parameters }));
  return { reason: 'all key calls made, final state differs', extra_calls: extra };
}
