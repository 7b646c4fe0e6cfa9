// The Reports page's header: what the report was computed from, and its actions (evaluate again,
// export the report as JSON, every run as CSV).
import { tableToCsv } from '../../../../shared/report/export';
import { ExportJsonButton } from './ExportJsonButton';
import { timingText, type LoadedReport } from './load-report';
import { saveText } from './save';
import type { NoticeKind } from './useNotice';

export function ReportsHeader({ dataset, loaded, fileStem, loading, onRerun, say }: {
  dataset: { id: string; name: string };
  loaded: LoadedReport | null;
  fileStem: string;
  /** An evaluation is running: no second one. */
  loading: boolean;
  onRerun(): void;
  say(text: string, kind: NoticeKind): void;
}) {
  return (
    <header className="reports-header">
      <h1>Reports</h1>
      <div className="reports-summary" data-testid="report-summary">
        {loaded
          ? `${dataset.name}: ${loaded.report.trajectoryCount.toLocaleString()} trajectories, ${loaded.report.models.length} model(s), ` +
            `${loaded.report.overrides.applied.toLocaleString()} human override(s) from ${loaded.reviewFiles.length} review file(s); ${timingText(loaded.timing)}`
          : dataset.name}
      </div>
      <div className="report-actions">
        <button type="button" onClick={onRerun} disabled={loading} data-testid="report-rerun">
          Evaluate again
        </button>
        <ExportJsonButton dataset={dataset} loaded={loaded} fileStem={fileStem} say={say} />
        <button
          type="button"
          disabled={!loaded}
          title="Every run with its automatic label and the human one a review gave it"
          onClick={() => loaded && saveText(`${fileStem}-runs.csv`, tableToCsv(loaded.report.runs), 'text/csv')}
          data-testid="report-export-runs"
        >
          Runs CSV
        </button>
      </div>
    </header>
  );
}
