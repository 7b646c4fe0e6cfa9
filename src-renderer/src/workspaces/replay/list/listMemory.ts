// What Replay's list shows (filters, sort, dialogue search, review filter), kept per dataset for
// this page while the workspace is away: a look at Reports unmounted it, and coming back showed
// 270 of 270 runs again instead of the 19 filtered (an exploratory review, 3 of 3). The task
// matrix's sort and keyboard cursor too: a cell opened by Enter, then Back, lost both.
import { create } from 'zustand';
import type { Filters, SortSpec } from '../listModel';
import type { MatrixCursor } from '../matrix/matrixCursor';
import type { MatrixSort } from '../matrix/matrixModel';
import type { ReviewState } from './reviewFilter';

export interface ListMemory {
  filters: Filters;
  sort: SortSpec | null;
  query: string;
  review: ReviewState;
  matrixSort: MatrixSort;
  matrixCursor: MatrixCursor | null;
}

const FRESH: ListMemory = { filters: {}, sort: null, query: '', review: 'all', matrixSort: 'failing-desc', matrixCursor: null };

interface ListMemoryStore {
  byDataset: Record<string, ListMemory>;
  filtersChanged(datasetId: string, filters: Filters): void;
  sortChanged(datasetId: string, sort: SortSpec | null): void;
  queryChanged(datasetId: string, query: string): void;
  reviewChanged(datasetId: string, review: ReviewState): void;
  matrixSortChanged(datasetId: string, matrixSort: MatrixSort): void;
  matrixCursorMoved(datasetId: string, matrixCursor: MatrixCursor | null): void;
}

const changed = (state: ListMemoryStore, datasetId: string, patch: Partial<ListMemory>) => ({
  byDataset: { ...state.byDataset, [datasetId]: { ...(state.byDataset[datasetId] ?? FRESH), ...patch } },
});

export const useListMemoryStore = create<ListMemoryStore>()((set) => ({
  byDataset: {},
  filtersChanged: (datasetId, filters) => set((state) => changed(state, datasetId, { filters })),
  sortChanged: (datasetId, sort) => set((state) => changed(state, datasetId, { sort })),
  queryChanged: (datasetId, query) => set((state) => changed(state, datasetId, { query })),
  reviewChanged: (datasetId, review) => set((state) => changed(state, datasetId, { review })),
  matrixSortChanged: (datasetId, matrixSort) => set((state) => changed(state, datasetId, { matrixSort })),
  matrixCursorMoved: (datasetId, matrixCursor) => set((state) => changed(state, datasetId, { matrixCursor })),
}));

/** The dataset's list as last shown in this page (none yet: everything, unsorted), with its setters. */
export function useListMemory(datasetId: string) {
  const memory = useListMemoryStore((state) => state.byDataset[datasetId] ?? FRESH);
  const store = useListMemoryStore.getState();
  return {
    ...memory,
    setFilters: (filters: Filters) => store.filtersChanged(datasetId, filters),
    setSort: (sort: SortSpec | null) => store.sortChanged(datasetId, sort),
    setQuery: (query: string) => store.queryChanged(datasetId, query),
    setReview: (review: ReviewState) => store.reviewChanged(datasetId, review),
    setMatrixSort: (sort: MatrixSort) => store.matrixSortChanged(datasetId, sort),
    setMatrixCursor: (cursor: MatrixCursor | null) => store.matrixCursorMoved(datasetId, cursor),
  };
}
