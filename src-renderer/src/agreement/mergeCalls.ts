// What each alignment row contributes to the merged sequence (pure): A's call, B's, an edit of
// one, or nothing; and the sequence the rows give in the adjudicator's order (mergeOrder.ts).
import type { AlignmentRow } from '../../../shared/eval/agreement-report';
import { schemaFailure } from '../../../shared/eval/schema-check';
import type { JsonObject, ToolCall, ToolLibrary } from '../../../shared/format/types';
import { rowKey } from './mergeOrder';

export type Choice = 'a' | 'b' | 'edit';
export interface RowChoice {
  choice: Choice;
  /** The edited call as JSON text (when choice is 'edit'). */
  text?: string;
}

export function defaultChoice(row: AlignmentRow): Choice {
  return row.kind === 'onlyB' ? 'b' : 'a';
}

/** The call a row contributes to the merged sequence, or null (dropped), or an error message. */
export function mergedCall(row: AlignmentRow, choice: RowChoice, a: readonly ToolCall[], b: readonly ToolCall[]): ToolCall | null | { error: string } {
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
export function mergeSequence(rows: readonly AlignmentRow[], choices: Readonly<Record<string, RowChoice>>, a: readonly ToolCall[], b: readonly ToolCall[]) {
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
