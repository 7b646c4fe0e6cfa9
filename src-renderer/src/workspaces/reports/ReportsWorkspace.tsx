// The Reports workspace: the paper's tables and figures (ReportSections) for the open dataset,
// from the session's evaluation (useDatasetReport), with its progress, failures and input problems.
import { useStudioStore } from '../../state/store';
import { useDatasetEvaluation } from '../../evaluation/useDatasetEvaluation';
import { ReportNotes } from './ReportNotes';
import { ProblemList } from '../../components/ProblemList';
import { EvaluationProgress } from './EvaluationProgress';
import { ReportSections } from './ReportSections';
import { ReportsHeader } from './ReportsHeader';
import { fileStem } from './save';
import { useDatasetReport } from './useDatasetReport';
import { useNotice } from './useNotice';
import './reports.css';

export function ReportsWorkspace() {
  const dataset = useStudioStore((s) => s.currentDataset);
  const startEvaluation = useStudioStore((s) => s.startEvaluation);
  const evaluation = useDatasetEvaluation();
  const datasetId = dataset?.id ?? null;
  const { loaded, error } = useDatasetReport(datasetId, evaluation);
  const [notice, say] = useNotice();
  const { status, summary, rows } = evaluation;

  const rerun = () => {
    if (dataset) void startEvaluation(dataset);
  };

  const failed = status === 'error' ? (evaluation.message ?? 'the evaluation failed') : null;
  const loading = datasetId !== null && (status === 'loading' || status === 'evaluating');
  const stem = fileStem(dataset?.name ?? 'report');

  if (!dataset)
    return (
      <section className="reports">
        <h1>Reports</h1>
        <p className="muted">Open a dataset from the list on the left to see its tables and figures.</p>
      </section>
    );

  return (
    <section className="reports">
      <ReportsHeader dataset={dataset} loaded={loaded} fileStem={stem} loading={loading} onRerun={rerun} say={say} />

      <p className={`report-notice ${notice?.kind ?? ''}`} role="status" aria-live="polite" data-testid="report-copy-status">
        {notice?.text ?? ''}
      </p>

      {loading && <EvaluationProgress datasetName={dataset.name} scored={rows.length} />}

      {(failed ?? error) !== undefined && (failed ?? error) !== null && (
        <div className="report-error" role="alert" data-testid="report-error">
          <strong>The evaluation failed.</strong> {failed ?? error}
          <button type="button" onClick={rerun}>
            Try again
          </button>
        </div>
      )}

      {loaded && loaded.report.models.length === 0 && (
        <div className="report-error" role="alert" data-testid="report-error">
          <strong>No trajectories could be evaluated.</strong> Put agent runs under trajectories/ (SPEC §6); the problems below say what was left out.
        </div>
      )}

      {loaded && <ReportNotes run={loaded.run} overrides={loaded.report.overrides} importedRuns={loaded.importedRuns} listedModes={summary?.listedModes} />}

      {loaded && loaded.problems.length > 0 && (
        <details className="report-problems" data-testid="report-problems">
          <summary>
            {loaded.problems.length.toLocaleString()} input problem(s): those lines were left out, the rest is evaluated
          </summary>
          <ProblemList problems={loaded.problems} limit={200} />
        </details>
      )}

      {loaded && loaded.report.models.length > 0 && <ReportSections report={loaded.report} fileStem={stem} say={say} />}
    </section>
  );
}
