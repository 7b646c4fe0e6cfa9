// The trajectory list: every evaluated trajectory, virtualized (only the visible rows are in the
// DOM), with a filter and a sort on each column and a text search in the dialogue. Columns fit
// their values (model and mode names in full) and can be resized by dragging or with the arrow
// keys on the header's edge; the widths set are remembered.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { evaluationWorker } from '../../evaluation/evaluationService';
import { useStudioStore } from '../../state/store';
import type { TrajectoryRow } from '../../evaluation/protocol';
import {
  choicesOf,
  clampWidth,
  columnIds,
  columns,
  filterRows,
  fitColumnWidths,
  gridTemplate,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  nextSort,
  parseStoredWidths,
  sortRows,
  type ColumnId,
  type ColumnWidths,
  type Filters,
  type SortSpec,
} from './listModel';

const ROW_HEIGHT = 28;
const WIDTHS_KEY = 'egobench.replay.columnWidths';

/** A text's width in the list's font (12px), measured on a canvas; estimated where there is none. */
function measureText(text: string): number {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return text.length * 7;
  context.font = `12px ${getComputedStyle(document.body).fontFamily}`;
  return context.measureText(text).width;
}

function storedWidths(): Partial<ColumnWidths> {
  try {
    return parseStoredWidths(window.localStorage.getItem(WIDTHS_KEY));
  } catch {
    return {};
  }
}

/** Fitted widths under the ones the user set; setWidth(column, null) goes back to the fitted one. */
function useColumnWidths(rows: readonly TrajectoryRow[]): [ColumnWidths, (column: ColumnId, width: number | null) => void] {
  const [userWidths, setUserWidths] = useState(storedWidths);
  const fitted = useMemo(() => fitColumnWidths(rows, measureText), [rows]);
  const setWidth = (column: ColumnId, width: number | null) =>
    setUserWidths((current) => {
      const next = { ...current };
      if (width === null) delete next[column];
      else next[column] = clampWidth(width);
      try {
        window.localStorage.setItem(WIDTHS_KEY, JSON.stringify(next));
      } catch {
        // storage unavailable: the widths last for this page
      }
      return next;
    });
  return [{ ...fitted, ...userWidths }, setWidth];
}

interface Props {
  rows: TrajectoryRow[];
  selectedId: string | null;
  overridden: ReadonlySet<string>;
  filters: Filters;
  onFilters(filters: Filters): void;
  onSelect(id: string): void;
}

