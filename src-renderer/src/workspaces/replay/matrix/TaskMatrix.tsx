// The task matrix: tasks x (model, mode), each cell its runs' labels (colour and letter), rows
// sortable by how many runs fail, the list's filters applied. Virtualised both ways: only the
// rows and columns in view are in the DOM. A row opens the task's runs in the list.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { Label } from '../../../../../shared/eval/profile';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { filterRows, type Filters } from '../listModel';
import { compareHash } from '../routes';
import { MatrixFilters } from './MatrixFilters';
import { cellName, groupMatrix, LABEL_LETTERS, sortMatrixRows, type MatrixSort } from './matrixModel';
import './matrix.css';

const ROW_HEIGHT = 26;
const CELL_WIDTH = 56;
const TASK_WIDTH = 150;
const FAIL_WIDTH = 64;

interface Props {
  rows: TrajectoryRow[];
  labels: readonly Label[];
  filters: Filters;
  onFilters(filters: Filters): void;
  onOpenTask(taskId: string): void;
}

export function TaskMatrix({ rows, labels, filters, onFilters, onOpenTask }: Props) {
  const [sort, setSort] = useState<MatrixSort>('failing-desc');
  const visible = useMemo(() => filterRows(rows, filters, null), [rows, filters]);
  const grouped = useMemo(() => groupMatrix(visible), [visible]);
  const matrix = useMemo(() => ({ columns: grouped.columns, rows: sortMatrixRows(grouped.rows, sort) }), [grouped, sort]); // a sort does not regroup 40,000 runs
  const scroller = useRef<HTMLDivElement>(null);
  const rowVirtualizer = useVirtualizer({ count: matrix.rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: matrix.columns.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CELL_WIDTH,
    overscan: 4,
  });
  const columnsShown = columnVirtualizer.getVirtualItems();
  const width = TASK_WIDTH + FAIL_WIDTH + columnVirtualizer.getTotalSize();
  const nextSort: Record<MatrixSort, MatrixSort> = { 'failing-desc': 'failing-asc', 'failing-asc': 'task', task: 'failing-desc' };

  return (
    <section className="task-matrix" aria-label="Task matrix" data-testid="task-matrix">
      <div className="matrix-toolbar">
        <MatrixFilters rows={rows} filters={filters} onFilters={onFilters} />
        <span className="muted" data-testid="matrix-count">
          {matrix.rows.length.toLocaleString()} tasks × {matrix.columns.length} model/mode columns ({visible.length.toLocaleString()} runs)
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
        </ul>
      </div>
      <div className="matrix-scroll" ref={scroller} role="grid" aria-rowcount={matrix.rows.length + 1} aria-colcount={matrix.columns.length + 2} tabIndex={0}>
        <div className="matrix-header" role="row" style={{ width }}>
          <span className="matrix-task sticky" role="columnheader">Task</span>
          <button
            type="button"
            className="matrix-fail sticky-2"
            role="columnheader"
            aria-sort={sort === 'failing-desc' ? 'descending' : sort === 'failing-asc' ? 'ascending' : 'none'}
            onClick={() => setSort(nextSort[sort])}
            data-testid="matrix-sort-failing"
            title="Sort by how many runs fail"
          >
            Fail {sort === 'failing-desc' ? '▼' : sort === 'failing-asc' ? '▲' : ''}
          </button>
          {columnsShown.map((c) => {
            const column = matrix.columns[c.index];
            return (
              <span key={column.key} role="columnheader" className="matrix-column" style={{ left: TASK_WIDTH + FAIL_WIDTH + c.start, width: c.size }} title={`${column.model} ${column.mode}`}>
                {column.model}
                <br />
                {column.mode}
              </span>
            );
          })}
        </div>
        <div style={{ height: rowVirtualizer.getTotalSize(), width, position: 'relative' }}>
          {rowVirtualizer.getVirtualItems().map((r) => {
            const row = matrix.rows[r.index];
            const ids = [...row.cells.values()].flat().map((t) => t.id);
            return (
              <div key={row.taskId} role="row" className="matrix-row" style={{ transform: `translateY(${r.start}px)`, width }} data-task-id={row.taskId} onClick={() => onOpenTask(row.taskId)}>
                <span className="matrix-task sticky" role="rowheader">
                  <button type="button" className="link-button" onClick={() => onOpenTask(row.taskId)} title="Open the task's runs in the list">
                    {row.taskId}
                  </button>
                  {ids.length >= 2 ? (
                    <a className="matrix-compare" href={compareHash(ids.slice(0, 4))} onClick={(e) => e.stopPropagation()} title="Compare the first runs side by side">
                      ⇆
                    </a>
                  ) : null}
                </span>
                <span className="matrix-fail sticky-2" role="gridcell" aria-label={`${row.failing} of ${row.runs} runs fail`}>
                  {row.failing}/{row.runs}
                </span>
                {columnsShown.map((c) => {
                  const column = matrix.columns[c.index];
                  const runs = row.cells.get(column.key);
                  return (
                    <span key={column.key} role="gridcell" className="matrix-cell" style={{ left: TASK_WIDTH + FAIL_WIDTH + c.start, width: c.size }} aria-label={cellName(row, column, runs)}>
                      {runs?.map((t) => (
                        <span key={t.id} className={`matrix-letter label-${t.label}`} title={`${t.id}: ${t.label}`}>
                          {LABEL_LETTERS[t.label]}
                        </span>
                      ))}
                    </span>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
