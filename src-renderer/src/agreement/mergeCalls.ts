// What each alignment row contributes to the merged sequence (pure): A's call, B's, an edit of
// one, or nothing; and the sequence the rows give in the adjudicator's order (mergeOrder.ts).
import type { AlignmentRow } from '../../../shared/eval/agreement-report';
import type { JsonObject, ToolCall } from '../../../shared/format/types';
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
