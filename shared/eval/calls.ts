// The agent's call entries of a trajectory, in order (SPEC §6), and which are well-formed (§8.2).
import type { GroundTruth, JsonObject, ScenarioDef, ToolCall, ToolDef, Trajectory } from '../format/types';
import { trimSpace } from '../format/whitespace';
import { exactValueKey } from '../format/whole-reals';

export interface CallEntry {
  /** Position among all entries of the trajectory. */
  index: number;
  /** Position of its tool_calls item, and within that item. */
  item: number;
  position: number;
  turn: number;
  raw: unknown;
  /** The call when the entry is well-formed (tool name trimmed), else null. */
  call: ToolCall | null;
}

export function asWellFormed(raw: unknown): ToolCall | null {
  return isWellFormedCall(raw) ? new KeyedCall(trimSpace(raw.tool_name), raw.parameters) : null;
}

/** Whether an entry is a well-formed call (SPEC §8.2), without building one. */
export function isWellFormedCall(raw: unknown): raw is ToolCall {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  const { tool_name: name, parameters } = raw as { tool_name?: unknown; parameters?: unknown };
  // SPEC §8.2: a string that is not empty after trimming (" " is blank, so not well-formed).
  if (typeof name !== 'string' || trimSpace(name) === '') return false;
  return typeof parameters === 'object' && parameters !== null && !Array.isArray(parameters);
}

/**
 * A call built here from data (name trimmed), which keeps its key once computed: scoring asks
 * for the keys of every call several times, and a field is read faster than a WeakMap (the
 * WeakMap stays for calls built elsewhere). The key is private, so JSON and copies never see it.
 */
class KeyedCall implements ToolCall {
  #key: string | undefined;

  constructor(
    public tool_name: string,
    public parameters: JsonObject,
  ) {}

  get key(): string {
    return (this.#key ??= `${this.tool_name}\u0000${exactValueKey(this.parameters)}`);
  }
}

export function callEntries(trajectory: Trajectory): CallEntry[] {
  const entries: CallEntry[] = [];
  trajectory.tool_calls.forEach((item, itemIndex) => {
    item.calls.forEach((raw, position) => {
      entries.push({ index: entries.length, item: itemIndex, position, turn: item.turn, raw, call: asWellFormed(raw) });
    });
  });
  return entries;
}

/** Tools by trimmed name; the first definition wins, as in the engine. */
export function toolMap(tools: readonly ToolDef[]): Map<string, ToolDef> {
  const map = new Map<string, ToolDef>();
  for (const tool of tools) if (!map.has(trimSpace(tool.name))) map.set(trimSpace(tool.name), tool);
  return map;
}

/**
 * Ground-truth and annotation calls, with names trimmed as matching sees them. Calls normalised
 * already are kept, with the keys they have built: the agreement's alpha compares each pooled
 * annotation with every other, and building each call's key again per pair was a third of its time.
 */
export function normalizeCalls(calls: readonly ToolCall[]): ToolCall[] {
  return calls.map((c) => (c instanceof KeyedCall ? c : new KeyedCall(trimSpace(c.tool_name), c.parameters)));
}

const groundTruthCallCache = new WeakMap<GroundTruth, ToolCall[]>();

/** A task's ground-truth calls, normalised once for all its trajectories (loaded data is not mutated). */
export function groundTruthCalls(truth: GroundTruth): ToolCall[] {
  let calls = groundTruthCallCache.get(truth);
  if (!calls) groundTruthCallCache.set(truth, (calls = normalizeCalls(truth.calls)));
  return calls;
}

interface ScenarioCache {
  tools: Map<string, ToolDef>;
  writeTools: Set<string>;
}
const scenarioCaches = new WeakMap<ScenarioDef, ScenarioCache>();

/** A scenario's tools by trimmed name and the names of its write tools, built once per scenario. */
export function scenarioCache(scenario: ScenarioDef): ScenarioCache {
  let cache = scenarioCaches.get(scenario);
  if (!cache) {
    const tools = toolMap(scenario.library.tools);
    const writeTools = new Set([...tools].filter(([, tool]) => tool.effect === 'write').map(([name]) => name));
    cache = { tools, writeTools };
    scenarioCaches.set(scenario, cache);
  }
  return cache;
}

const callKeys = new WeakMap<ToolCall, string>();

/** The call as text (tool name trimmed, a whole real written `2.0`: it runs apart from `2`; exactValueKey): a memo key, computed once per call object (calls are never mutated). */
export function callKey(call: ToolCall): string {
  if (call instanceof KeyedCall) return call.key;
  let key = callKeys.get(call);
  if (key === undefined) {
    key = `${trimSpace(call.tool_name)}\u0000${exactValueKey(call.parameters)}`;
    callKeys.set(call, key);
  }
  return key;
}
