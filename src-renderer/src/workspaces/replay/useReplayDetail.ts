// One trajectory replayed by the evaluation worker: its calls' results and state changes, paired
// with the ground truth.
import { useEffect, useState } from 'react';
import { evaluationWorker } from '../../evaluation/evaluationService';
import type { ReplayDetail, TrajectoryRow } from '../../evaluation/protocol';

/** The replay of `row`, or why it failed (both undefined while it is worked out); never another row's. */
export function useReplayDetail(datasetId: string, row: TrajectoryRow): { detail?: ReplayDetail; error?: string } {
  const trajectoryId = row.id;
  const [state, setState] = useState<{ id: string; detail?: ReplayDetail; error?: string } | null>(null);
  useEffect(() => {
    let live = true;
    evaluationWorker.replay(datasetId, row).then(
      (detail) => live && setState({ id: trajectoryId, detail }),
      (error: Error) => live && setState({ id: trajectoryId, error: error.message }),
    );
    return () => {
      live = false;
    };
  }, [datasetId, row, trajectoryId]);
  const detail = state?.id === trajectoryId ? state.detail : undefined;
  const error = state?.id === trajectoryId ? state.error : undefined;
  return { detail, error };
}
