// The list's two header rows: sort buttons with a resizer on each column's edge, and the filters.
// Memoised, so that the re-renders of scrolling leave them alone.
import { memo, useRef } from 'react';
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

/**
 * The right edge of a column header: drag it, or focus it and press ←/→ (Shift: 40 px steps),
 * to set the column's width; double-click or Home fits the column again.
 */
function ColumnResizer({ column, width, onWidth }: { column: ColumnId; width: number; onWidth(width: number | null): void }) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize the ${columns[column].title} column`}
      aria-valuenow={width}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      className="column-resizer"
      data-testid={`resize-${column}`}
      title="Drag (or ←/→) to resize; double-click to fit"
      onPointerDown={(e) => {
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { x: e.clientX, width };
      }}
      onPointerMove={(e) => {
        if (drag.current) onWidth(drag.current.width + e.clientX - drag.current.x);
      }}
      onPointerUp={(e) => {
        drag.current = null;
        e.currentTarget.releasePointerCapture(e.pointerId);
      }}
      onDoubleClick={() => onWidth(null)}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 40 : 10;
        if (e.key === 'ArrowLeft') onWidth(width - step);
        else if (e.key === 'ArrowRight') onWidth(width + step);
        else if (e.key === 'Home') onWidth(null);
        else return;
        e.preventDefault();
        e.stopPropagation();
      }}
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

