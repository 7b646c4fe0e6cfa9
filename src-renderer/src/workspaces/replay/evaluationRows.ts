// The one place the matrix, compare and audit views reach the evaluation: rows come from
// ReplayWorkspace (the dataset session's rows), replays from the evaluation worker given the
// session's row for the id.
import { evaluationWorker } from '../../evaluation/evaluationService';
import type { ReplayDetail, TrajectoryRow } from '../../evaluation/protocol';
import { selectTrajectoryRows } from '../../state/evaluationSlice';
import { useStudioStore } from '../../state/store';

export type { ReplayDetail, TrajectoryRow };

/** One trajectory replayed call by call (state diffs, pairing with the ground truth). */
export function replayTrajectory(id: string): Promise<ReplayDetail> {
  const state = useStudioStore.getState();
  const datasetId = state.currentDataset?.id;
  const row = selectTrajectoryRows(state).find((r) => r.id === id);
  if (!datasetId || !row) return Promise.reject(new Error(`Trajectory ${id} is not among the evaluated rows of the open dataset; open it from Replay's list.`));
  return evaluationWorker.replay(datasetId, row);
}
