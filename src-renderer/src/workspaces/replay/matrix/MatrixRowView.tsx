// One task row of the matrix: the task (a button that opens its runs in the list, and a link that
// compares its first runs), how many runs fail, and the cells of the columns in view. Memoised and
// keyed by slot (../list/useSlots.ts): scrolling re-renders only the rows whose task changed, and
// they keep their elements (cells keyed by column slot, letters by place in the cell).
import { memo } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { compareHash } from '../routes';
import { LEADING_COLUMNS } from './matrixCursor';
import { cellName, LABEL_LETTERS, runLabel, type MatrixColumn, type MatrixRow } from './matrixModel';

/** A letter's width (matrix.css: .matrix-letter.one): a cell of one run is its letter, centred in the column. */
const LETTER_WIDTH = 16;

/** The keyboard cursor's cell (the grid's aria-activedescendant); one at a time. */
export const CURSOR_CELL_ID = 'matrix-cursor';

/** The id and data attribute that mark the cursor's cell. */
const cursorProps = (here: boolean) => (here ? { id: CURSOR_CELL_ID, 'data-cursor': '' } : {});

interface Props {
  row: MatrixRow;
  top: number;
  /** The row's place in the grid (aria-rowindex). */
  rowIndex: number;
  width: number;
  /** Left of the first model/mode column (after the task and fail columns). */
  left: number;
  columns: readonly MatrixColumn[];
  /** The columns in view, in slot order. */
  columnsShown: readonly VirtualItem[];
  columnSlots: number;
  overridden: ReadonlySet<string>;
  /** The keyboard cursor's column when it is on this row (0 task, 1 fail, then model/mode), else null. */
  cursorColumn: number | null;
  onOpenTask(taskId: string): void;
  onOpenCell(taskId: string, column: MatrixColumn, runs: readonly TrajectoryRow[]): void;
}

export const MatrixRowView = memo(function MatrixRowView({ row, top, rowIndex, width, left, columns, columnsShown, columnSlots, overridden, cursorColumn, onOpenTask, onOpenCell }: Props) {
  const ids = firstRunIds(row, 4);
  return (
    <div role="row" aria-rowindex={rowIndex} className="matrix-row" style={{ transform: `translateY(${top}px)`, width }} data-task-id={row.taskId} onClick={() => onOpenTask(row.taskId)}>
      <span className="matrix-task sticky" role="rowheader" aria-colindex={1} {...cursorProps(cursorColumn === 0)}>
        <button type="button" className="link-button" onClick={() => onOpenTask(row.taskId)} title="Open the task's runs in the list">
          {row.taskId}
        </button>
        {ids.length >= 2 ? (
          <a className="matrix-compare" href={compareHash(ids)} onClick={(e) => e.stopPropagation()} title="Compare the first runs side by side">
            ⇆
          </a>
        ) : null}
      </span>
      <span className="matrix-fail sticky-2" role="gridcell" aria-colindex={2} aria-label={`${row.failing} of ${row.runs} runs fail`} {...cursorProps(cursorColumn === 1)}>
        {`${row.failing}/${row.runs}`}
      </span>
      {columnsShown.map((c) => {
        const column = columns[c.index];
        const runs = row.cells.get(column.key);
        const name = cellName(row, column, runs, overridden);
        const key = c.index % columnSlots;
        const cursorHere = cursorProps(cursorColumn === c.index + LEADING_COLUMNS);
        // A cell opens its own runs, not the whole task's (the row's click).
        const open = runs?.length
          ? (event: React.MouseEvent) => {
              event.stopPropagation();
              onOpenCell(row.taskId, column, runs);
            }
          : undefined;
        if (runs?.length === 1) {
          // The common cell, one run: the cell is its letter (half the elements to lay out at each scroll step).
          const [run] = runs;
          return (
            <span
              key={key}
              role="gridcell"
              aria-colindex={c.index + LEADING_COLUMNS + 1}
              {...cursorHere}
              className={`matrix-cell matrix-letter one label-${run.label}${overridden.has(run.id) ? ' overridden' : ''}`}
              style={{ left: left + c.start + (c.size - LETTER_WIDTH) / 2 }}
              aria-label={name}
              title={`${runTitle(run, overridden)}: click to open it`}
              onClick={open}
            >
              {LABEL_LETTERS[run.label]}
            </span>
          );
        }
        return (
          <span key={key} role="gridcell" aria-colindex={c.index + LEADING_COLUMNS + 1} {...cursorHere} className="matrix-cell" style={{ left: left + c.start, width: c.size }} aria-label={name} onClick={open}>
            {runs?.map((t, i) => (
              <span key={i} className={`matrix-letter label-${t.label}${overridden.has(t.id) ? ' overridden' : ''}`} title={runTitle(t, overridden)}>
                {LABEL_LETTERS[t.label]}
              </span>
            ))}
          </span>
        );
      })}
    </div>
  );
});

const runTitle = (run: TrajectoryRow, overridden: ReadonlySet<string>) => `${run.id}: ${runLabel(run, overridden)}`;

/** The ids of the task's first `most` runs, cell by cell (the compare link's runs). */
function firstRunIds(row: MatrixRow, most: number): string[] {
  const ids: string[] = [];
  for (const runs of row.cells.values())
    for (const run of runs) {
      if (ids.length === most) return ids;
      ids.push(run.id);
    }
  return ids;
}
