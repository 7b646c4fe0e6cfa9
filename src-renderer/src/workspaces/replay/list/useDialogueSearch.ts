// The trajectory list's text search in the dialogue: the host's evaluation worker finds the runs
// whose messages hold the query, a moment after the typing stops.
import { useEffect, useState } from 'react';
import { evaluationWorker } from '../../../evaluation/evaluationService';
import { useStudioStore } from '../../../state/store';

/** Ids of the rows whose dialogue matches the query (host search, debounced), or null without a query. */
export function useDialogueSearch(query: string, rowCount: number): ReadonlySet<string> | null {
  const [searchIds, setSearchIds] = useState<Set<string> | null>(null);
  const datasetId = useStudioStore((s) => s.currentDataset?.id ?? null);
  // Re-run when new rows arrive.
  const searching = query.trim() !== '';
  useEffect(() => {
    if (!searching) return;
    let live = true;
    const timer = setTimeout(() => {
      if (!datasetId) return;
      evaluationWorker.search(datasetId, query).then(
        (ids) => live && setSearchIds(new Set(ids)),
        () => undefined,
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [datasetId, query, searching, rowCount]);
  return searching ? searchIds : null;
}
