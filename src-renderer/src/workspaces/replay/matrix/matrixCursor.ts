// The matrix's keyboard cursor (pure): one cell of the grid, moved as ARIA's grid pattern moves
// it (arrows, Home/End in the row, Ctrl+Home/End to the grid's corners, Page Up/Down), and the
// scroll that brings it into view past the sticky header and task columns.

/** A cell: `col` 0 is the task, 1 the fail count, 2 onwards the model/mode columns. */
export interface MatrixCursor {
  row: number;
  col: number;
}

export type CursorMove = 'up' | 'down' | 'left' | 'right' | 'page-up' | 'page-down' | 'row-start' | 'row-end' | 'first' | 'last';

/** The columns before the model/mode columns (task, fail). */
export const LEADING_COLUMNS = 2;

/** The cursor after a move in a grid of `rows` x `cols` cells; a page is `pageRows` rows. */
export function moveCursor(cursor: MatrixCursor, move: CursorMove, rows: number, cols: number, pageRows: number): MatrixCursor {
  const { row, col } = cursor;
  const next: Record<CursorMove, MatrixCursor> = {
    up: { row: row - 1, col },
    down: { row: row + 1, col },
    left: { row, col: col - 1 },
    right: { row, col: col + 1 },
    'page-up': { row: row - Math.max(1, pageRows), col },
    'page-down': { row: row + Math.max(1, pageRows), col },
    'row-start': { row, col: 0 },
    'row-end': { row, col: cols - 1 },
    first: { row: 0, col: 0 },
    last: { row: rows - 1, col: cols - 1 },
  };
  return clampCursor(next[move], rows, cols);
}

/** The cursor kept inside a grid that may have shrunk (a filter, fewer columns). */
export function clampCursor(cursor: MatrixCursor, rows: number, cols: number): MatrixCursor {
  const clamp = (value: number, count: number) => Math.min(Math.max(0, count - 1), Math.max(0, value));
  return { row: clamp(cursor.row, rows), col: clamp(cursor.col, cols) };
}

/**
 * The scroll position along one axis that shows an item whole, moving as little as it can:
 * `covered` pixels at the start of the view are under sticky content (the header, the task
 * columns), and `offset` is where the items begin in the scrolled content.
 */
export function scrollToShow(scroll: number, view: number, covered: number, offset: number, start: number, size: number): number {
  const top = offset + start;
  if (top - scroll < covered) return Math.max(0, top - covered);
  if (top + size > scroll + view) return Math.max(0, Math.min(top - covered, top + size - view));
  return scroll;
}
