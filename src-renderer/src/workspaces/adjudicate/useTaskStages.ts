// Each task's lifecycle stage for the chosen pair of annotators (the task list's badges and
// filters), the count at each stage, and the tasks both agree on exactly (Accept agreed).
import { useMemo } from 'react';
import { agreeAsIs } from '../../../../shared/eval/agreement';
import type { GroundTruth } from '../../../../shared/format/types';
import type { LoadedDataset } from '../../../../shared/format/loader';
import { lifecycleCounts, lifecycleOf } from '../../agreement/model';
import type { DashboardState } from '../../agreement/useDashboard';

export function useTaskStages(dataset: LoadedDataset | null, dash: DashboardState, groundTruth: ReadonlyMap<string, GroundTruth>) {
  const agree = useMemo(() => new Map((dash.dashboard?.tasks ?? []).map((t) => [t.task_id, agreeAsIs(t)])), [dash.dashboard]);
  const tasks = useMemo(() => (dataset ? [...dataset.tasks.values()] : []), [dataset]);
  const stages = useMemo(
    () => new Map(tasks.map((task) => [task.id, lifecycleOf(task.id, dash.annotations, dash.pair, groundTruth, agree)])),
    [tasks, dash.annotations, dash.pair, groundTruth, agree],
  );
  const counts = lifecycleCounts(stages.values());
  const agreedIds = tasks.filter((t) => stages.get(t.id) === 'agreed').map((t) => t.id);
  return { tasks, stages, counts, agreedIds };
}