export function TrajectoryList({ rows: streamedRows, selectedId, overridden, filters, onFilters, onSelect }: Props) {
  // Rows arrive in batches while the host scores: React may skip to the latest batch instead of
  // filtering, sorting and measuring the whole list once per batch.
  const rows = useDeferredValue(streamedRows);
  const [sort, setSort] = useState<SortSpec | null>(null);
  const [query, setQuery] = useState('');
  const [searchIds, setSearchIds] = useState<Set<string> | null>(null);
  const deferredQuery = useDeferredValue(query);
  const rowCount = rows.length;
  const datasetId = useStudioStore((s) => s.currentDataset?.id ?? null);

  // Dialogue search runs in the host (and the worker for imported files), debounced; re-run when new rows arrive.
  useEffect(() => {
    if (deferredQuery.trim() === '') {
      setSearchIds(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      if (!datasetId) return;
      evaluationWorker.search(datasetId, deferredQuery).then(
        (ids) => live && setSearchIds(new Set(ids)),
        () => undefined,
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [datasetId, deferredQuery, rowCount]);

  const deferredFilters = useDeferredValue(filters);
  const visible = useMemo(() => sortRows(filterRows(rows, deferredFilters, searchIds), sort), [rows, deferredFilters, searchIds, sort]);
  const choices = useMemo(() => {
    const out: Partial<Record<ColumnId, string[]>> = {};
    for (const c of columnIds) if (columns[c].kind === 'choice') out[c] = choicesOf(rows, c);
    return out;
  }, [rows]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is used as documented
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  // Keep the selected row in view when it changes from outside (deep link, keys).
  const selectedIndex = useMemo(() => visible.findIndex((r) => r.id === selectedId), [visible, selectedId]);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const setFilter = (column: ColumnId, value: string) => onFilters({ ...filters, [column]: value });
  const [widths, setWidth] = useColumnWidths(rows);
  const totalWidth = columnIds.reduce((sum, c) => sum + widths[c], 0);
  const headRef = useRef<HTMLDivElement>(null);
  const tableStyle = { '--trajectory-columns': gridTemplate(widths), '--trajectory-width': `${totalWidth}px` } as CSSProperties;

  return (
    <section className="trajectory-list-panel" aria-label="Trajectories" style={{ width: `clamp(480px, ${totalWidth + 18}px, 50vw)` }}>
      <div className="list-toolbar">
        <input
          type="search"
          className="dialogue-search"
          placeholder="Search the dialogue…"
          aria-label="Search the dialogue"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <span className="muted list-count" data-testid="list-count">
          {visible.length.toLocaleString()} of {rows.length.toLocaleString()}
        </span>
        {Object.values(filters).some((v) => v) || query ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              onFilters({});
              setQuery('');
            }}
          >
            Clear filters
          </button>
        ) : null}
      </div>
      <div className="trajectory-table" role="table" aria-label="Trajectory list" aria-rowcount={visible.length} style={tableStyle}>
        <div className="trajectory-head" ref={headRef} role="rowgroup">
          <div className="trajectory-row header" role="row">
            {columnIds.map((c) => (
              <div
                key={c}
                role="columnheader"
                className={`cell col-${c}`}
                data-column={c}
                aria-sort={sort?.column === c ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <button type="button" className="sort-button" onClick={() => setSort(nextSort(sort, c))} title={`Sort by ${columns[c].title}`}>
                  {columns[c].title}
                  {sort?.column === c ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                </button>
                <ColumnResizer column={c} width={widths[c]} onWidth={(w) => setWidth(c, w)} />
              </div>
            ))}
          </div>
          <div className="trajectory-row filters" role="row">
            {columnIds.map((c) => (
              <div key={c} className={`cell col-${c}`} role="cell">
                <ColumnFilter column={c} value={filters[c] ?? ''} choices={choices[c]} onChange={(v) => setFilter(c, v)} />
              </div>
            ))}
          </div>
        </div>
        <div
          className="trajectory-scroll"
          ref={scrollRef}
          data-testid="trajectory-list"
          role="rowgroup"
          tabIndex={0}
          aria-label="Trajectory rows"
          onScroll={(e) => {
            if (headRef.current) headRef.current.scrollLeft = e.currentTarget.scrollLeft;
          }}
        >
          <div className="trajectory-rows" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = visible[item.index];
              return (
                <ListRow
                  key={row.id}
                  row={row}
                  top={item.start}
                  selected={row.id === selectedId}
                  overridden={overridden.has(row.id)}
                  onSelect={onSelect}
                />
              );
            })}
          </div>
          {visible.length === 0 ? <p className="muted empty-list">No trajectory matches.</p> : null}
        </div>
      </div>
    </section>
  );
}

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
  return (
    <input
      aria-label={label}
      value={value}
      placeholder={kind === 'number' ? '>3, 2-5' : 'contains'}
      title={kind === 'number' ? 'A number, >n, >=n, <n, <=n, !=n or a range a-b' : 'Part of the value, or =value for exactly that value'}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

const ListRow = memo(function ListRow({
  row,
  top,
  selected,
  overridden,
  onSelect,
}: {
  row: TrajectoryRow;
  top: number;
  selected: boolean;
  overridden: boolean;
  onSelect(id: string): void;
}) {
  return (
    <div
      role="row"
      className={`trajectory-row body${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      aria-selected={selected}
      data-id={row.id}
      title={`${row.id}${row.imported ? ` (imported from ${row.file})` : ''}`}
      onClick={() => onSelect(row.id)}
    >
      <div role="cell" className="cell col-model" title={row.model}>
        {row.imported ? <span className="imported-mark" title={`imported: ${row.file}`}>⇪ </span> : null}
        {row.model}
      </div>
      <div role="cell" className="cell col-mode" title={row.mode}>
        {row.mode}
      </div>
      <div role="cell" className="cell col-scenario" title={row.scenario}>
        {row.scenario}
      </div>
      <div role="cell" className="cell col-task" title={row.task_id}>
        {row.task_id}
      </div>
      <div role="cell" className="cell col-label">
        <span className={`label-chip label-${row.label}`}>{row.label}</span>
        {overridden ? (
          <span className="override-mark" title="a reviewer overrode this label">
            ✎
          </span>
        ) : null}
      </div>
      <div role="cell" className={`cell col-tool_succ ${row.tool_succ ? 'yes' : 'no'}`}>
        {row.tool_succ ? '✓' : '✗'}
      </div>
      <div role="cell" className={`cell col-result_succ ${row.result_succ ? 'yes' : 'no'}`}>
        {row.result_succ ? '✓' : '✗'}
      </div>
      <div role="cell" className="cell col-calls num">
        {row.calls}
      </div>
      <div role="cell" className="cell col-turns num">
        {row.turns}
      </div>
      <div role="cell" className="cell col-tokens num">
        {row.tokens.toLocaleString()}
      </div>
    </div>
  );
});
