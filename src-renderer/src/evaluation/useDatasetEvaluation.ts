// The open dataset's evaluation for a view (Replay, Reports, the task matrix): started on first
// use, shared afterwards. Rows alone: useStudioStore(selectTrajectoryRows).
import { useEffect } from 'react';
import { useStudioStore } from '../state/store';

export function useDatasetEvaluation() {
  const dataset = useStudioStore((s) => s.currentDataset);
  const ensure = useStudioStore((s) => s.ensureEvaluation);
  useEffect(() => {
    if (dataset) ensure(dataset);
  }, [dataset, ensure]);
  return useStudioStore((s) => s.evaluation);
}
