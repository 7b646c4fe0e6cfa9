// The list's choice filters (model, mode, scenario, label) and its task filter, for the matrix;
// the filters are the list's own, so the list shows the same runs.
import { memo, useMemo } from 'react';
import { columns, type Filters } from '../listModel';
import type { ListIndex } from '../list/listIndex';

const CHOICE_COLUMNS = ['model', 'mode', 'scenario', 'label'] as const;

// memo: the matrix renders again on every scroll step; the choices are the list index's distinct values (kept per rows array).
export const MatrixFilters = memo(function MatrixFilters({ index, filters, onFilters }: { index: ListIndex; filters: Filters; onFilters(filters: Filters): void }) {
  const choices = useMemo(() => Object.fromEntries(CHOICE_COLUMNS.map((column) => [column, index.distinct(column)])), [index]);
  return (
    <div className="matrix-filters">
      {CHOICE_COLUMNS.map((column) => (
        <label key={column}>
          {columns[column].title}{' '}
          <select value={filters[column] ?? ''} onChange={(e) => onFilters({ ...filters, [column]: e.target.value })} data-testid={`matrix-filter-${column}`}>
            <option value="">all</option>
            {choices[column].map((choice) => (
              <option key={choice}>{choice}</option>
            ))}
          </select>
        </label>
      ))}
      <label>
        {/* Wide enough for a task id whole: "=restaurant4-1" read as another task than the filter's "=restaurant4-10". */}
        Task <input value={filters.task ?? ''} onChange={(e) => onFilters({ ...filters, task: e.target.value })} size={18} data-testid="matrix-filter-task" />
      </label>
      {Object.values(filters).some((value) => value) ? (
        <button type="button" onClick={() => onFilters({})} data-testid="matrix-filters-clear" title="Show every run again">
          Clear filters
        </button>
      ) : null}
    </div>
  );
});
