// The Replay workspace: the open dataset's trajectories evaluated in a Web Worker, listed
// (virtualized, filter, sort, dialogue search), and one of them replayed call by call. Files
// or folders of trajectories dropped here (or picked with Import) are evaluated against the
// open dataset. Routes: #/replay/<trajectory id>/<call>; the matrix, compare and audit views (routes.ts).
import { useMemo, useRef, useState, type CSSProperties } from 'react';
import { Resizer } from '../../components/Resizer';
import { PANE_MAX_WIDTH, PANE_MIN_WIDTH, usePaneWidth } from '../../components/usePaneWidth';
import { useShownWidth } from '../../components/useShownWidth';
import { useDatasetEvaluation } from '../../evaluation/useDatasetEvaluation';
import { useStudioStore } from '../../state/store';
import { EvaluationProblems } from './EvaluationProblems';
import { replayProblems } from '../../state/studioProblems';
import { ReplayToolbar } from './ReplayToolbar';
import { ReplayView } from './ReplayView';
import { ReplayViews } from './ReplayViews';
import { useReplayView } from './useReplayView';
import { useReviewOverrides } from './reviews/useReviewOverrides';
import { TrajectoryList } from './TrajectoryList';
import { useListMemory } from './list/listMemory';
import { useReplayRoute } from './useReplayRoute';
import { useShownRow } from './useShownRow';
import { useTrajectoryDrop } from './useTrajectoryDrop';
import './replay.css';

/** The trajectory list's width set by its edge (this browser's): null, as wide as its columns up to half the body. */
const LIST_WIDTH_KEY = 'egobench.replay.listWidth';
/** A set width, never so wide that the replay beside it has less than 360 px. */
const listWidthCss = (width: number) => `clamp(${PANE_MIN_WIDTH}px, ${width}px, calc(100cqw - 360px))`;

export function ReplayWorkspace() {
  const dataset = useStudioStore((s) => s.currentDataset);
  const evaluation = useDatasetEvaluation();
  const importFiles = useStudioStore((s) => s.importTrajectoryFiles);
  const { link, go } = useReplayRoute();
  const view = useReplayView();
  const { filters, setFilters } = useListMemory(dataset?.id ?? '');
  const [showProblems, setShowProblems] = useState(false);
  const { dragging, dropZone } = useTrajectoryDrop(importFiles);
  const { latest, overrides, overridden, disagreements } = useReviewOverrides(dataset?.id ?? null, evaluation.labels);
  const [listWidth, setListWidth] = usePaneWidth(LIST_WIDTH_KEY);
  const bodyRef = useRef<HTMLDivElement>(null);
  const shownListWidth = useShownWidth(bodyRef, '.trajectory-list-panel', dataset && !view ? dataset.id : null);
  const foundRow = useMemo(() => (link ? (evaluation.rows.find((r) => r.id === link.id) ?? null) : null), [link, evaluation.rows]);
  const linkedRow = useShownRow(dataset?.id ?? null, link?.id ?? null, foundRow, evaluation.status !== 'ready');

  if (!dataset) {
    return (
      <section className="workspace-placeholder">
        <h1>Replay</h1>
        <p className="muted">Open a dataset from the list on the left: its trajectories are evaluated here and can be replayed call by call.</p>
      </section>
    );
  }

  const { status, rows } = evaluation;
  return (
    <div className={`replay-workspace${dragging ? ' dragging' : ''}`} {...dropZone}>
      <ReplayToolbar evaluation={evaluation} datasetId={dataset.id} view={view} importFiles={importFiles} showProblems={showProblems} onShowProblems={setShowProblems} />
      {showProblems ? <ReplayProblems /> : null}
      {view ? (
        <ReplayViews view={view} ready={status === 'ready'} datasetId={dataset.id} rows={rows} labels={evaluation.labels} overridden={overridden} reviews={latest} filters={filters} onFilters={setFilters} />
      ) : (
        <div className="replay-body" ref={bodyRef} style={listWidth === null ? undefined : ({ '--list-width': listWidthCss(listWidth) } as CSSProperties)}>
          <TrajectoryList
            datasetId={dataset.id}
            rows={rows}
            selectedId={link?.id ?? null}
            overrides={overrides}
            reviews={latest}
            disagreements={disagreements}
            filters={filters}
            onFilters={setFilters}
            // A walk through the list by keys is one history entry: Back returns to where it started.
            onSelect={(id, byKey) => go(id, 0, byKey === true ? 'walk' : 'push')}
          />
          <Resizer
            width={shownListWidth || (listWidth ?? PANE_MIN_WIDTH)}
            min={PANE_MIN_WIDTH}
            max={PANE_MAX_WIDTH}
            onWidth={setListWidth}
            label="Resize the trajectory list"
            className="pane-resizer"
            testId="resize-trajectory-list"
            step={20}
          />
          <div className="replay-main">
            {link && linkedRow ? (
              <ReplayView datasetId={dataset.id} row={linkedRow} step={link.step} labels={evaluation.labels} review={latest.get(linkedRow.id) ?? null} onStep={(s) => go(link.id, s, 'replace')} />
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

/** The evaluation's problems and the review files' (the toolbar's count). */
function ReplayProblems() {
  return <EvaluationProblems problems={useStudioStore(replayProblems)} />;
}
