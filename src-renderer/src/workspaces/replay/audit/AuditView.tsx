// The ground-truth audit in Replay: each task where enough runs agree on a call or a value the
// ground truth lacks (with the runs and what the value finds), the tasks every run fails, and the
// ground truths whose own calls fail.
// "Open in Adjudicate" opens the task there with the suspect beside the ground truth.
import { compareHash } from '../routes';
import { replayHash } from '../deepLink';
import { describeSuspect, suspectHash, useAuditReport, type AuditReport } from './auditClient';
import { usePaged } from '../../../components/ShowMore';
import { ProblemList } from '../../../components/ProblemList';
import { FailingTruth } from './FailingTruth';
import { FoundRows } from './FoundRows';
import './audit.css';

/** Up to this many problems are shown at once; more wait behind their summary. */
const OPEN_PROBLEMS = 5;

export function AuditView({ datasetId }: { datasetId: string }) {
  const { report, error, again } = useAuditReport(datasetId);
  if (error) return <p className="error-text replay-empty">Audit failed: {error}</p>;
  if (!report) return <p className="muted replay-empty">Auditing the ground truth…</p>;
  const suspects = report.tasks.reduce((n, t) => n + t.suspects.length, 0);
  return <Audit report={report} suspects={suspects} again={again} />;
}

/** Tasks listed at once; more a click away. */
const TASK_PAGE = 100;

function Audit({ report, suspects, again }: { report: AuditReport; suspects: number; again(): void }) {
  const { visible, more } = usePaged(report.tasks, TASK_PAGE, 'more-audit-tasks');
  return (
    <section className="audit-view" aria-label="Ground-truth audit" data-testid="audit-view">
      <p>
        {report.trajectories.toLocaleString()} runs over {report.audited_tasks} tasks: <strong data-testid="audit-suspect-count">{suspects}</strong> suspect(s) where at
        least half of a task&apos;s runs (and at least 3) agree on something the ground truth lacks; {report.tasks.filter((t) => t.all_fail).length} task(s) every run
        fails (of two or more).{' '}
        <button type="button" className="link-button" onClick={again}>
          Audit again
        </button>
      </p>
      {report.problems.length > 0 && (
        <details className="audit-problems" data-testid="audit-problems" open={report.problems.length <= OPEN_PROBLEMS}>
          <summary>{report.problems.length} problem(s): what they name was left out of the audit</summary>
          <ProblemList problems={report.problems} limit={200} />
        </details>
      )}
      <FailingTruth checks={report.failing_truth} />
      <ul className="audit-tasks">
        {visible.map((task) => (
          <li key={task.task_id} data-testid="audit-task" data-task-id={task.task_id}>
            <h3>
              {task.task_id} <span className="muted">{task.scenario}</span>{' '}
              <span className="muted">
                {task.failing}/{task.runs} runs fail{task.all_fail ? ' (every run)' : ''}
              </span>{' '}
              {task.suspects.length > 0 ? <a href={compareHash(task.suspects[0].runs.slice(0, 4))}>compare runs</a> : null}
            </h3>
            <ol>
              {task.suspects.map((s, i) => (
                <li key={i} data-testid="audit-suspect">
                  <code>{describeSuspect(s)}</code> — {s.runs.length}/{task.runs} runs {s.models > 1 ? `of ${s.models} models` : 'of one model'} agree:{' '}
                  {s.runs.slice(0, 6).map((id) => (
                    <a key={id} href={replayHash(id)} className="audit-run">
                      {id}
                    </a>
                  ))}
                  {s.runs.length > 6 ? ` and ${s.runs.length - 6} more` : ''}
                  <FoundRows found={s.found} title="What the runs' call finds" />
                  <a className="button-link" href={suspectHash(task.task_id, i)} data-testid="open-in-adjudicate">
                    Open in Adjudicate
                  </a>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
      {more}
    </section>
  );
}
