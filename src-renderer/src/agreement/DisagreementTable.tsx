// The dashboard's disagreements, worst first: a page of rows at a time (20,000 tasks can disagree
// on thousands), more on request.
import type { AgreementDashboard } from '../../../shared/eval/agreement-report';
import { usePaged } from '../components/ShowMore';
import { num } from './figureText';
import { lifecycleLabels, type Lifecycle } from './model';

const PAGE = 200;

interface Props {
  dashboard: AgreementDashboard;
  stages?: ReadonlyMap<string, Lifecycle>;
  onOpenTask?(taskId: string): void;
}

export function DisagreementTable({ dashboard, stages, onOpenTask }: Props) {
  const { visible, more } = usePaged(dashboard.disagreements, PAGE, 'more-disagreements');
  const [a, b] = dashboard.annotators;
  return (
    <>
      <table className="agreement-table disagreements" data-testid="disagreements">
        <thead>
          <tr>
            <th>task</th>
            <th>scenario</th>
            {stages && <th title="the task's stage in the task list">stage</th>}
            <th>call_f1</th>
            <th>seq_exact</th>
            <th>state_equal</th>
            <th>near</th>
            <th>only {a}</th>
            <th>only {b}</th>
            <th>ref IoU</th>
          </tr>
        </thead>
        <tbody>
          {visible.map((d) => (
            <tr key={d.task_id} data-task-id={d.task_id}>
              <td>
                {onOpenTask ? (
                  <button type="button" className="link" onClick={() => onOpenTask(d.task_id)}>
                    {d.task_id}
                  </button>
                ) : (
                  d.task_id
                )}
              </td>
              <td>{d.scenario}</td>
              {stages && <td data-stage={stages.get(d.task_id)}>{lifecycleLabels[stages.get(d.task_id) ?? 'unannotated']}</td>}
              <td>{num(d.call_f1)}</td>
              <td>{d.seq_exact ? '✓' : '✗'}</td>
              <td>{d.state_equal ? '✓' : '✗'}</td>
              <td>{d.near}</td>
              <td>{d.onlyA}</td>
              <td>{d.onlyB}</td>
              <td>{num(d.visual.mean_iou, 2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more}
    </>
  );
}
