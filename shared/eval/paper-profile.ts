// The default `paper` profile: metrics of SPEC §8 and the cascading taxonomy of §9.
import type { ScenarioEngine } from '../engine/types';
import type { Json, ToolCall, ToolDef } from '../format/types';
import { callEntries, callKey, groundTruthCalls, scenarioCache, type CallEntry } from './calls';
import { canonicalString, matchCalls, valuesEqual, type MatchContext } from './canonical';
import { Grounding } from './grounding';
import { callLeaves, type Leaf } from './leaves';
import { matchContext } from './match-context';
import type { Evidence, Label, ScoringContext, ScoringProfile, TrajectoryScore } from './profile';
import { finalStateKey, replayCacheOf } from './replay';
import { recordedResults } from './results';
import { schemaFailure } from './schema-check';
import { trimSpace } from '../format/whitespace';

export const PAPER_LABELS: readonly Label[] = ['correct', 'syntactic', 'perception', 'hallucination', 'logic', 'over_operation'];

const seedTextCaches = new WeakMap<ScenarioEngine, Set<string>>();
function canonicalSeedTexts(engine: ScenarioEngine): Set<string> {
  let texts = seedTextCaches.get(engine);
  if (!texts) {
    texts = new Set([...engine.seedTextValues()].map(canonicalString));
    seedTextCaches.set(engine, texts);
  }
  return texts;
}

/** SPEC §8 metrics of one trajectory, and what the cascade needs to explain a failure. */
export function paperMetrics(ctx: ScoringContext) {
  const { tools, writeTools } = scenarioCache(ctx.scenario);
  const match = matchContext(ctx.engine);
  const entries = callEntries(ctx.trajectory);
  const agent = entries.filter((e) => e.call).map((e) => e.call!);
  const gt = groundTruthCalls(ctx.groundTruth);
  const { matched, pairs } = matchCalls(gt, agent, tools, match);
  const tool_succ = matched === gt.length;
  const result_succ = finalStateKey(ctx.engine, agent, writeTools) === finalStateKey(ctx.engine, gt, writeTools);
  const metrics = { matched, gt_calls: gt.length, agent_calls: agent.length, tool_succ, result_succ, joint_succ: tool_succ && result_succ };
  const cascadeInput: CascadeInput = { ctx, tools, match, entries, gt, pairs };
  return { metrics, cascadeInput };
}

export const paperProfile: ScoringProfile = {
  id: 'paper',
  score(ctx: ScoringContext): TrajectoryScore {
    const { metrics: m, cascadeInput } = paperMetrics(ctx);
    const { label, evidence } = m.joint_succ ? { label: 'correct' as const, evidence: null } : cascadeOf(cascadeInput);
    return { matched: m.matched, gt_calls: m.gt_calls, agent_calls: m.agent_calls, tool_succ: m.tool_succ, result_succ: m.result_succ, joint_succ: m.joint_succ, label, evidence };
  },
};

export interface CascadeInput {
  ctx: ScoringContext;
  tools: Map<string, ToolDef>;
  match: MatchContext;
  entries: CallEntry[];
  gt: ToolCall[];
  pairs: Map<number, number>;
}

export type Verdict = { label: Label; evidence: Evidence };

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
    if (typeof name !== 'string' || trimSpace(name) === '') return fail('tool_name is not a string that is non-empty after trimming', entry);
    if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))
      return fail('parameters is not an object', entry);
    const tool = tools.get(trimSpace(name));
    if (!tool) return fail(`tool "${trimSpace(name)}" is not in the scenario's library`, entry);
    // Well-formed here, so entry.call holds these parameters; its key is the one matching computed.
    const failure = schemaFailure(tool, entry.call!.parameters, callKey(entry.call!));
    if (failure) return fail(`parameters fail the schema of "${tool.name}": ${failure}`, entry);
  }
  if (ctx.trajectory.mode === 'static' && !ctx.trajectory.tool_calls.some((item) => item.turn === 0))
    return fail('static mode, but no tool_calls item has turn 0 (the agent asked instead of acting)');
  return null;
}

/**
 * The agent's string at `path` in a call of `tool` (any makes the label: none equals the entity):
 * one the ground truth's call does not hold at `path` when there is one, for the evidence (in a
 * list, "ingredients[]", the first string may be one of its right elements), else the first.
 */
function wrongValueAt(
  agentCalls: readonly CallEntry[],
  agentLeaves: readonly Leaf[][],
  tool: string,
  path: string,
  gtLeaves: readonly Leaf[],
  match: CascadeInput['match'],
): { a: number; value: string } | null {
  const right = gtLeaves.filter((l) => l.path === path && typeof l.value === 'string');
  let first: { a: number; value: string } | null = null;
  for (let a = 0; a < agentCalls.length; a++) {
    if (agentCalls[a].call!.tool_name !== tool) continue;
    for (const leaf of agentLeaves[a]) {
      if (leaf.path !== path || typeof leaf.value !== 'string') continue;
      const value = leaf.value;
      if (!right.some((r) => valuesEqual(value, r.value as string, r.schema, match))) return { a, value };
      first ??= { a, value };
    }
  }
  return first;
}

