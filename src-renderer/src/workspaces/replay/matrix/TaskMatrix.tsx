// The task matrix: tasks x (model, mode), each cell its runs' labels (colour and letter), rows
// sortable by how many runs fail, the list's filters applied (through the list's index: a pass over
// typed arrays, not 100,000 row objects). Virtualised both ways: only the rows and columns in view
// are in the DOM, rows and cells keyed by slot so that scrolling and sorting reuse their elements.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { Label } from '../../../../../shared/eval/profile';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import type { Filters } from '../listModel';
import { useListMemory } from '../list/listMemory';
import { useListIndex } from '../list/useListIndex';
import { inSlotOrder, useSlots } from '../list/useSlots';
import { LEADING_COLUMNS, type MatrixCursor } from './matrixCursor';
import { MatrixFilters } from './MatrixFilters';
import { MatrixHeader } from './MatrixHeader';
import { CURSOR_CELL_ID, MatrixRowView } from './MatrixRowView';
import { groupMatrix, headerHeight, LABEL_LETTERS, sortMatrixRows, type MatrixColumn } from './matrixModel';
import { useMatrixCursor } from './useMatrixCursor';
import './matrix.css';

const ROW_HEIGHT = 26;
const CELL_WIDTH = 56;
const TASK_WIDTH = 150;
const FAIL_WIDTH = 64;
/** The task and fail columns' width, left of the model/mode columns. */
const LEADING_PX = TASK_WIDTH + FAIL_WIDTH;

interface Props {
  datasetId: string;
  rows: TrajectoryRow[];
  labels: readonly Label[];
  /** Ids of the runs whose label a reviewer overrode: marked, as in the list. */
  overridden: ReadonlySet<string>;
  filters: Filters;
  onFilters(filters: Filters): void;
  onOpenTask(taskId: string): void;
  /** A cell was clicked: its runs (one or more). */
  onOpenCell(taskId: string, column: MatrixColumn, runs: readonly TrajectoryRow[]): void;
}

export function TaskMatrix({ datasetId, rows, labels, overridden, filters, onFilters, onOpenTask, onOpenCell }: Props) {
  // Kept while the list is shown instead (list/listMemory.ts): Back finds the matrix as it was left.
  const { matrixSort: sort, setMatrixSort: setSort, matrixCursor, setMatrixCursor } = useListMemory(datasetId);
  // The list's index of these rows (shared with the list: its keys are made once); its orders are not needed here.
  const index = useListIndex(rows, false);
  const visible = useMemo(() => index.view(filters, null, null), [index, filters]);
  const grouped = useMemo(() => groupMatrix(index.rows, visible), [index, visible]);
  const matrix = useMemo(() => ({ columns: grouped.columns, rows: sortMatrixRows(grouped.rows, sort) }), [grouped, sort]); // a sort does not regroup 40,000 runs
  const headerPx = useMemo(() => headerHeight(grouped.columns), [grouped]); // not again at each scroll step
  const scroller = useRef<HTMLDivElement>(null);
  // Not flushSync on scroll: the rows of a scroll step render in their own task, apart from the
  // frame that lays them out (and the second virtualizer's read of the scroll offset then finds no
  // layout to force). A fling may show a frame of empty rows first.
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is used as documented
  const rowVirtualizer = useVirtualizer({ count: matrix.rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 2, useFlushSync: false });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: matrix.columns.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CELL_WIDTH,
    overscan: 1,
    useFlushSync: false,
  });
  const columnsShown = columnVirtualizer.getVirtualItems();
  const rowsShown = rowVirtualizer.getVirtualItems();
  const rowSlots = useSlots(rowsShown.length);
  const columnSlots = useSlots(columnsShown.length);
  // Rows and cells in slot order: their elements stay in place in the DOM (../list/useSlots.ts).
  const columnsInSlots = useMemo(() => inSlotOrder(columnsShown, columnSlots), [columnsShown, columnSlots]);
  const width = LEADING_PX + columnVirtualizer.getTotalSize();
  // Enter on the cursor does what a click there does.
  const openAt = ({ row, col }: MatrixCursor) => {
    const task = matrix.rows[row];
    if (col < LEADING_COLUMNS) return onOpenTask(task.taskId);
    const column = matrix.columns[col - LEADING_COLUMNS];
    const runs = task.cells.get(column.key);
    if (runs?.length) onOpenCell(task.taskId, column, runs);
  };
  const geometry = { rows: matrix.rows.length, columns: matrix.columns.length, rowHeight: ROW_HEIGHT, headerPx, leadingPx: LEADING_PX, columnAt: (i: number) => ({ start: i * CELL_WIDTH, size: CELL_WIDTH }) };
  const { cursor, onFocus } = useMatrixCursor(scroller, geometry, openAt, matrixCursor, setMatrixCursor);

  return (
    <section className="task-matrix" aria-label="Task matrix" data-testid="task-matrix">
      <div className="matrix-toolbar">
        <MatrixFilters index={index} filters={filters} onFilters={onFilters} />
        <span className="muted" data-testid="matrix-count">
          {matrix.rows.length.toLocaleString()} {matrix.rows.length === 1 ? 'task' : 'tasks'} × {matrix.columns.length} model/mode {matrix.columns.length === 1 ? 'column' : 'columns'} ({visible.length.toLocaleString()}{' '}
          {visible.length === 1 ? 'run' : 'runs'})
        </span>
        <span id="matrix-keys" className="visually-hidden">
          Arrow keys move the cursor over the cells, Enter opens the runs of the cell under it.
        </span>
        <ul className="matrix-legend" aria-label="Legend">
          {labels.map((label) => (
            <li key={label}>
              <span className={`matrix-letter label-${label}`} aria-hidden="true">
                {LABEL_LETTERS[label]}
              </span>
              {label.replace('_', ' ')}
            </li>
          ))}
          <li>
            <span className="matrix-letter overridden" aria-hidden="true">
              ✎
            </span>
            dashed: a reviewer overrode the label shown
          </li>
        </ul>
      </div>
      <div
        className="matrix-scroll"
        ref={scroller}
        role="grid"
        aria-rowcount={matrix.rows.length + 1}
        aria-colcount={matrix.columns.length + LEADING_COLUMNS}
        tabIndex={0}
        onFocus={onFocus}
        aria-activedescendant={cursor ? CURSOR_CELL_ID : undefined}
        aria-describedby="matrix-keys"
      >
        <MatrixHeader columns={matrix.columns} shown={columnsInSlots} columnSlots={columnSlots} width={width} height={headerPx} left={LEADING_PX} sort={sort} onSort={setSort} />
        <div style={{ height: rowVirtualizer.getTotalSize(), width, position: 'relative' }}>
          {/* Rows in screen order (keyed by slot, so each keeps its elements): each holds a button
              and a link, and Tab follows the DOM. A scroll step moves one row's element. */}
          {rowsShown.map((r) => (
            <MatrixRowView
              key={r.index % rowSlots}
              row={matrix.rows[r.index]}
              rowIndex={r.index + 2}
              top={r.start}
              width={width}
              left={LEADING_PX}
              cursorColumn={cursor?.row === r.index ? cursor.col : null}
              columns={matrix.columns}
              columnsShown={columnsInSlots}
              columnSlots={columnSlots}
              overridden={overridden}
              onOpenTask={onOpenTask}
              onOpenCell={onOpenCell}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
