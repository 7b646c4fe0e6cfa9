// The rows the list shows (indexes into the index's rows, filtered and sorted). A sort whose order
// is not at hand is computed in the sort worker while the previous view stays on screen, so that
// neither a click on a header nor a streamed batch with a sort on blocks a frame.
import { useEffect, useMemo, useState } from 'react';
import type { Filters, SortSpec } from '../listModel';
import type { ListIndex } from './listIndex';
import { sortInWorker } from './sorter';

export interface ListView {
  /** Row indexes into index.rows. */
  indexes: Int32Array;
  /** The sort the indexes are in (the one asked for, once its order is ready). */
  sort: SortSpec | null;
}

export function useListView(index: ListIndex, filters: Filters, searchIds: ReadonlySet<string> | null, sort: SortSpec | null): ListView {
  const [sorted, setSorted] = useState(0);
  const ready = sort === null || index.hasOrder(sort);
  useEffect(() => {
    if (ready || sort === null) return;
    let live = true;
    index.prepareOrder(sort, sortInWorker).then(
      () => live && setSorted((n) => n + 1),
      // No worker: sort in place (index.order) at the next render.
      () => live && setSorted((n) => n + 1),
    );
    return () => {
      live = false;
    };
  }, [index, sort, ready]);

  const fresh = useMemo<ListView | null>(() => {
    void sorted; // re-read the order once the worker has answered
    if (!ready && !index.sortFailed(sort)) return null;
    return { indexes: index.view(filters, searchIds, sort), sort };
  }, [index, filters, searchIds, sort, ready, sorted]);

  // Meanwhile the last view, as long as its row indexes still point at the same rows.
  const [last, setLast] = useState<{ index: ListIndex; view: ListView } | null>(null);
  if (fresh && last?.view !== fresh) setLast({ index, view: fresh });
  if (fresh) return fresh;
  if (last && index.continues(last.index)) return last.view;
  return { indexes: index.view(filters, searchIds, null), sort: null };
}
