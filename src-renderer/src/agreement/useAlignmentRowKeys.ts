// Keys on a focused row of the alignment (keymap scope 'adjudicate.row'): take A's or B's call,
// edit it, drop it, move it in the merged sequence, or go to the next or previous row, so a task
// is adjudicated without the mouse. A row has the focus when its decision's radio or its move
// buttons have it; j and k put the focus on the next row's chosen radio.
import { useHotkeyAction } from '../hotkeys/useHotkeys';
import { choicesOf, type AlignmentContext } from './AlignmentRow';
import type { Choice } from './mergeCalls';
import type { MergeRow } from './mergeOrder';

/**
 * The index of the row the event's target is in (null: none). Run from the palette, the event is
 * no key's: the row is the one the focus went back to.
 */
function rowAt(event: KeyboardEvent): { index: number; table: Element } | null {
  const target = event.target instanceof Element ? event.target : document.activeElement;
  const tr = target?.closest<HTMLElement>('.alignment-table tr[data-row-index]') ?? null;
  const table = tr?.closest('.alignment-table');
  const index = Number(tr?.dataset.rowIndex);
  return table && Number.isInteger(index) ? { index, table } : null;
}

/** Puts the focus on row `index`'s chosen radio (↑/↓ then move among its choices; ←/→ stay the clip's frame steps). */
export function focusRow(table: Element, index: number): void {
  const tr = table.querySelector(`tr[data-row-index="${index}"]`);
  (tr?.querySelector<HTMLElement>('input[type="radio"]:checked') ?? tr?.querySelector<HTMLElement>('input[type="radio"]'))?.focus();
}

/** After React has drawn the decision: the focus on the radio now chosen, or in the box of an edit. */
function afterRender(run: () => void): void {
  requestAnimationFrame(run);
}

export function useAlignmentRowKeys(rows: readonly MergeRow[], onChoose: AlignmentContext['onChoose'], onMove: AlignmentContext['onMove']): void {
  const decide = (choice: Choice) => (event: KeyboardEvent) => {
    const at = rowAt(event);
    const row = at ? rows[at.index] : undefined;
    if (!at || !row || !choicesOf(row).includes(choice)) return;
    onChoose(row, choice);
    afterRender(() => {
      const box = choice === 'edit' ? at.table.querySelector<HTMLElement>(`tr[data-row-index="${at.index}"] + tr.edit-row textarea`) : null;
      if (box) box.focus();
      else focusRow(at.table, at.index);
    });
  };
  const step = (delta: -1 | 1) => (event: KeyboardEvent) => {
    const at = rowAt(event);
    if (at) focusRow(at.table, Math.max(0, Math.min(rows.length - 1, at.index + delta)));
  };
  // The moved row keeps its element (rows are keyed), so the focus moves with it; unless it was on a
  // move button that the move disabled (the row now first or last), which lets the focus go.
  const move = (delta: -1 | 1) => (event: KeyboardEvent) => {
    const at = rowAt(event);
    if (!at || at.index + delta < 0 || at.index + delta >= rows.length) return;
    onMove(at.index, delta);
    afterRender(() => {
      if (!at.table.contains(document.activeElement)) focusRow(at.table, at.index + delta);
    });
  };
  useHotkeyAction('adjudicate.row-take-a', decide('a'));
  useHotkeyAction('adjudicate.row-take-b', decide('b'));
  useHotkeyAction('adjudicate.row-edit', decide('edit'));
  useHotkeyAction('adjudicate.row-drop', decide('drop'));
  useHotkeyAction('adjudicate.row-next', step(1));
  useHotkeyAction('adjudicate.row-previous', step(-1));
  useHotkeyAction('adjudicate.row-up', move(-1));
  useHotkeyAction('adjudicate.row-down', move(1));
}
