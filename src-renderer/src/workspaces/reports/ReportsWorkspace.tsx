// The Reports workspace: the paper's main table, scenario breakdown (Fig. 3), error distribution
// with and without human overrides (Fig. 4) and efficiency (Table 11, Fig. 5) for the open
// dataset: the session's evaluation (scored in the host's workers with the same core as
// `egostudio evaluate`, shared with Replay).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { StudioError } from '../../../../shared/api/studio-error';
import { reportCharts } from '../../../../shared/report/charts';
import { useStudioStore } from '../../state/store';
import { useDatasetEvaluation } from '../../evaluation/useDatasetEvaluation';
import { evaluationRunOf, loadReport, timingText, type LoadedReport } from './load-report';
import { ExportJsonButton } from './ExportJsonButton';
import { ReportNotes } from './ReportNotes';
import { ProblemList } from '../../components/ProblemList';
import { ReportChart } from './ReportChart';
import { ReportTableView, type TableActions } from './ReportTableView';
import { copyText, fileStem, saveText } from './save';
import { tableToCsv } from '../../../../shared/report/export';
import './reports.css';

/** What the last evaluation of (dataset, generation) gave. */
interface Outcome {
  datasetId: string;
  /** The host run and the reviews' generation it was built from. */
  generation: string;
  loaded?: LoadedReport;
  error?: string;
}

function Elapsed() {
  const [since] = useState(() => Date.now());
  const [now, setNow] = useState(since);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return <span>{((now - since) / 1000).toFixed(1)} s</span>;
}

