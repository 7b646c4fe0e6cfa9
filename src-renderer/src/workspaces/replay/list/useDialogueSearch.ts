// The trajectory list's text search in the dialogue: the host's evaluation worker finds the runs
// whose messages hold the query, a moment after the typing stops.
import { useEffect, useMemo, useState } from 'react';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { evaluationWorker, type DialogueMatches } from '../../../evaluation/evaluationService';
import { useStudioStore } from '../../../state/store';

/** Ids of the rows whose dialogue matches the query (host search, debounced), or null without a query. */
export function useDialogueSearch(query: string, rows: readonly TrajectoryRow[]): ReadonlySet<string> | null {
  const [matches, setMatches] = useState<DialogueMatches | null>(null);
  const rowCount = rows.length;
  const datasetId = useStudioStore((s) => s.currentDataset?.id ?? null);
  // Re-run when new rows arrive.
  const searching = query.trim() !== '';
  useEffect(() => {
    if (!searching) return;
    let live = true;
    const timer = setTimeout(() => {
      if (!datasetId) return;
      evaluationWorker.search(datasetId, query).then(
        (found) => live && setMatches(found),
        () => undefined,
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [datasetId, query, searching, rowCount]);
  const searchIds = useMemo(() => (matches ? matchedRowIds(matches, rows) : null), [matches, rows]);
  return searching ? searchIds : null;
}

const lineKey = (file: string, line: number) => `${line}:${file}`;

/** The ids of the rows the matches name: a dataset row by its file and line, an imported one by its id. */
export function matchedRowIds(matches: DialogueMatches, rows: readonly TrajectoryRow[]): Set<string> {
  const lines = new Set(matches.lines.map((at) => lineKey(at.file, at.line)));
  const imported = new Set(matches.importedIds);
  const ids = new Set<string>();
  for (const row of rows) if (row.imported ? imported.has(row.id) : lines.has(lineKey(row.file, row.line))) ids.add(row.id);
  return ids;
}
