// Adjudicate's task list: the count of tasks at each lifecycle stage (each a filter), what can be
// done to many tasks at once (`bulk`), and the tasks with their stage (the list is Annotate's
// queue's: components/TaskList).
import { useMemo, type ReactNode } from 'react';
import type { GroundTruth, Task } from '../../../../shared/format/types';
import { lifecycleLabels, lifecycleOrder, type Lifecycle } from '../../agreement/model';
import { TaskList } from '../../components/TaskList';
import { taskRows } from '../../components/taskListRows';

interface Props {
  tasks: readonly Task[];
  stages: ReadonlyMap<string, Lifecycle>;
  counts: Record<Lifecycle, number>;
  filter: Lifecycle | 'all';
  onFilter(filter: Lifecycle | 'all'): void;
  taskId: string | null;
  onChoose(taskId: string): void;
  groundTruth: ReadonlyMap<string, GroundTruth>;
  /** Tasks an annotator of the pair changed after submitting (ChangedAfterSubmit). */
  changedAfterSubmit: ReadonlySet<string>;
  problems: number;
  /**
   * The pair's tasks are still being compared: until then a task with a ground-truth line counts as
   * adjudicated and one both submitted as annotating, whatever the comparison will say.
   */
  comparing: boolean;
  bulk: ReactNode;
}

export function TaskNav({ tasks, stages, counts, filter, onFilter, taskId, onChoose, groundTruth, changedAfterSubmit, problems, comparing, bulk }: Props) {
  const rows = useMemo(() => taskRows(tasks.filter((t) => filter === 'all' || stages.get(t.id) === filter)), [tasks, stages, filter]);
  const badge = (t: Task) => {
    const stage = stages.get(t.id)!;
    const gt = groundTruth.get(t.id);
    return (
      <>
        {changedAfterSubmit.has(t.id) && (
          <span className="changed-mark" title="an annotator changed this task after submitting it" aria-label="changed after submitting" data-testid="changed-mark">
            ↺
          </span>
        )}
        <span className={`stage-badge stage-${stage}`} title={gt ? `ground truth: ${gt.source ?? 'no source'}${gt.adjudicator ? ` by ${gt.adjudicator}` : ''}` : undefined}>
          {lifecycleLabels[stage]}
        </span>
      </>
    );
  };
  return (
    <nav className="adjudicate-tasks" aria-label="Tasks">
      <div className="lifecycle-counts" data-testid="lifecycle-counts" aria-busy={comparing}>
        <button type="button" className={filter === 'all' ? 'active' : ''} onClick={() => onFilter('all')}>
          all <b>{tasks.length}</b>
        </button>
        {lifecycleOrder.map((stage) => (
          <button key={stage} type="button" className={`stage-${stage}${filter === stage ? ' active' : ''}`} data-stage={stage} onClick={() => onFilter(stage)}>
            {lifecycleLabels[stage]} <b data-count={stage}>{counts[stage]}</b>
          </button>
        ))}
        <span className="muted both-submitted" title="tasks without ground truth that both annotators submitted: agreed + disputed">
          both submitted, no ground truth yet: {counts.agreed + counts.disputed}
        </span>
        {comparing && (
          <span className="muted" role="status" data-testid="stages-comparing">
            Comparing the annotations: agreed, disputed and disputed (GT exists) are counted once it is done.
          </span>
        )}
      </div>
      {bulk}
      <TaskList rows={rows} openTaskId={taskId} onOpen={onChoose} badge={badge} data={(t) => ({ 'data-stage': stages.get(t.id)! })} testId="adjudicate-task-list" empty="No task at this stage." />
      {problems > 0 && <div className="muted">{problems} problem(s) reading the dataset.</div>}
    </nav>
  );
}
