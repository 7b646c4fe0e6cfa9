// The dataset's agreement dashboard: SPEC §11 figures overall and per scenario (the same code as
// `egostudio agreement`), agreement of visual references, and the disagreements worst first.
import type { AgreementSummary } from '../../../shared/eval/agreement';
import type { AgreementDashboard as Dashboard } from '../../../shared/eval/agreement-report';
import type { VisualAgreementSummary } from '../../../shared/eval/visual-agreement';
import { ProblemList } from '../components/ProblemList';
import { DisagreementTable } from './DisagreementTable';
import { num, pct } from './figureText';
import type { Lifecycle } from './model';
import './agreement.css';


function SummaryCells({ summary, visual, alphaPending }: { summary: AgreementSummary; visual: VisualAgreementSummary; alphaPending: boolean }) {
  return (
    <>
      <td>{summary.tasks}</td>
      <td data-metric="percent_exact">{num(summary.percent_exact, 1)}</td>
      <td data-metric="mean_call_f1">{num(summary.mean_call_f1)}</td>
      <td data-metric="state_agreement">{pct(summary.state_agreement)}</td>
      <td data-metric="alpha_dice" title={alphaPending ? 'computing: every pair of annotations is compared' : undefined}>
        {alphaPending ? 'computing…' : num(summary.alpha_dice)}
      </td>
      <td data-metric="entity_f1">{num(visual.mean_entity_f1)}</td>
      <td data-metric="mean_iou">{num(visual.mean_iou)}</td>
    </>
  );
}

/** The line where the disagreements would be when there are none: why there are none. */
function noDisagreementText({ annotators: [a, b], tasks, leftOut }: Dashboard): string {
  if (leftOut.length > 0) return `None among the tasks compared; ${leftOut.length} task(s) both annotated could not be compared (see the problems below).`;
  if (tasks.length === 0)
    return `None to show: no task is annotated by both ${a} and ${b}, so there is nothing to compare. Have both annotate the same tasks (Annotate), or choose another pair of annotators above.`;
  return 'None: every task both annotated agrees exactly.';
}

export interface AgreementDashboardProps {
  dashboard: Dashboard | null;
  computing?: boolean;
  /** Why the last computation failed (shown when there are no figures to show). */
  error?: string | null;
  /** Each task's stage in the task list, shown beside each disagreement (which filter finds it). */
  stages?: ReadonlyMap<string, Lifecycle>;
  onOpenTask?(taskId: string): void;
}

export function AgreementDashboard({ dashboard, computing = false, error = null, stages, onOpenTask }: AgreementDashboardProps) {
  if (!dashboard)
    return (
      <section className="agreement-dashboard" data-testid="agreement-dashboard">
        {error && !computing ? (
          <div className="agreement-error">Cannot compute the agreement: {error}</div>
        ) : (
          <p className="muted">{computing ? 'Computing agreement…' : 'Two annotators with work on the same tasks are needed.'}</p>
        )}
      </section>
    );
  const [a, b] = dashboard.annotators;
  return (
    <section className="agreement-dashboard" data-testid="agreement-dashboard" data-annotators={`${a},${b}`}>
      <h3>
        Agreement of {a} and {b} {computing && <span className="muted">(updating…)</span>}
      </h3>
      <table className="agreement-table">
        <thead>
          <tr>
            <th>scope</th>
            <th>tasks</th>
            <th title="share of tasks whose call multisets are equal (the paper's IAA)">percent_exact</th>
            <th>mean_call_f1</th>
            <th title="share of tasks whose call sequences give equal states">state_agreement</th>
            <th title="Krippendorff's alpha, distance 1 − call_f1">alpha_dice</th>
            <th title="visual references: same entity (F1)">ref entity F1</th>
            <th title="visual references: mean temporal IoU of paired ranges">ref IoU</th>
          </tr>
        </thead>
        <tbody>
          <tr className="overall" data-testid="dashboard-overall">
            <th>overall</th>
            <SummaryCells summary={dashboard.overall} visual={dashboard.visual} alphaPending={dashboard.alphaPending} />
          </tr>
          {dashboard.scenarios.map((s) => (
            <tr key={s.scenario} data-scenario={s.scenario}>
              <th>{s.scenario}</th>
              <SummaryCells summary={s.summary} visual={s.visual} alphaPending={dashboard.alphaPending} />
            </tr>
          ))}
        </tbody>
      </table>
      <h4>Disagreements, worst first ({dashboard.disagreements.length})</h4>
      {dashboard.disagreements.length === 0 ? (
        <p className="muted" data-testid="no-disagreements">
          {noDisagreementText(dashboard)}
        </p>
      ) : (
        <DisagreementTable dashboard={dashboard} stages={stages} onOpenTask={onOpenTask} />
      )}
      {dashboard.problems.length > 0 && (
        <details className="agreement-problems">
          <summary>{dashboard.problems.length} problem(s) in the input</summary>
          <ProblemList problems={dashboard.problems} limit={100} />
        </details>
      )}
    </section>
  );
}
