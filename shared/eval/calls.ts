// The agent's call entries of a trajectory, in order (SPEC §6), and which are well-formed (§8.2).
import type { JsonObject, ToolCall, ToolDef, Trajectory } from '../format/types';

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
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { tool_name: name, parameters } = raw as { tool_name?: unknown; parameters?: unknown };
  // SPEC §8.2: a string that is not empty after trimming (" " is blank, so not well-formed).
  if (typeof name !== 'string' || name.trim() === '') return null;
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) return null;
  return { tool_name: name.trim(), parameters: parameters as JsonObject };
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

export function toolMap(tools: readonly ToolDef[]): Map<string, ToolDef> {
  return new Map(tools.map((t) => [t.name.trim(), t]));
}

/** Ground-truth and annotation calls, with names trimmed as matching sees them. */
export function normalizeCalls(calls: readonly ToolCall[]): ToolCall[] {
  return calls.map((c) => ({ tool_name: c.tool_name.trim(), parameters: c.parameters }));
}

const callKeys = new WeakMap<ToolCall, string>();

/** The call as text (tool name trimmed): a memo key, computed once per call object (calls are never mutated). */
export function callKey(call: ToolCall): string {
  let key = callKeys.get(call);
  if (key === undefined) {
    key = `${call.tool_name.trim()}\u0000${JSON.stringify(call.parameters)}`;
    callKeys.set(call, key);
  }
  return key;
}

/** A key for a sequence of calls. */
export function sequenceKey(calls: readonly ToolCall[]): string {
  return calls.map(callKey).join('\u0001');
}
