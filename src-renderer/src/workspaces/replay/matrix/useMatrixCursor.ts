// The matrix from the keyboard: while the grid itself has the focus, the keymap's matrix actions
// move a cursor over its cells (scrolling it into view) and Enter opens the cell under it, as a
// click would. The grid keeps the focus; the cursor cell is its aria-activedescendant. The cursor
// is kept by the caller (the list's memory): back from the runs it opened, the grid shows it again
// and, when the focus went with the list, takes the focus.
import { useEffect, useRef, type RefObject } from 'react';
import { focusLost } from '../../../components/focusLost';
import { useHotkeyAction } from '../../../hotkeys/useHotkeys';
import { clampCursor, LEADING_COLUMNS, moveCursor, scrollToShow, type CursorMove, type MatrixCursor } from './matrixCursor';

interface Geometry {
  rows: number;
  /** Model/mode columns (the task and fail columns come first). */
  columns: number;
  rowHeight: number;
  /** The sticky header's height: rows begin below it. */
  headerPx: number;
  /** The sticky task and fail columns' width: model/mode columns begin right of it. */
  leadingPx: number;
  /** Where the model/mode column `index` begins and how wide it is. */
  columnAt(index: number): { start: number; size: number };
}

export function useMatrixCursor(
  scroller: RefObject<HTMLDivElement | null>,
  geometry: Geometry,
  open: (cursor: MatrixCursor) => void,
  stored: MatrixCursor | null,
  setCursor: (cursor: MatrixCursor | null) => void,
): { cursor: MatrixCursor | null; onFocus(event: React.FocusEvent): void } {
  const cols = geometry.columns + LEADING_COLUMNS;
  // A filter or a sort may have left it outside the grid.
  const cursor = stored && geometry.rows > 0 ? clampCursor(stored, geometry.rows, cols) : null;

  const show = (next: MatrixCursor) => {
    const element = scroller.current;
    if (!element) return;
    const { rowHeight, headerPx, leadingPx } = geometry;
    const top = scrollToShow(element.scrollTop, element.clientHeight, headerPx, headerPx, next.row * rowHeight, rowHeight);
    let left = element.scrollLeft;
    if (next.col >= LEADING_COLUMNS) {
      const { start, size } = geometry.columnAt(next.col - LEADING_COLUMNS);
      left = scrollToShow(left, element.clientWidth, leadingPx, leadingPx, start, size);
    }
    element.scrollTo({ top, left });
  };
  // Arriving with a cursor kept: shown, and the focus taken if nobody has it. Once, on arrival
  // (the rows may come a moment later); a cursor first set here (a key, the grid focused) is not one.
  const keptOnArrival = useRef(stored !== null);
  const arrivedWith = cursor !== null && geometry.rows > 0;
  useEffect(() => {
    if (!arrivedWith || !keptOnArrival.current) return;
    keptOnArrival.current = false;
    show(cursor);
    if (focusLost()) scroller.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only, not at each move
  }, [arrivedWith]);
  const move = (how: CursorMove) => () => {
    if (geometry.rows === 0) return;
    const pageRows = Math.floor(((scroller.current?.clientHeight ?? 0) - geometry.headerPx) / geometry.rowHeight) - 1;
    const next = cursor ? moveCursor(cursor, how, geometry.rows, cols, pageRows) : { row: 0, col: 0 };
    setCursor(next);
    show(next);
  };

  useHotkeyAction('matrix.up', move('up'));
  useHotkeyAction('matrix.down', move('down'));
  useHotkeyAction('matrix.left', move('left'));
  useHotkeyAction('matrix.right', move('right'));
  useHotkeyAction('matrix.page-up', move('page-up'));
  useHotkeyAction('matrix.page-down', move('page-down'));
  useHotkeyAction('matrix.row-start', move('row-start'));
  useHotkeyAction('matrix.row-end', move('row-end'));
  useHotkeyAction('matrix.first', move('first'));
  useHotkeyAction('matrix.last', move('last'));
  useHotkeyAction('matrix.open', () => {
    if (cursor) open(cursor);
  });
  // The grid taking the focus shows where the keys start: its first cell, unless a cursor is kept.
  const onFocus = (event: React.FocusEvent) => {
    if (event.target === scroller.current && !stored && geometry.rows > 0) setCursor({ row: 0, col: 0 });
  };
  return { cursor, onFocus };
}
