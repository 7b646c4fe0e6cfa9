// The one place the matrix, compare and audit views reach the evaluation: rows come from
// ReplayWorkspace (the hook Replay's list uses), replays from the evaluation service. When the
// renderer's dataset session replaces that service, only this adapter changes.
import { evaluationService } from '../../evaluation/evaluationService';
import type { ReplayDetail, TrajectoryRow } from '../../evaluation/protocol';

export type { ReplayDetail, TrajectoryRow };

/** One trajectory replayed call by call (state diffs, pairing with the ground truth). */
export function replayTrajectory(id: string): Promise<ReplayDetail> {
  return evaluationService.replay(id);
}