export function ReportsWorkspace() {
  const dataset = useStudioStore((s) => s.currentDataset);
  const startEvaluation = useStudioStore((s) => s.startEvaluation);
  const evaluation = useDatasetEvaluation();
  const datasetId = dataset?.id ?? null;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [notice, setNotice] = useState<{ text: string; kind: 'ok' | 'error' } | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { status, summary, finishedAt, rows, problems, importedProblems, reviewsGeneration, runId } = evaluation;
  const evaluated = useMemo(
    () => evaluationRunOf({ status, summary, finishedAt, rows, problems, importedProblems }),
    [status, summary, finishedAt, rows, problems, importedProblems],
  );

  // A finished run, or changed reviews (overrides), rebuild the report.
  useEffect(() => {
    if (!datasetId || !evaluated || evaluation.datasetId !== datasetId) return;
    let current = true;
    const generation = `${runId}:${reviewsGeneration}`;
    loadReport(datasetId, evaluated).then(
      (loaded) => current && setOutcome({ datasetId, generation, loaded }),
      (error) => current && setOutcome({ datasetId, generation, error: StudioError.from(error).message }),
    );
    return () => {
      current = false;
    };
  }, [datasetId, evaluated, evaluation.datasetId, runId, reviewsGeneration]);

  const rerun = () => {
    if (dataset) void startEvaluation(dataset);
  };

  const failed = status === 'error' ? (evaluation.message ?? 'the evaluation failed') : null;
  const settled = outcome && outcome.datasetId === datasetId && outcome.generation === `${runId}:${reviewsGeneration}` ? outcome : null;
  const loading = datasetId !== null && (status === 'loading' || status === 'evaluating');

  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  const say = useCallback((text: string, kind: 'ok' | 'error') => {
    clearTimeout(noticeTimer.current);
    setNotice({ text, kind });
    noticeTimer.current = setTimeout(() => setNotice(null), 5000);
  }, []);

  const stem = fileStem(dataset?.name ?? 'report');
  const actions: TableActions = useMemo(
    () => ({
      fileStem: stem,
      copy: (what, text) =>
        void copyText(text).then(
          () => say(`Copied ${what}.`, 'ok'),
          (error) => say(`Could not copy ${what}: ${(error as Error).message}`, 'error'),
        ),
    }),
    [stem, say],
  );

  // While a new run loads, the last one of this dataset stays on screen.
  const loaded = settled?.loaded ?? (outcome?.datasetId === datasetId ? (outcome.loaded ?? null) : null);
  const charts = useMemo(() => (loaded ? reportCharts(loaded.report) : null), [loaded]);

  if (!dataset)
    return (
      <section className="reports">
        <h1>Reports</h1>
        <p className="muted">Open a dataset from the list on the left to see its tables and figures.</p>
      </section>
    );

  return (
    <section className="reports">
      <header className="reports-header">
        <h1>Reports</h1>
        <div className="reports-summary" data-testid="report-summary">
          {loaded
            ? `${dataset.name}: ${loaded.report.trajectoryCount} trajectories, ${loaded.report.models.length} model(s), ` +
              `${loaded.report.overrides.applied} human override(s) from ${loaded.reviewFiles.length} review file(s); ${timingText(loaded.timing)}`
            : dataset.name}
        </div>
        <div className="report-actions">
          <button type="button" onClick={rerun} disabled={loading} data-testid="report-rerun">
            Evaluate again
          </button>
          <ExportJsonButton dataset={dataset} loaded={loaded} fileStem={stem} say={say} />
          <button
            type="button"
            disabled={!loaded}
            title="Every run with its automatic label and the human one a review gave it"
            onClick={() => loaded && saveText(`${stem}-runs.csv`, tableToCsv(loaded.report.runs), 'text/csv')}
            data-testid="report-export-runs"
          >
            Runs CSV
          </button>
        </div>
      </header>

      <p className={`report-notice ${notice?.kind ?? ''}`} role="status" aria-live="polite" data-testid="report-copy-status">
        {notice?.text ?? ''}
      </p>

      {loading && (
        <div className="report-progress" role="progressbar" aria-label="Evaluating" data-testid="report-progress">
          <progress />
          <span>
            Evaluating the trajectories of {dataset.name}: {rows.length.toLocaleString()} so far… <Elapsed />
          </span>
        </div>
      )}

      {(failed ?? settled?.error) !== undefined && (failed ?? settled?.error) !== null && (
        <div className="report-error" role="alert" data-testid="report-error">
          <strong>The evaluation failed.</strong> {failed ?? settled?.error}
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
            {loaded.problems.length} input problem(s): those lines were left out, the rest is evaluated
          </summary>
          <ProblemList problems={loaded.problems} limit={200} />
        </details>
      )}

      {loaded && charts && loaded.report.models.length > 0 && (
        <>
          <section className="report-section">
            <h2>Main results</h2>
            <ReportTableView table={loaded.report.tables.main} actions={actions} testId="report-table" />
            <ReportTableView table={loaded.report.tables.coverage} actions={actions} testId="report-coverage" />
          </section>

          <section className="report-section" data-testid="report-scenarios">
            <h2>Scenarios</h2>
            <ReportChart option={charts.scenarios} height={340} fileName={`${stem}-scenarios`} testId="report-scenarios-chart" title="JointSucc by scenario" />
            <ReportTableView table={loaded.report.tables.scenarios} actions={actions} />
          </section>

          <section className="report-section">
            <h2>Error distribution</h2>
            <ReportChart option={charts.errors} height={Math.max(260, 90 + 56 * loaded.report.models.length)} fileName={`${stem}-errors`} testId="report-errors-chart" title="Labels per model: automatic and with human overrides" />
            <ReportTableView table={loaded.report.tables.errors} actions={actions} />
          </section>

          <section className="report-section" data-testid="report-efficiency">
            <h2>Efficiency</h2>
            <ReportTableView table={loaded.report.tables.efficiency} actions={actions} />
            <ReportChart option={charts.efficiency} height={380} fileName={`${stem}-efficiency`} testId="report-efficiency-chart" title="Tokens, rounds and calls per trajectory against JointSucc" />
          </section>
        </>
      )}
    </section>
  );
}
