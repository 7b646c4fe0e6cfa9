// The official error analysis (egobench/README.md): six cascading classes, first that holds wins.
import type { DbState } from '../../engine/types';
import { rowKey } from '../../engine/state';
import type { Json, ToolCall, ToolDef, Trajectory } from '../../format/types';
import type { Evidence, Label } from '../profile';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asJson = (v: unknown): Json => (v === undefined ? null : (JSON.parse(JSON.stringify(v)) as Json));

/** Syntax: no calls at all, an item without a `calls` list, or an entry without `tool_name` or `parameters`. */
export function syntaxError(trajectory: Trajectory): Evidence {
  const items = trajectory.tool_calls ?? [];
  let entries = 0;
  for (const [i, item] of items.entries()) {
    if (!Array.isArray(item.calls)) return { reason: 'a tool_calls item has no "calls" list', item: i, turn: item.turn };
    for (const [j, entry] of item.calls.entries()) {
      entries += 1;
      if (!isObject(entry) || !('tool_name' in entry) || !('parameters' in entry)) {
        return { reason: 'a call entry lacks "tool_name" or "parameters"', item: i, position: j, turn: item.turn, entry: asJson(entry) };
      }
    }
  }
  return entries === 0 ? { reason: 'the agent made no tool call' } : null;
}

const wordsOf = (s: string): Set<string> => new Set(s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));

/** The official "multimodal" test: the query value equals, contains / is contained in, or shares a word with the accepted value. */
export function mentions(query: string, value: string): boolean {
  const q = query.toLowerCase().trim();
  const v = value.toLowerCase().trim();
  if (q === v || (q !== '' && v !== '' && (q.includes(v) || v.includes(q)))) return true;
  const vw = wordsOf(v);
  for (const w of wordsOf(q)) if (vw.has(w)) return true;
  return false;
}

export interface RecognitionTarget {
  /** The parameter the entity goes under (the release's `key`); absent: any parameter. */
  param?: string;
  value: string;
}

/** Strings under `param` (top level; list items included) of a call, or every top-level string when no param is named. */
function valuesUnder(call: ToolCall, param: string | undefined): string[] {
  const raw = param === undefined ? Object.values(call.parameters) : [call.parameters[param]];
  return raw.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === 'string');
}

/** Perception ("multimodal"): some accepted value never shows up under its key in a query (read) tool's parameters. */
export function perceptionError(targets: readonly RecognitionTarget[], calls: readonly ToolCall[], tools: ReadonlyMap<string, ToolDef>): Evidence {
  const queries = calls.filter((c) => tools.get(c.tool_name)?.effect === 'read');
  for (const target of targets) {
    const seen = queries.flatMap((c) => valuesUnder(c, target.param));
    if (!seen.some((s) => mentions(s, target.value))) {
      return { reason: 'an entity shown in the clip never reaches a query', param: target.param ?? null, value: target.value, queried: [...new Set(seen)].slice(0, 10) };
    }
  }
  return null;
}

/** Hallucination: a `user_id` parameter other than the instruction's. */
export function hallucinationError(userId: string | undefined, calls: readonly ToolCall[]): Evidence {
  if (userId === undefined) return null;
  for (const [index, call] of calls.entries()) {
    const given = call.parameters.user_id;
    if (given !== undefined && given !== userId) {
      return { reason: 'user_id differs from the instruction', call: index, tool_name: call.tool_name, path: 'user_id', value: asJson(given), expected: userId };
    }
  }
  return null;
}

/** Rows of the state tables that differ: in the agent's final state only, and in the ground truth's only. */
export function stateDifference(expected: DbState, actual: DbState, limit = 5): Json {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const out: Json[] = [];
  for (const table of tables) {
    const count = new Map<string, number>();
    for (const row of expected[table] ?? []) count.set(rowKey(row), (count.get(rowKey(row)) ?? 0) + 1);
    const extra: Json[] = [];
    for (const row of actual[table] ?? []) {
      const key = rowKey(row);
      const n = count.get(key) ?? 0;
      if (n > 0) count.set(key, n - 1);
      else extra.push(asJson(row));
    }
    const missing = (expected[table] ?? []).filter((row) => {
      const key = rowKey(row);
      const n = count.get(key) ?? 0;
      if (n > 0) {
        count.set(key, n - 1);
        return true;
      }
      return false;
    });
    if (extra.length || missing.length) out.push({ table, agent_only: extra.slice(0, limit), ground_truth_only: missing.slice(0, limit).map(asJson) });
  }
  return out;
}

export interface CascadeInput {
  trajectory: Trajectory;
  calls: readonly ToolCall[];
  gtCalls: readonly ToolCall[];
  takenBy: readonly number[];
  targets: readonly RecognitionTarget[];
  userId?: string;
  tools: ReadonlyMap<string, ToolDef>;
  resultSucc: boolean;
  states: () => { expected: DbState; actual: DbState };
}

export function classify(input: CascadeInput): { label: Label; evidence: Evidence } {
  const syntax = syntaxError(input.trajectory);
  if (syntax) return { label: 'syntactic', evidence: syntax };
  const perception = perceptionError(input.targets, input.calls, input.tools);
  if (perception) return { label: 'perception', evidence: perception };
  const hallucination = hallucinationError(input.userId, input.calls);
  if (hallucination) return { label: 'hallucination', evidence: hallucination };
  const missing = input.gtCalls.filter((_, i) => input.takenBy[i] < 0).map(asJson);
  if (missing.length >= 2) return { label: 'logic', evidence: { reason: 'two or more key calls missed', missing } };
  if (missing.length === 1) return { label: 'memory', evidence: { reason: 'exactly one key call missed', missing } };
  if (!input.resultSucc) {
    const { expected, actual } = input.states();
    return { label: 'over_operation', evidence: { reason: 'all key calls made, final state differs', difference: stateDifference(expected, actual) } };
  }
  // Only reachable without ground-truth calls: the official analysis then finds no error.
  return { label: 'correct', evidence: { reason: 'no error class applies (the ground truth has no calls)' } };
}
