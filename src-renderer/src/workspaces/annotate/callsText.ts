// The editor's text <-> the calls. The text is a JSON array of {tool_name, parameters}; while
// the user types it may not parse, and then the calls stay as they were.
import { parse, type ParseError } from 'jsonc-parser';
import { syntaxErrorWords } from '../../../../shared/format/json-syntax';
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
  if (errors.length > 0) return { ok: false, message: syntaxErrorWords(errors[0].error), offset: errors[0].offset };
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
 * bound to a call stay bound to it: the longest run of unchanged calls in order keeps theirs (as a
 * diff aligns lines: a call deleted, inserted or restored by an undo moves no other call's id); a
 * call moved elsewhere keeps its own; an edited call keeps the id of the call it replaced between
 * the same unchanged neighbours; a call removed before (`departed`, oldest first) and back by an
 * undo is that call again; any other call is new. Positions alone re-labelled every call
 * after a deleted one: a reference then named another call's parameter.
 */
export function mergeCalls(previous: CallEntry[], parsed: { tool_name: string; parameters: JsonObject }[], departed: readonly CallEntry[] = []): CallEntry[] {
  const textOf = (call: Pick<CallEntry, 'tool_name' | 'parameters'>) => JSON.stringify([call.tool_name, call.parameters]);
  const before = previous.map(textOf);
  const after = parsed.map(textOf);
  // from[j]: the index of the previous call the new call j still is, or -1 (a new call).
  const from: number[] = new Array(parsed.length).fill(-1);
  const used = new Set<number>();
  const take = (j: number, i: number) => {
    from[j] = i;
    used.add(i);
  };
  // 1. The longest common subsequence of unchanged calls.
  const n = before.length;
  const m = after.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = before[i] === after[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  // Walked so that a call pairs with the last copy of it that still allows the longest run: an
  // edit that turns a call into a copy of the next one leaves the next one its own id.
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (lcs[i + 1][j] === lcs[i][j]) i++;
    else if (lcs[i][j + 1] === lcs[i][j]) j++;
    else take(j++, i++); // neither can be skipped: they are equal, and paired
  }
  // 2. A call moved out of that order: the first unused call of the same text, in order.
  after.forEach((text, j) => {
    if (from[j] >= 0) return;
    const i = before.findIndex((other, k) => other === text && !used.has(k));
    if (i >= 0) take(j, i);
  });
  // 3. An edited call: an unused call between the same kept neighbours, in order.
  let lastFrom = -1;
  after.forEach((_, j) => {
    if (from[j] >= 0) {
      lastFrom = Math.max(lastFrom, from[j]);
      return;
    }
    const limit = from.slice(j + 1).find((i) => i >= 0) ?? n;
    for (let i = lastFrom + 1; i < limit; i++)
      if (!used.has(i)) {
        take(j, i);
        lastFrom = i;
        return;
      }
  });
  // 4. A call that is none of these but one removed before (an undo brings it back): its own id
  // and frame again, the latest removed first, each once, never an id a kept call holds.
  const taken = new Set(previous.filter((_, i) => used.has(i)).map((call) => call.id));
  const back = (j: number): CallEntry | undefined => {
    for (let k = departed.length - 1; k >= 0; k--) {
      const call = departed[k];
      if (!taken.has(call.id) && textOf(call) === after[j]) {
        taken.add(call.id);
        return call;
      }
    }
    return undefined;
  };
  return parsed.map((call, j) => {
    const kept = from[j] >= 0 ? previous[from[j]] : back(j);
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
