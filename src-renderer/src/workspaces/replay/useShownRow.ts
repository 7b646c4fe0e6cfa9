import { useState } from 'react';
import type { TrajectoryRow } from '../../evaluation/protocol';

/**
 * The open run's row. While the dataset is scored again (a file under trajectories/ changed, an agent
 * runner's new file) its rows come back one by one: the run on screen stays meanwhile, rather than
 * closing and opening again with its clip back at frame 0, until its new row arrives.
 */
export function useShownRow(datasetId: string | null, id: string | null, found: TrajectoryRow | null, scoring: boolean): TrajectoryRow | null {
  const [last, setLast] = useState<{ datasetId: string | null; row: TrajectoryRow } | null>(null);
  if (found !== null && (found !== last?.row || datasetId !== last.datasetId)) setLast({ datasetId, row: found });
  // Another dataset with a run of the same id is another run: its row is not shown in its place.
  return found ?? (scoring && last?.row.id === id && last.datasetId === datasetId ? last.row : null);
}
