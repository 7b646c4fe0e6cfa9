// The trajectory list: every evaluated trajectory, virtualized (only the visible rows are in the
// DOM), with a filter and a sort on each column and a text search in the dialogue. Columns fit
// their values (model and mode names in full) and can be resized by dragging or with the arrow
// keys on the header's edge; the widths set are remembered. At 100,000 rows a filter or sort is a
// pass over typed arrays (list/listIndex.ts), and scrolling re-renders only the rows.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useStudioStore } from '../../state/store';
import type { TrajectoryRow } from '../../evaluation/protocol';
import { columnIds, columns, gridTemplate, type ColumnId, type Filters } from './listModel';
import { ListHeader } from './list/ListHeader';
import { ListRow } from './list/ListRow';
import { ListToolbar } from './list/ListToolbar';
import { useColumnWidths } from './list/useColumnWidths';
import { useListKeys } from './list/useListKeys';
import { useListIndex } from './list/useListIndex';
import { useListView } from './list/useListView';
import { ROW_HEIGHT, useRowWindow } from './list/useRowWindow';
import { inSlotOrder, useSlots } from './list/useSlots';
import { allowedByReview, type CountingReview } from './list/reviewFilter';
import { useListMemory } from './list/listMemory';
import { useDialogueSearch } from './list/useDialogueSearch';
import { useListArrivalFocus } from './arrivalFocus';
import { overriddenCellTexts } from './reviews/reviewedLabel';

/** The header's rows (titles, filters) before the first trajectory (aria-rowindex counts them). */
const HEADER_ROWS = 2;

interface Props {
  rows: TrajectoryRow[];
  selectedId: string | null;
  /** The label a person gave each reviewed trajectory (the latest review). */
  overrides: ReadonlyMap<string, string>;
  /** That review, with the automatic label it was given on (the review filter finds reviews of another). */
  reviews: ReadonlyMap<string, CountingReview>;
  /** Trajectories whose reviewers differ, with who said what. */
  disagreements: ReadonlyMap<string, string>;
  /** The dataset the rows are of: its sort, search and review filter are kept while Replay is away (listMemory.ts). */
  datasetId: string;
  filters: Filters;
  onFilters(filters: Filters): void;
  /** `byKey`: a step through the list from the keyboard (no history entry for each). */
  onSelect(id: string, byKey?: boolean): void;
}

export function TrajectoryList({ datasetId, rows: streamedRows, selectedId, overrides, reviews, disagreements, filters, onFilters, onSelect }: Props) {
  // Rows arrive in batches while the host scores: React may skip to the latest batch instead of
  // indexing and measuring the list once per batch.
  const rows = useDeferredValue(streamedRows);
  const streaming = useStudioStore((s) => s.evaluation.status === 'evaluating' || s.evaluation.status === 'loading');
  const index = useListIndex(rows, !streaming);
  const { sort, query, review, setSort, setQuery, setReview } = useListMemory(datasetId);
  const searchIds = useDialogueSearch(useDeferredValue(query), rows);

  const allowedIds = useMemo(() => allowedByReview(rows, reviews, review, searchIds), [rows, reviews, review, searchIds]);

  // The Label filter and the sort go by the automatic label, as the task matrix (which shares these
  // filters) does; the review filter finds the runs a review relabelled.
  const deferredFilters = useDeferredValue(filters);

  /** Indexes into rows, filtered and sorted (the previous view while a sort is computed in the worker). */
  const visible = useListView(index, deferredFilters, allowedIds, sort).indexes;
  const choices = useMemo(() => {
    const out: Partial<Record<ColumnId, string[]>> = {};
    for (const c of columnIds) if (columns[c].kind === 'choice') out[c] = index.distinct(c);
    return out;
  }, [index]);

  // The selected row's place in the list as filtered and sorted (-1: not in it).
  const selectedIndex = useMemo(() => {
    const at = selectedId === null ? -1 : rows.findIndex((r) => r.id === selectedId);
    return at < 0 ? -1 : visible.indexOf(at);
  }, [rows, visible, selectedId]);
  const { scrollRef, virtualizer } = useRowWindow(visible.length, selectedIndex);
  useListArrivalFocus(scrollRef);

  const distinct = useCallback((c: ColumnId) => index.distinct(c), [index]);
  // The overridden rows' Label cells are wider than a chip: the column fits them.
  const labelTexts = useMemo(() => overriddenCellTexts(rows, overrides), [rows, overrides]);
  const [widths, setWidth] = useColumnWidths(distinct, labelTexts);
  const totalWidth = columnIds.reduce((sum, c) => sum + widths[c], 0);
  const headRef = useRef<HTMLDivElement>(null);
  const tableStyle = { '--trajectory-columns': gridTemplate(widths), '--trajectory-width': `${totalWidth}px` } as CSSProperties;
  // Rows keep one select callback across the parent's renders (a streamed batch re-renders it).
  const selectRef = useRef(onSelect);
  useEffect(() => {
    selectRef.current = onSelect;
  }, [onSelect]);
  const select = useCallback((id: string) => selectRef.current(id), []);

  useListKeys(
    visible.length,
    selectedIndex,
    () => Math.floor((scrollRef.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1,
    (at) => selectRef.current(rows[visible[at]].id, true),
    selectedId,
  );

  const items = virtualizer.getVirtualItems();
  const slots = useSlots(items.length);
  return (
    <section className="trajectory-list-panel" aria-label="Trajectories" style={{ width: `var(--list-width, clamp(480px, ${totalWidth + 18}px, 50cqw))` }}>
      <ListToolbar
        query={query}
        onQuery={setQuery}
        review={review}
        onReview={setReview}
        shown={visible.length}
        total={rows.length}
        filtered={Object.values(filters).some((v) => v) || query !== '' || review !== 'all'}
        onClear={() => {
          onFilters({});
          setQuery('');
          setReview('all');
        }}
      />
      <div className="trajectory-table" role="table" aria-label="Trajectory list" aria-rowcount={visible.length + HEADER_ROWS} style={tableStyle}>
        <div className="trajectory-head" ref={headRef} role="rowgroup">
          <ListHeader sort={sort} onSort={setSort} widths={widths} onWidth={setWidth} filters={filters} choices={choices} onFilters={onFilters} />
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
            {inSlotOrder(items, slots).map((item) => {
              const row = rows[visible[item.index]];
              return (
                <ListRow
                  // A slot per place in the window, not per row (list/useSlots.ts).
                  key={item.index % slots}
                  row={row}
                  top={item.start}
                  rowIndex={item.index + HEADER_ROWS + 1}
                  selected={row.id === selectedId}
                  override={overrides.get(row.id) ?? null}
                  disagreement={disagreements.get(row.id) ?? null}
                  onSelect={select}
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
