// The audit's list of ground truths whose own calls fail when run in order from the seed (each
// changes nothing, so the task's expected state lacks it), with a link to the task in Adjudicate.
import type { TruthCheck } from '../../../../../shared/eval/gt-audit-dataset';
import { taskHash } from '../../taskLink';
import { usePaged } from '../../../components/ShowMore';

/** Tasks listed at once; more a click away. */
const PAGE = 100;

export function FailingTruth({ checks }: { checks: readonly TruthCheck[] }) {
  const { visible, more } = usePaged(checks, PAGE, 'more-failing-truth');
  if (checks.length === 0) return null;
  const calls = checks.reduce((n, c) => n + c.failures.length, 0);
  return (
    <details className="audit-failing-truth" data-testid="audit-failing-truth" open>
      <summary>
        <strong>{calls}</strong> ground-truth call(s) in {checks.length} task(s) fail when the task&apos;s calls run in order from the seed: each changes
        nothing, so the task&apos;s expected state lacks it
      </summary>
      <ul className="audit-tasks">
        {visible.map((check) => (
          <li key={check.task_id} data-task-id={check.task_id}>
            <h3>
              {check.task_id} <span className="muted">{check.scenario}</span>{' '}
              <a className="button-link" href={taskHash('adjudicate', check.task_id)}>
                Open in Adjudicate
              </a>
            </h3>
            <ol>
              {check.failures.map((f) => (
                <li key={f.gt_call}>
                  call {f.gt_call + 1} <code>{f.tool_name}</code> fails: {f.message}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
      {more}
    </details>
  );
}
