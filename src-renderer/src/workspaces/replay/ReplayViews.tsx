// Replay's views besides the list and one trajectory (routes.ts): the task matrix, the compare
// view and the ground-truth audit; and the toolbar links that open them.
import type { Label } from '../../../../shared/eval/profile';
import { askListFocus } from './arrivalFocus';
import { AuditView } from './audit/AuditView';
import { CompareView } from './compare/CompareView';
import type { TrajectoryRow } from './evaluationRows';
import type { Filters } from './listModel';
import { replayHash } from './deepLink';
import { cellRunsFilters, taskRunsFilters, type MatrixColumn } from './matrix/matrixModel';
import { TaskMatrix } from './matrix/TaskMatrix';
import type { LabelReview } from './reviews/reviewedLabel';
import { AUDIT_HASH, MATRIX_HASH, type ReplayView } from './routes';

export function ReplayViewLinks({ view }: { view: ReplayView | null }) {
  return (
    <nav className="replay-view-links" aria-label="Replay views">
      <a href="#/replay" aria-current={view === null ? 'page' : undefined}>
        List
      </a>
      <a href={MATRIX_HASH} aria-current={view?.kind === 'matrix' ? 'page' : undefined} data-testid="open-matrix">
        Matrix
      </a>
      <a href={AUDIT_HASH} aria-current={view?.kind === 'audit' ? 'page' : undefined} data-testid="open-audit">
        Audit
      </a>
    </nav>
  );
}

interface Props {
  view: ReplayView;
  /** The evaluation has every row (a replay is asked of it only then). */
  ready: boolean;
  datasetId: string;
  rows: TrajectoryRow[];
  labels: readonly Label[];
  /** Ids of the runs whose label a reviewer overrode. */
  overridden: ReadonlySet<string>;
  /** The review that counts for each of them. */
  reviews: ReadonlyMap<string, LabelReview>;
  filters: Filters;
  onFilters(filters: Filters): void;
}

export function ReplayViews({ view, ready, datasetId, rows, labels, overridden, reviews, filters, onFilters }: Props) {
  if (view.kind === 'compare') return ready ? <CompareView ids={view.ids} reviews={reviews} /> : <p className="muted replay-empty">Waiting for the evaluation…</p>;
  if (view.kind === 'audit') return <AuditView datasetId={datasetId} />;
  const openTask = (taskId: string) => {
    askListFocus();
    onFilters(taskRunsFilters(filters, taskId));
    window.location.hash = '#/replay';
  };
  // A cell of one run opens that run (beside the task's runs in the list); of several, the list of them.
  const openCell = (taskId: string, column: MatrixColumn, runs: readonly TrajectoryRow[]) => {
    askListFocus();
    if (runs.length === 1) {
      onFilters(taskRunsFilters(filters, taskId));
      window.location.hash = replayHash(runs[0].id);
    } else {
      onFilters(cellRunsFilters(filters, taskId, column));
      window.location.hash = '#/replay';
    }
  };
  return <TaskMatrix datasetId={datasetId} rows={rows} labels={labels} overridden={overridden} filters={filters} onFilters={onFilters} onOpenTask={openTask} onOpenCell={openCell} />;
}