export function perceptionVerdict({ ctx, tools, match, entries, gt }: CascadeInput): Verdict | null {
  const agentCalls = entries.filter((e) => e.call);
  const agentLeaves = agentCalls.map((e) => callLeaves(e.call!, tools));
  const gtLeaves = gt.map((c) => callLeaves(c, tools));
  for (const ref of ctx.groundTruth.visual_refs) {
    const entity = ref.entity;
    const agentHoldsEntity = agentLeaves.some((ls) =>
      ls.some((l) => typeof l.value === 'string' && valuesEqual(l.value, entity, l.schema, match)),
    );
    if (agentHoldsEntity) continue;
    for (let g = 0; g < gt.length; g++) {
      for (const gl of gtLeaves[g]) {
        if (typeof gl.value !== 'string' || !valuesEqual(gl.value, entity, gl.schema, match)) continue;
        const first = wrongValueAt(agentCalls, agentLeaves, gt[g].tool_name, gl.path, gtLeaves[g], match);
        if (first)
          return {
            label: 'perception',
            evidence: {
              entity,
              visual_ref: ref.id,
              path: gl.path,
              gt_call: g,
              entry: agentCalls[first.a].index,
              tool_name: gt[g].tool_name,
              value: first.value,
            },
          };
      }
    }
  }
  return null;
}

export function hallucinationVerdict({ ctx, tools, entries }: CascadeInput): Verdict | null {
  const seedTexts = canonicalSeedTexts(ctx.engine);
  let grounding = new Grounding(seedTexts);
  const users = [...ctx.trajectory.dialogue.filter((m) => m.role === 'user')].sort((a, b) => (a.turn ?? 0) - (b.turn ?? 0));
  let usersAdded = 0;
  /** Every result added so far: a call listed after one of a later turn is grounded afresh without that turn's user messages. */
  const resultsAdded: unknown[] = [];
  const addResult = (value: unknown) => {
    resultsAdded.push(value);
    grounding.addResult(value);
  };
  const items = ctx.trajectory.tool_calls;
  // Most values are grounded by the user's words or the seed database, so earlier calls' results
  // join the grounding only when a value is not: recorded ones are parsed then (`pendingRecorded`),
  // missing ones replayed then (`awaitingReplay`, a run of every call before).
  const parsed = new Map<number, ReturnType<typeof recordedResults>>();
  const recordedOf = (item: number) => {
    if (!parsed.has(item)) parsed.set(item, recordedResults(items[item].results, items[item].calls.length));
    return parsed.get(item)!;
  };
  /** Entries whose recorded results are due: `position` -1 marks an item's shared results (SPEC §9.3: its first call included). */
  let pendingRecorded: Array<{ item: number; position: number }> = [];
  let awaitingReplay: CallEntry[] = [];
  const seenItems = new Set<number>();
  const groundedNow = (value: string | number, schema: Leaf['schema']) =>
    typeof value === 'string' ? grounding.stringGrounded(value, schema) : grounding.numberGrounded(value);
  const addDueResults = (): boolean => {
    if (pendingRecorded.length === 0 && awaitingReplay.length === 0) return false;
    for (const { item, position } of pendingRecorded) {
      const recorded = recordedOf(item);
      if (recorded?.kind === 'shared' && position < 0) for (const r of recorded.results) addResult(r);
      else if (recorded?.kind === 'per-call' && position >= 0) for (const r of recorded.results[position]) addResult(r);
    }
    pendingRecorded = [];
    if (awaitingReplay.length > 0) {
      const lastAwaiting = awaitingReplay[awaitingReplay.length - 1].index;
      const replayed = replayCacheOf(ctx.engine, scenarioCache(ctx.scenario).writeTools).results(entries.map((e) => e.call!), lastAwaiting);
      for (const earlier of awaitingReplay) addResult(replayed[earlier.index]);
      awaitingReplay = [];
    }
    return true;
  };
  for (const entry of entries) {
    // SPEC §9.3: the user messages with turn <= the call's turn. Calls usually come in turn order,
    // so messages are added as turns rise; a call of an earlier turn after a later one starts over.
    if (usersAdded > 0 && (users[usersAdded - 1].turn ?? 0) > entry.turn) {
      grounding = new Grounding(seedTexts);
      for (const result of resultsAdded) grounding.addResult(result);
      usersAdded = 0;
    }
    while (usersAdded < users.length && (users[usersAdded].turn ?? 0) <= entry.turn) grounding.addUserMessage(users[usersAdded++].content);
    const hasRecorded = items[entry.item].results !== undefined && items[entry.item].results !== null;
    if (hasRecorded && !seenItems.has(entry.item)) pendingRecorded.push({ item: entry.item, position: -1 });
    seenItems.add(entry.item);
    const call = entry.call!;
    for (const leaf of callLeaves(call, tools)) {
      if (groundedNow(leaf.value, leaf.schema)) continue;
      if (addDueResults() && groundedNow(leaf.value, leaf.schema)) continue;
      return {
        label: 'hallucination',
        evidence: { entry: entry.index, turn: entry.turn, tool_name: call.tool_name, path: leaf.path, value: leaf.value },
      };
    }
    if (hasRecorded) pendingRecorded.push({ item: entry.item, position: entry.position });
    else awaitingReplay.push(entry);
  }
  return null;
}

export function logicVerdict({ gt, pairs }: CascadeInput): Verdict | null {
  if (pairs.size === gt.length) return null;
  const missing = gt.map((call, index) => ({ index, call })).filter(({ index }) => !pairs.has(index));
  return {
    label: 'logic',
    evidence: { missing: missing.map(({ index, call }) => ({ gt_call: index, tool_name: call.tool_name, parameters: call.parameters })) },
  };
}

export function overOperationEvidence({ entries, pairs }: CascadeInput): Evidence {
  const pairedAgent = new Set(pairs.values());
  const agentEntries = entries.filter((e) => e.call);
  const extra = agentEntries
    .map((e, i) => ({ e, i }))
    .filter(({ i }) => !pairedAgent.has(i))
    .map(({ e }) => ({ entry: e.index, tool_name: e.call!.tool_name, parameters: e.call!.parameters }));
  return { reason: 'all key calls made, final state differs', extra_calls: extra };
}
