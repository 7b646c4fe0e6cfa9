// The list's two header rows: sort buttons with a resizer on each column's edge, and the filters.
// Memoised, so that the re-renders of scrolling leave them alone.
import { memo } from 'react';
import { Resizer } from '../../../components/Resizer';
import { columnIds, columns, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, nextSort, parseNumberFilter, type ColumnId, type ColumnWidths, type Filters, type SortSpec } from '../listModel';

interface HeaderProps {
  sort: SortSpec | null;
  onSort(sort: SortSpec | null): void;
  widths: ColumnWidths;
  onWidth(column: ColumnId, width: number | null): void;
  filters: Filters;
  choices: Partial<Record<ColumnId, string[]>>;
  onFilters(filters: Filters): void;
}

export const ListHeader = memo(function ListHeader({ sort, onSort, widths, onWidth, filters, choices, onFilters }: HeaderProps) {
  return (
    <>
      <div className="trajectory-row header" role="row" aria-rowindex={1}>
        {columnIds.map((c) => (
          <div
            key={c}
            role="columnheader"
            className={`cell col-${c}`}
            data-column={c}
            aria-sort={sort?.column === c ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
          >
            <button type="button" className="sort-button" onClick={() => onSort(nextSort(sort, c))} title={`Sort by ${columns[c].title}`}>
              {columns[c].title}
              {sort?.column === c ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
            </button>
            <ColumnResizer column={c} width={widths[c]} onWidth={(w) => onWidth(c, w)} />
          </div>
        ))}
      </div>
      <div className="trajectory-row filters" role="row" aria-rowindex={2}>
        {columnIds.map((c) => (
          <div key={c} className={`cell col-${c}`} role="cell">
            <ColumnFilter column={c} value={filters[c] ?? ''} choices={choices[c]} onChange={(v) => onFilters({ ...filters, [c]: v })} />
          </div>
        ))}
      </div>
    </>
  );
});

/** The right edge of a column header: its width (Shift+←/→: 40 px steps); double-click or Home fits the column again. */
function ColumnResizer({ column, width, onWidth }: { column: ColumnId; width: number; onWidth(width: number | null): void }) {
  return (
    <Resizer
      width={width}
      min={MIN_COLUMN_WIDTH}
      max={MAX_COLUMN_WIDTH}
      onWidth={onWidth}
      label={`Resize the ${columns[column].title} column`}
      className="column-resizer"
      testId={`resize-${column}`}
    />
  );
}

function ColumnFilter({ column, value, choices, onChange }: { column: ColumnId; value: string; choices?: string[]; onChange(v: string): void }) {
  const { kind, title } = columns[column];
  const label = `Filter ${title}`;
  if (kind === 'choice')
    return (
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">all</option>
        {(choices ?? []).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    );
  if (kind === 'boolean')
    return (
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">all</option>
        <option value="yes">yes</option>
        <option value="no">no</option>
      </select>
    );
  // A number filter it cannot read filters nothing: say so where it is typed.
  const unread = kind === 'number' && value.trim() !== '' && parseNumberFilter(value) === null;
  return (
    <input
      aria-label={label}
      value={value}
      aria-invalid={unread || undefined}
      className={unread ? 'unread-filter' : undefined}
      placeholder={kind === 'number' ? '>3, 2-5' : 'contains'}
      title={
        unread
          ? `Not a filter this column reads, so it filters nothing: a number, >n, >=n, <n, <=n, !=n or a range a-b`
          : kind === 'number'
            ? 'A number, >n, >=n, <n, <=n, !=n or a range a-b'
            : 'Part of the value, or =value for exactly that value'
      }
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

