// The Replay workspace: the open dataset's trajectories evaluated in a Web Worker, listed
// (virtualized, filter, sort, dialogue search), and one of them replayed call by call. Files
// or folders of trajectories dropped here (or picked with Import) are evaluated against the
// open dataset. Routes: #/replay/<trajectory id>/<call>; the matrix, compare and audit views (routes.ts).
import { useCallback, useMemo, useState } from 'react';
import { useDatasetEvaluation } from '../../evaluation/useDatasetEvaluation';
import { useStudioStore } from '../../state/store';
import { parseReplayHash, replayHash } from './deepLink';
import { filesFromDrop, filesFromInput } from './importFiles';
import type { Filters } from './listModel';
import { ReplayView } from './ReplayView';
import { ReplayViewLinks, ReplayViews, useReplayView } from './ReplayViews';
import { AgreementPanel } from './reviews/AgreementPanel';
import { useDatasetReviews } from './reviews/useDatasetReviews';
import { labelsOf, latestReviews, reviewerDisagreements } from './reviews/latestLabels';
import { useReviewsFromFiles } from './reviews/reviewsFromFiles';
import { TrajectoryList } from './TrajectoryList';
import './replay.css';
import { useHashValue } from '../useHashValue';

function useReplayRoute() {
  const [link, setLink] = useHashValue(parseReplayHash);
  const go = useCallback(
    (id: string, step: number, replace: boolean) => {
      const hash = replayHash(id, step);
      if (replace) window.history.replaceState(null, '', hash);
      else window.history.pushState(null, '', hash);
      setLink({ id, step });
    },
    [setLink],
  );
  return { link, go };
}

export function ReplayWorkspace() {
  const dataset = useStudioStore((s) => s.currentDataset);
  const evaluation = useDatasetEvaluation();
  const importFiles = useStudioStore((s) => s.importTrajectoryFiles);
  const { link, go } = useReplayRoute();
  const view = useReplayView();
  const [filters, setFilters] = useState<Filters>({});
  const [showProblems, setShowProblems] = useState(false);
  const [dragging, setDragging] = useState(false);
  useReviewsFromFiles(dataset?.id ?? null, evaluation.labels);
  const reviews = useDatasetReviews(dataset?.id ?? null);
  const latest = useMemo(() => latestReviews(reviews), [reviews]);
  const overrides = useMemo(() => labelsOf(latest), [latest]);
  const overridden = useMemo(() => new Set(overrides.keys()), [overrides]);
  const disagreements = useMemo(() => reviewerDisagreements(reviews), [reviews]);
  const linkedRow = useMemo(() => (link ? (evaluation.rows.find((r) => r.id === link.id) ?? null) : null), [link, evaluation.rows]);

  const onDrop = async (event: React.DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = await filesFromDrop(event.dataTransfer);
    importFiles(files);
    useStudioStore.getState().showMessage(`Importing ${files.length} trajectory file${files.length === 1 ? '' : 's'}`, 'info');
  };

  if (!dataset) {
    return (
      <section className="workspace-placeholder">
        <h1>Replay</h1>
        <p className="muted">Open a dataset from the list on the left: its trajectories are evaluated here and can be replayed call by call.</p>
      </section>
    );
  }

  const { status, progress, rows, problems } = evaluation;
  const percent = progress.total > 0 ? Math.round((100 * progress.done) / progress.total) : 0;
  const scoredMiB = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
  return (
    <div
      className={`replay-workspace${dragging ? ' dragging' : ''}`}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={(e) => void onDrop(e)}
    >
      <div className="replay-toolbar">
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
        <label className="import-button" title="Import trajectory files (.jsonl) to score against this dataset, until the page reloads (to keep them, copy them under trajectories/); you can also drop files or folders here">
          Import files…
          <input type="file" multiple accept=".jsonl,.json" onChange={(e) => void filesFromInput(e.currentTarget).then((f) => importFiles(f))} />
        </label>
        <label className="import-button" title="Import every .jsonl file of a folder, until the page reloads (to keep them, copy them under trajectories/)">
          Import folder…
          <input
            type="file"
            webkitdirectory=""
            onChange={(e) => void filesFromInput(e.currentTarget).then((f) => importFiles(f))}
          />
        </label>
        <button type="button" className="link-button" onClick={() => setShowProblems(!showProblems)} aria-expanded={showProblems} data-testid="problems-toggle">
          {problems.length} problem{problems.length === 1 ? '' : 's'}
        </button>
        <AgreementPanel datasetId={dataset.id} rows={rows} labels={evaluation.labels} />
        <ReplayViewLinks view={view} />
      </div>
      {showProblems ? (
        <div className="problems-list" role="region" aria-label="Problems" data-testid="problems">
          {problems.length === 0 ? <p className="muted">Everything loaded.</p> : null}
          <table>
            <thead>
              <tr>
                <th>File</th>
                <th>Line</th>
                <th>Problem</th>
              </tr>
            </thead>
            <tbody>
              {problems.map((p, i) => (
                <tr key={i}>
                  <td className="mono">{p.file}</td>
                  <td>{p.line || ''}</td>
                  <td>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {view ? (
        <ReplayViews view={view} ready={status === 'ready'} datasetId={dataset.id} rows={rows} labels={evaluation.labels} overridden={overridden} filters={filters} onFilters={setFilters} />
      ) : (
      <div className="replay-body">
        <TrajectoryList
          rows={rows}
          selectedId={link?.id ?? null}
          overrides={overrides}
          disagreements={disagreements}
          filters={filters}
          onFilters={setFilters}
          // A walk through the list by keys is one history entry: Back returns to the list as it was before it.
          onSelect={(id, byKey) => go(id, 0, byKey === true && link !== null)}
        />
        <div className="replay-main">
          {link && linkedRow ? (
            <ReplayView datasetId={dataset.id} row={linkedRow} step={link.step} labels={evaluation.labels} review={latest.get(linkedRow.id) ?? null} onStep={(s) => go(link.id, s, true)} />
          ) : link && status !== 'ready' ? (
            <p className="muted replay-empty">Waiting for {link.id} to be evaluated…</p>
          ) : link ? (
            <p className="error-text replay-empty">No trajectory “{link.id}” in this dataset.</p>
          ) : (
            <p className="muted replay-empty">Pick a trajectory in the list (or drop trajectory files here to import them).</p>
          )}
        </div>
      </div>
      )}
      {dragging ? <div className="drop-hint">Drop trajectory files or folders to evaluate them against {dataset.name}</div> : null}
    </div>
  );
}
