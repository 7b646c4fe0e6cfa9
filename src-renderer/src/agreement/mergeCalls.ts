// What each alignment row contributes to the merged sequence (pure): A's call, B's, an edit of
// one, or nothing; and the sequence the rows give in the adjudicator's order (mergeOrder.ts).
import { schemaFailure } from '../../../shared/eval/schema-check';
import type { JsonObject, ToolCall, ToolLibrary } from '../../../shared/format/types';
import { rowKey, type MergeRow } from './mergeOrder';
import { sameCallKey } from './model';

/** Take A's call, B's, an edit of one, or drop the row (a call both wrote may be wrong all the same). */
export type Choice = 'a' | 'b' | 'edit' | 'drop';
export interface RowChoice {
  choice: Choice;
  /** The edited call as JSON text (when choice is 'edit'). */
  text?: string;
}

export function defaultChoice(row: MergeRow): Choice {
  return row.kind === 'added' ? 'edit' : row.kind === 'onlyB' ? 'b' : 'a';
}

/** The call a row contributes to the merged sequence, or null (dropped), or an error message. */
export function mergedCall(row: MergeRow, choice: RowChoice, a: readonly ToolCall[], b: readonly ToolCall[]): ToolCall | null | { error: string } {
  if (choice.choice === 'drop') return null;
  if (choice.choice === 'edit') {
    try {
      const value = JSON.parse(choice.text ?? '') as { tool_name?: unknown; parameters?: unknown };
      if (typeof value?.tool_name !== 'string' || typeof value.parameters !== 'object' || value.parameters === null || Array.isArray(value.parameters))
        return { error: 'expected {"tool_name": string, "parameters": object}' };
      return { tool_name: value.tool_name, parameters: value.parameters as JsonObject };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }
  if (choice.choice === 'a') return 'a' in row ? a[row.a] : null;
  return 'b' in row ? b[row.b] : null;
}

/** The merged sequence of rows in order, with an error per row whose edit does not parse. */
export function mergeSequence(rows: readonly MergeRow[], choices: Readonly<Record<string, RowChoice>>, a: readonly ToolCall[], b: readonly ToolCall[]) {
  const calls: ToolCall[] = [];
  const errors: string[] = [];
  rows.forEach((row, index) => {
    const call = mergedCall(row, choices[rowKey(row)] ?? { choice: defaultChoice(row) }, a, b);
    if (call && 'error' in call) errors.push(`row ${index + 1}: ${call.error}`);
    else if (call) calls.push(call);
  });
  return { calls, errors };
}

/**
 * What is wrong with merged calls against the scenario's tools.json (SPEC §3): a tool it does not
 * define (no agent call can match it) or parameters its schema refuses. Said before Finalize writes
 * them into the ground truth, where the loader would report them only afterwards.
 */
export function callProblems(calls: readonly ToolCall[], library: ToolLibrary): string[] {
  const tools = new Map(library.tools.map((tool) => [tool.name.trim(), tool]));
  const problems: string[] = [];
  calls.forEach((call, index) => {
    const tool = tools.get(call.tool_name.trim());
    const failure = tool ? schemaFailure(tool, call.parameters) : `the scenario's tools.json defines no tool "${call.tool_name}"`;
    if (failure) problems.push(`call ${index + 1} (${call.tool_name}): ${failure}`);
  });
  return problems;
}

/** Decisions (mergeCalls' choices and mergeOrder's order, and the calls added to the alignment's rows) that give a sequence of calls. */
export interface Decisions {
  choices: Record<string, RowChoice>;
  order: string[];
  /** Rows added after the alignment's (addedRows): calls neither annotator wrote. */
  added: number;
}

/** A call's shape, for calls read back from a tab's storage. */
export function isToolCall(value: unknown): value is ToolCall {
  const call = value as ToolCall | null;
  return typeof call === 'object' && call !== null && typeof call.tool_name === 'string' && typeof call.parameters === 'object' && call.parameters !== null && !Array.isArray(call.parameters);
}

/**
 * The decisions whose merged sequence is `target` (the task's ground truth when it is reopened, or
 * the adjudicator's merged sequence when an annotator's new revision changed the rows), on the
 * alignment's `rows`: each call takes the first unused row whose A or B call is the same; a call
 * neither wrote is an edit of the next unused row, or of a row added for it; the rows left are
 * dropped, after the others.
 */
export function decisionsFor(rows: readonly MergeRow[], target: readonly ToolCall[], a: readonly ToolCall[], b: readonly ToolCall[]): Decisions {
  const aligned = rows.filter((row) => row.kind !== 'added');
  const used = new Set<string>();
  const keysA = a.map(sameCallKey);
  const keysB = b.map(sameCallKey);
  const picked: ({ key: string; choice: RowChoice } | null)[] = target.map((call) => {
    const wanted = sameCallKey(call);
    for (const row of aligned) {
      const key = rowKey(row);
      if (used.has(key)) continue;
      const side = 'a' in row && keysA[row.a] === wanted ? 'a' : 'b' in row && keysB[row.b] === wanted ? 'b' : null;
      if (side) {
        used.add(key);
        return { key, choice: { choice: side } };
      }
    }
    return null;
  });
  const free = aligned.map(rowKey).filter((key) => !used.has(key));
  const choices: Record<string, RowChoice> = {};
  const order: string[] = [];
  let added = 0;
  for (const [i, pick] of picked.entries()) {
    const key = pick?.key ?? free.shift() ?? rowKey({ kind: 'added', n: ++added });
    choices[key] = pick?.choice ?? { choice: 'edit', text: JSON.stringify(target[i], null, 1) };
    order.push(key);
  }
  for (const key of free) {
    choices[key] = { choice: 'drop' };
    order.push(key);
  }
  return { choices, order, added };
}
