// The list's choice filters (model, mode, scenario, label) and its task filter, for the matrix;
// the filters are the list's own, so the list shows the same runs.
import { memo, useMemo } from 'react';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { choicesOf, columns, type Filters } from '../listModel';

const CHOICE_COLUMNS = ['model', 'mode', 'scenario', 'label'] as const;

// memo: the matrix renders again on every scroll step, and the choices come from every run (40,000).
export const MatrixFilters = memo(function MatrixFilters({ rows, filters, onFilters }: { rows: TrajectoryRow[]; filters: Filters; onFilters(filters: Filters): void }) {
  const choices = useMemo(() => Object.fromEntries(CHOICE_COLUMNS.map((column) => [column, choicesOf(rows, column)])), [rows]);
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
        Task <input value={filters.task ?? ''} onChange={(e) => onFilters({ ...filters, task: e.target.value })} size={10} />
      </label>
    </div>
  );
});
