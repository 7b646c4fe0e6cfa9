// Above Replay's list and views: how the evaluation goes, Import (files or a folder, until the
// page reloads), the button that shows the problems, the agreement panel and the views' links.
import type { ChangeEvent } from 'react';
import type { EvaluationState } from '../../state/evaluationSlice';
import { useStudioStore } from '../../state/store';
import { replayProblems } from '../../state/studioProblems';
import type { ImportedFiles } from '../../evaluation/protocol';
import { filesFromInput } from './importFiles';
import { LabelAgreementPanel } from './reviews/LabelAgreementPanel';
import { ReplayViewLinks } from './ReplayViews';
import type { ReplayView } from './routes';

interface Props {
  evaluation: EvaluationState;
  datasetId: string;
  view: ReplayView | null;
  importFiles(imported: ImportedFiles): void;
  showProblems: boolean;
  onShowProblems(show: boolean): void;
}

export function ReplayToolbar({ evaluation, datasetId, view, importFiles, showProblems, onShowProblems }: Props) {
  const { rows } = evaluation;
  const problems = useStudioStore(replayProblems);
  const importChosen = (e: ChangeEvent<HTMLInputElement>) => void filesFromInput(e.currentTarget).then(importFiles);
  return (
    <div className="replay-toolbar">
      <EvaluationStatusLine evaluation={evaluation} />
      <label className="import-button" title="Import trajectory files (.jsonl) to score against this dataset, until the page reloads (to keep them, copy them under trajectories/); you can also drop files or folders here">
        Import files…
        <input type="file" multiple accept=".jsonl,.json" onChange={importChosen} />
      </label>
      <label className="import-button" title="Import every .jsonl file of a folder, until the page reloads (to keep them, copy them under trajectories/)">
        Import folder…
        <input type="file" webkitdirectory="" onChange={importChosen} />
      </label>
      <button type="button" className="link-button" onClick={() => onShowProblems(!showProblems)} aria-expanded={showProblems} data-testid="problems-toggle">
        {problems.length} problem{problems.length === 1 ? '' : 's'}
      </button>
      <LabelAgreementPanel datasetId={datasetId} rows={rows} labels={evaluation.labels} />
      <ReplayViewLinks view={view} />
    </div>
  );
}

const scoredMiB = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Loading, evaluating (with its progress), failed, or how many trajectories were evaluated. */
function EvaluationStatusLine({ evaluation }: { evaluation: EvaluationState }) {
  const { status, progress, rows } = evaluation;
  const percent = progress.total > 0 ? Math.round((100 * progress.done) / progress.total) : 0;
  return (
    <div className="eval-status" aria-live="polite">
      {status === 'evaluating' || status === 'loading' ? (
        <>
          <progress max={100} value={status === 'loading' ? undefined : percent} aria-label="Evaluation progress" data-testid="evaluation-progress" />
          <span className="muted">
            {status === 'loading'
              ? 'Loading the dataset…'
              : `Evaluating: ${rows.length.toLocaleString()} trajectories so far, ${scoredMiB(progress.done)} / ${scoredMiB(progress.total)} MiB scored`}
          </span>
        </>
      ) : status === 'error' ? (
        <span className="error-text">Evaluation failed: {evaluation.message}</span>
      ) : (
        <span className="muted" data-testid="evaluation-status" data-status={status}>
          {rows.length.toLocaleString()} trajectories evaluated{evaluation.profile ? ` (${evaluation.profile} profile)` : ''}
        </span>
      )}
    </div>
  );
}
