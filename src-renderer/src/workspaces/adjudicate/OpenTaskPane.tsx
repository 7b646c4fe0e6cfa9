// Adjudicate's main pane: the open task's brief, its agreement panel, the audit suspect it was
// opened for (if any), and its adjudication; or what to do when no task is open.
import type { Task } from '../../../../shared/format/types';
import { AdjudicationView } from '../../agreement/AdjudicationView';
import { AgreementPanel } from '../../agreement/AgreementPanel';
import { SuspectPanel } from '../../agreement/SuspectPanel';
import { TaskBrief } from '../../components/TaskBrief';

interface Props {
  datasetId: string;
  /** The task asked for, and the dataset's task of that id (null: it has none). */
  taskId: string | null;
  task: Task | null;
  pair: [string, string] | null;
  /** The audit suspect the address names (#/adjudicate/suspect/<task>/<n>), or null. */
  suspect: { taskId: string; index: number } | null;
  adjudicator: string;
}

export function OpenTaskPane({ datasetId, taskId, task, pair, suspect, adjudicator }: Props) {
  return (
    <section className="adjudicate-main">
      {!task && <p className="muted">{taskId ? `The address names task ${taskId}, which this dataset does not have. ` : ''}Pick a task to compare its annotations and settle them.</p>}
      {task && (
        <>
          <TaskBrief
            task={task}
            heading={
              <>
                <strong>{task.id}</strong> <span className="muted">{task.scenario}</span>
              </>
            }
          />
          <AgreementPanel datasetId={datasetId} taskId={task.id} annotators={pair} context="adjudicate" />
          {suspect?.taskId === task.id ? <SuspectPanel datasetId={datasetId} taskId={task.id} index={suspect.index} adjudicator={adjudicator} /> : null}
          <AdjudicationView key={`${task.id}:${pair?.join()}`} datasetId={datasetId} taskId={task.id} pair={pair} adjudicator={adjudicator} />
        </>
      )}
    </section>
  );
}
