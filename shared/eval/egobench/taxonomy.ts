// The official error analysis (egobench/README.md): six cascading classes, first that holds wins.
import type { DbState } from '../../engine/types';
import { rowKey } from '../../engine/state';
import type { Json, ToolCall, ToolDef, Trajectory } from '../../format/types';
import type { Evidence, Label } from '../profile';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asJson = (v: unknown): Json => (v === undefined ? null : (JSON.parse(JSON.stringify(v)) as Json));

/**
 * Syntax, as the official analysis flattens calls: no items at all; an item without a `calls`
 * list or a legacy `call` (the importer records that shape as `x-syntax-error`, since the
 * dataset's items always hold a list); an entry that is not an object, names no tool (neither
 * `tool_name` nor `name`) or has no `parameters` key (`parameters: null` passes).
 */
export function syntaxError(trajectory: Trajectory): Evidence {
  const recorded = (trajectory as { 'x-syntax-error'?: unknown })['x-syntax-error'];
  if (typeof recorded === 'string' && recorded !== '') return { reason: recorded };
  const items = trajectory.tool_calls ?? [];
  if (items.length === 0) return { reason: 'the agent made no tool call' };
  for (const [i, item] of items.entries()) {
    if (!Array.isArray(item.calls)) return { reason: 'a tool_calls item has no "calls" list', item: i, turn: item.turn };
    for (const [j, entry] of item.calls.entries()) {
      if (!isObject(entry) || !(('tool_name' in entry) || ('name' in entry)) || !('parameters' in entry)) {
        return { reason: 'a call entry lacks "tool_name" (or "name") or "parameters"', item: i, position: j, turn: item.turn, entry: asJson(entry) };
      }
    }
  }
  return null;
}

/** Python's `s.lower().split()`: the words between runs of whitespace. */
const wordsOf = (s: string): string[] => s.toLowerCase().split(/\s+/u).filter(Boolean);

/**
 * The official "multimodal" match of a query's string with an accepted value, tried in order:
 * equal after lower/strip; one contains the other (lower-cased; as in Python, an empty string is
 * inside every string); or any shared whitespace word ("Beef stew" satisfies "Beef Filet", and
 * "Turkey & Apple Soup" satisfies "Potato & Greens Salad" through "&").
 */
export function mentions(query: string, value: string): boolean {
  const q = query.toLowerCase().trim();
  const v = value.toLowerCase().trim();
  if (q === v) return true;
  const ql = query.toLowerCase();
  const vl = value.toLowerCase();
  if (ql.includes(vl) || vl.includes(ql)) return true;
  const vw = new Set(wordsOf(value));
  return wordsOf(query).some((w) => vw.has(w));
}

export interface RecognitionTarget {
  /** The parameter the entity goes under (the release's `key`); absent: any parameter. */
  param?: string;
  value: string;
}

/** Whether a tool counts as a query for the multimodal check: `x-query` where the library marks any, else read tools. */
export function queryToolTest(tools: ReadonlyMap<string, ToolDef>): (name: string) => boolean {
  const marked = [...tools.values()].some((t) => t['x-query'] === true);
  return (name) => (marked ? tools.get(name)?.['x-query'] === true : tools.get(name)?.effect === 'read');
}

/** A parameter value meets an accepted value: strings by `mentions`, anything else only by equality (a list never does). */
function meets(given: unknown, value: string): boolean {
  return typeof given === 'string' ? mentions(given, value) : given === value;
}

/**
 * Perception ("multimodal"), in the official order: for order1/order2 the last call naming a
 * restaurant (a string `restaurant_name`) must name the task's restaurant exactly; then every
 * accepted value must be met under its key by some query tool's call.
 */
export function perceptionError(targets: readonly RecognitionTarget[], calls: readonly ToolCall[], tools: ReadonlyMap<string, ToolDef>, restaurant?: string): Evidence {
  if (restaurant !== undefined) {
    const last = calls.findLast((c) => typeof c.parameters.restaurant_name === 'string');
    const named = last?.parameters.restaurant_name;
    if (last && named !== restaurant) {
      return { reason: 'the last call naming a restaurant does not name the one in the clip', param: 'restaurant_name', value: restaurant, queried: [named as string] };
    }
  }
  if (calls.length === 0) return null;
  const isQuery = queryToolTest(tools);
  const queries = calls.filter((c) => isQuery(c.tool_name));
  for (const target of targets) {
    if (target.param === undefined) continue;
    const param = target.param;
    const given = queries.filter((c) => Object.hasOwn(c.parameters, param)).map((c) => c.parameters[param]);
    if (!given.some((g) => meets(g, target.value))) {
      return { reason: 'an entity shown in the clip never reaches a query', param, value: target.value, queried: [...new Set(given.map((g) => asJson(g)))].slice(0, 10) };
    }
  }
  return null;
}

/**
 * The user id the official analysis reads from an instruction: the first `User ID:` (case as
 * written) followed by a run of word characters, so `customer-009` reads as `customer` and
 * "Your user ID is cook_010" has none (the check is then skipped).
 */
export function officialUserId(instruction: string): string | undefined {
  return /User ID:\s*([\p{L}\p{N}\p{M}_]+)/u.exec(instruction)?.[1];
}

/** Hallucination: any call's `user_id` other than the instruction's, by strict equality (case, type, whitespace). */
export function hallucinationError(userId: string | undefined, calls: readonly ToolCall[]): Evidence {
  if (userId === undefined) return null;
  for (const [index, call] of calls.entries()) {
    if (!Object.hasOwn(call.parameters, 'user_id')) continue;
    const given = call.parameters.user_id;
    if (given !== userId) {
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
  /** The official matcher gave up on the task (0 matches of 0 calls): no call counts as missed. */
  collapsed: boolean;
  targets: readonly RecognitionTarget[];
  /** The official reading of the instruction's user id (`officialUserId`). */
  userId?: string;
  /** order1/order2: the restaurant the clip shows (see perceptionError). */
  restaurant?: string;
  tools: ReadonlyMap<string, ToolDef>;
  resultSucc: boolean;
  states: () => { expected: DbState; actual: DbState };
}

export function classify(input: CascadeInput): { label: Label; evidence: Evidence } {
  const syntax = syntaxError(input.trajectory);
  if (syntax) return { label: 'syntactic', evidence: syntax };
  const perception = perceptionError(input.targets, input.calls, input.tools, input.restaurant);
  if (perception) return { label: 'perception', evidence: perception };
  const hallucination = hallucinationError(input.userId, input.calls);
  if (hallucination) return { label: 'hallucination', evidence: hallucination };
  const missing = input.collapsed ? [] : input.gtCalls.filter((_, i) => input.takenBy[i] < 0).map(asJson);
  if (missing.length >= 2) return { label: 'logic', evidence: { reason: 'two or more key calls missed', missing } };
  if (missing.length === 1) return { label: 'memory', evidence: { reason: 'exactly one key call missed', missing } };
  if (!input.resultSucc) {
    const { expected, actual } = input.states();
    return { label: 'over_operation', evidence: { reason: 'all key calls made, final state differs', difference: stateDifference(expected, actual) } };
  }
  // Only reachable without a ground-truth call to miss (none, or the matcher collapsed) and with
  // ResultSucc: no ToolSucc, so not correct, and no class holds. The official analysis says
  // `unknown` (BEHAVIOUR.md §5): counted in the total, in no class.
  return { label: 'unknown', evidence: { reason: 'no error class applies, yet the run is not correct: no ground-truth call was there to make (ToolSucc needs one), and the final state is right' } };
}
