// The editor's text <-> the calls. The text is a JSON array of {tool_name, parameters}; while
// the user types it may not parse, and then the calls stay as they were.
import { parse, type ParseError, printParseErrorCode } from 'jsonc-parser';
import type { JsonObject } from '../../../../shared/format/types';
import { newId } from '../../db/annotationDb';
import type { CallEntry } from '../../db/schema';

export function callsToText(calls: Pick<CallEntry, 'tool_name' | 'parameters'>[]): string {
  if (calls.length === 0) return '[\n]\n';
  const body = calls.map((call) => `  ${JSON.stringify({ tool_name: call.tool_name, parameters: call.parameters })}`).join(',\n');
  return `[\n${body}\n]\n`;
}

export type ParsedCalls = { ok: true; calls: { tool_name: string; parameters: JsonObject }[] } | { ok: false; message: string; offset: number };

export function parseCallsText(text: string): ParsedCalls {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0) return { ok: false, message: printParseErrorCode(errors[0].error), offset: errors[0].offset };
  if (!Array.isArray(value)) return { ok: false, message: 'expected an array of calls', offset: 0 };
  const calls: { tool_name: string; parameters: JsonObject }[] = [];
  for (const [index, entry] of value.entries()) {
    const call = entry as { tool_name?: unknown; parameters?: unknown };
    if (typeof call !== 'object' || call === null || typeof call.tool_name !== 'string')
      return { ok: false, message: `call ${index + 1}: tool_name must be a string`, offset: 0 };
    if (typeof call.parameters !== 'object' || call.parameters === null || Array.isArray(call.parameters))
      return { ok: false, message: `call ${index + 1}: parameters must be an object`, offset: 0 };
    calls.push({ tool_name: call.tool_name, parameters: call.parameters as JsonObject });
  }
  return { ok: true, calls };
}

/**
 * New calls from the text, each keeping the id and frame of the call it still is, so references
 * bound to a call stay bound to it: a call whose text is unchanged keeps its own (wherever it moved:
 * a call deleted, inserted or reordered in the text, an undo of a deletion), an edited call the one
 * at its position if no unchanged call took it, and any other call a new id. Positions alone
 * re-labelled every call after a deleted one: a reference then named another call's parameter.
 */
export function mergeCalls(previous: CallEntry[], parsed: { tool_name: string; parameters: JsonObject }[]): CallEntry[] {
  const textOf = (call: Pick<CallEntry, 'tool_name' | 'parameters'>) => JSON.stringify([call.tool_name, call.parameters]);
  const unused = new Map<string, number[]>(); // text -> indexes of previous calls with it, not yet taken
  previous.forEach((call, index) => {
    const key = textOf(call);
    unused.set(key, [...(unused.get(key) ?? []), index]);
  });
  const taken = new Set<number>();
  // Unchanged calls first: the same text at the same position, else the first such call left.
  const same = parsed.map((call, index) => {
    const candidates = unused.get(textOf(call));
    if (!candidates?.length) return undefined;
    const at = candidates.includes(index) ? index : candidates[0];
    candidates.splice(candidates.indexOf(at), 1);
    taken.add(at);
    return previous[at];
  });
  return parsed.map((call, index) => {
    let kept = same[index];
    if (!kept && index < previous.length && !taken.has(index)) {
      kept = previous[index];
      taken.add(index);
    }
    return { id: kept?.id ?? newId('c'), frame: kept?.frame ?? null, tool_name: call.tool_name, parameters: call.parameters };
  });
}

/** Same calls (names and parameters), ignoring ids and frames. */
export function sameCalls(a: Pick<CallEntry, 'tool_name' | 'parameters'>[], b: Pick<CallEntry, 'tool_name' | 'parameters'>[]): boolean {
  return callsToText(a) === callsToText(b);
}

export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
