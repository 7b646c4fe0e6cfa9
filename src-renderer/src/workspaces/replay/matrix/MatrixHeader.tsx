// The matrix's header row: the task column, the fail column (a button that cycles the sort) and the
// model/mode columns in view, each name read upwards.
import type { VirtualItem } from '@tanstack/react-virtual';
import { LEADING_COLUMNS } from './matrixCursor';
import type { MatrixColumn, MatrixSort } from './matrixModel';

const NEXT_SORT: Record<MatrixSort, MatrixSort> = { 'failing-desc': 'failing-asc', 'failing-asc': 'task', task: 'failing-desc' };

interface Props {
  columns: readonly MatrixColumn[];
  /** The model/mode columns in view, in slot order. */
  shown: readonly VirtualItem[];
  columnSlots: number;
  width: number;
  height: number;
  /** Left of the first model/mode column. */
  left: number;
  sort: MatrixSort;
  onSort(sort: MatrixSort): void;
}

export function MatrixHeader({ columns, shown, columnSlots, width, height, left, sort, onSort }: Props) {
  return (
    <div className="matrix-header" role="row" aria-rowindex={1} style={{ width, height }}>
      <span className="matrix-task sticky" role="columnheader" aria-colindex={1}>
        Task
      </span>
      <button
        type="button"
        className="matrix-fail sticky-2"
        role="columnheader"
        aria-colindex={2}
        aria-sort={sort === 'failing-desc' ? 'descending' : sort === 'failing-asc' ? 'ascending' : 'none'}
        onClick={() => onSort(NEXT_SORT[sort])}
        data-testid="matrix-sort-failing"
        title="Sort by how many runs fail"
      >
        Fail {sort === 'failing-desc' ? '▼' : sort === 'failing-asc' ? '▲' : ''}
      </button>
      {shown.map((c) => {
        const column = columns[c.index];
        return (
          <span
            key={c.index % columnSlots}
            aria-colindex={c.index + LEADING_COLUMNS + 1}
            role="columnheader"
            className="matrix-column"
            style={{ left: left + c.start, width: c.size }}
            title={`${column.model} ${column.mode}`}
          >
            {column.model}
            <br />
            {column.mode}
          </span>
        );
      })}
    </div>
  );
}
