// What the adjudicator does to a task's merge (AdjudicationView's toolbar, alignment rows and
// reference rows), each a change of the draft; those that are decisions are remembered first, for undo.
import type { ToolCall } from '../../../shared/format/types';
import { defaultChoice, type Choice, type RowChoice } from './mergeCalls';
import { moveRow, orderOfB, rowKey, type MergeRow } from './mergeOrder';
import type { RefChoice } from './model';
import type { MergeDraft } from './useAdjudicationMerge';

/** An added call's text to begin from. */
export const NEW_CALL = { tool_name: '', parameters: {} };

/** A row's choice once `choice` is made: an edit begins from its text so far, else from the call the row shows (B's where B's was taken), else from a blank call. */
export function rowChoice(row: MergeRow, previous: RowChoice | undefined, choice: Choice, callsA: readonly ToolCall[], callsB: readonly ToolCall[]): RowChoice {
  const source = previous?.choice === 'b' || (previous === undefined && defaultChoice(row) === 'b') ? 'b' : 'a';
  const base = choice !== 'edit' ? null : source === 'b' && 'b' in row ? callsB[row.b] : 'a' in row ? callsA[row.a] : 'b' in row ? callsB[row.b] : NEW_CALL;
  return choice === 'edit' ? { choice, text: previous?.text ?? JSON.stringify(base, null, 1) } : { choice };
}

/** The merge in progress (useAdjudicationMerge). */
interface MergeState {
  draft: MergeDraft;
  /** The alignment's rows (without the added calls). */
  aligned: readonly MergeRow[];
  /** The alignment's rows and the added calls, in the alignment's order. */
  rows: readonly MergeRow[];
  callsA: readonly ToolCall[];
  callsB: readonly ToolCall[];
}

export function mergeActions({ draft, aligned, rows, callsA, callsB }: MergeState) {
  const { remember, setChoices, setOrder, order } = draft;
  const choose = (row: MergeRow, choice: Choice) => {
    const key = rowKey(row);
    remember();
    setChoices((current) => ({ ...current, [key]: rowChoice(row, current[key], choice, callsA, callsB) }));
  };
  // A call neither annotator wrote (both missed it): a row of its own, an edit, last in the sequence.
  const addCall = () => {
    remember();
    const key = rowKey({ kind: 'added', n: draft.added + 1 });
    draft.setAdded(draft.added + 1);
    setChoices((current) => ({ ...current, [key]: { choice: 'edit', text: JSON.stringify(NEW_CALL, null, 1) } }));
  };
  const reorder = (next: string[] | null) => {
    remember();
    setOrder(next);
  };
  // Taking all of one annotator's calls takes their order too.
  const takeAll = (choice: 'a' | 'b') => {
    remember();
    // The calls added stay as they are.
    setChoices((current) => ({ ...Object.fromEntries(Object.entries(current).filter(([key]) => key.startsWith('added:'))), ...Object.fromEntries(aligned.map((row) => [rowKey(row), { choice }])) }));
    setOrder(choice === 'b' ? orderOfB(rows) : null);
  };
  return {
    choose,
    addCall,
    takeAll,
    takeOrder: (side: 'a' | 'b') => reorder(side === 'b' ? orderOfB(rows) : null),
    move: (index: number, delta: -1 | 1) => reorder(moveRow(rows, order, index, delta)),
    edit: (row: MergeRow, text: string) => setChoices((all) => ({ ...all, [rowKey(row)]: { choice: 'edit', text } })),
    chooseReference: (key: string, choice: RefChoice) => {
      remember();
      draft.setRefChoices((all) => ({ ...all, [key]: choice }));
    },
  };
}
