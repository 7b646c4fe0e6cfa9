// One trajectory replayed: the timeline of dialogue and calls, stepping call by call (J/K),
// each call's parameters, results and state diff, the ground truth beside it, the clip with the
// label's evidence, the taxonomy cascade and the human override.
import { useEffect, useMemo, useRef, useState } from 'react';
import { studioApi } from '../../api/studio';
import type { ReplayDetail, TrajectoryRow } from '../../evaluation/protocol';
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { GroundTruthCompare } from './CallPanels';
import { CascadePanel } from './CascadePanel';
import { CurrentCallPanel } from './CurrentCallPanel';
import { ClipController } from '../../video/clipController';
import { refFrames } from '../../video/refRanges';
import { ClipEvidence } from './ClipEvidence';
import { useRunArrivalFocus } from './arrivalFocus';
import { OverridePanel } from './reviews/OverridePanel';
import { ReviewedLabelBadge } from './reviews/ReviewedLabelBadge';
import type { LabelReview } from './reviews/reviewedLabel';
import { StepBar } from './StepBar';
import { TimelinePanel } from './TimelinePanel';
import { useReplayDetail } from './useReplayDetail';
import { evidenceEntry, timelineOf } from './timeline';
import type { Label } from '../../../../shared/eval/profile';
import type { VisualRef } from '../../../../shared/format/types';
import { resolveFps } from '../../../../shared/frames/frames';

interface Props {
  datasetId: string;
  /** The listed row to replay (its file and line say where the trajectory is). */
  row: TrajectoryRow;
  /** 1-based call number; 0 before the first call. */
  step: number;
  labels: readonly Label[];
  /** The latest review of the run, whose label overrides the automatic one (null: none). */
  review: LabelReview | null;
  onStep(step: number): void;
}

export function ReplayView({ datasetId, row, step, labels, review, onStep }: Props) {
  const trajectoryId = row.id;
  const { detail, error } = useReplayDetail(datasetId, row);

  if (error) return <p className="error-text replay-empty">Cannot replay {trajectoryId}: {error}</p>;
  if (!detail) return <p className="muted replay-empty">Replaying {trajectoryId}…</p>;
  return <LoadedReplay key={trajectoryId} datasetId={datasetId} detail={detail} step={step} labels={labels} review={review} onStep={onStep} />;
}

function LoadedReplay({ datasetId, detail, step, labels, review, onStep }: Omit<Props, 'row'> & { detail: ReplayDetail }) {
  const { row, steps, task, groundTruth } = detail;
  const count = steps.length;
  const current = Math.min(Math.max(step, 0), count);
  const currentEntry = current > 0 ? current - 1 : null;
  const evidenceAt = evidenceEntry(row.evidence);
  const timeline = useMemo(() => timelineOf(detail.trajectory), [detail.trajectory]);
  // One controller for this view's player.
  const [clip] = useState(() => new ClipController());
  const [selectedRef, setSelectedRef] = useState<string | null>(null);
  const timelineRef = useRef<HTMLOListElement>(null);
  const evidenceRefId = row.label === 'perception' && row.evidence && typeof row.evidence.visual_ref === 'string' ? row.evidence.visual_ref : null;
  const mediaUrl = useMemo(() => (task.video ? studioApi().mediaUrl(datasetId, task.video) : null), [datasetId, task.video]);

  const goto = (s: number) => onStep(Math.min(Math.max(s, 0), count));
  const gotoEntry = (entry: number) => goto(entry + 1);
  /** Shows a visual reference's first frame and selects its range. */
  const showRef = (ref: VisualRef) => {
    const frames = refFrames(ref, resolveFps(task.fps, clip.store.getState().mediaFps));
    setSelectedRef(ref.id);
    if (frames) void clip.seekFrame(frames.first);
  };
  // A jump to the evidence shows its frame: the clip is brought into view, not the call (scrolling
  // the timeline's call into view had pushed the clip above the pane).
  const [jumps, setJumps] = useState(0);
  const jumped = useRef(false);
  const jumpToEvidence = () => {
    jumped.current = true;
    setJumps((n) => n + 1);
    if (evidenceAt !== null) gotoEntry(evidenceAt);
    const ref = groundTruth.visual_refs.find((r) => r.id === evidenceRefId);
    if (ref) showRef(ref);
  };

  useHotkeyAction('replay.nextCall', () => goto(current + 1));
  useHotkeyAction('replay.previousCall', () => goto(current - 1));
  useHotkeyAction('replay.firstCall', () => goto(1));
  useHotkeyAction('replay.lastCall', () => goto(count));
  useHotkeyAction('replay.evidence', jumpToEvidence);

  const articleRef = useRef<HTMLElement>(null);
  useRunArrivalFocus(articleRef);
  useEffect(() => {
    if (jumped.current) {
      jumped.current = false;
      articleRef.current?.querySelector('[data-testid="replay-clip"]')?.scrollIntoView({ block: 'nearest' });
    } else timelineRef.current?.querySelector('.timeline-call.current')?.scrollIntoView({ block: 'nearest' });
  }, [current, jumps]);

  const currentStep = currentEntry !== null ? steps[currentEntry] : null;
  return (
    <article className="replay-view" ref={articleRef} tabIndex={-1}>
      <header className="replay-header">
        <h2 className="mono replay-title" title={row.id}>
          {row.id}
        </h2>
        <ReviewedLabelBadge auto={row.label} review={review} imported={row.imported} />
        <span className="muted">
          {row.model} · {row.mode} · {row.scenario} · task {row.task_id} · ToolSucc {row.tool_succ ? '✓' : '✗'} · ResultSucc {row.result_succ ? '✓' : '✗'}
        </span>
      </header>
      <p className="task-instruction" title="Task instruction">
        {task.instruction}
      </p>
      <StepBar
        current={current}
        count={count}
        onGoto={goto}
        evidenceAt={evidenceAt}
        hasEvidence={evidenceAt !== null || Boolean(evidenceRefId)}
        onJumpToEvidence={jumpToEvidence}
      />
      <ClipEvidence datasetId={datasetId} detail={detail} controller={clip} mediaUrl={mediaUrl} evidenceRef={evidenceRefId} selectedRef={selectedRef} onSelectRef={showRef} />
      <div className="replay-grid">
        <TimelinePanel timeline={timeline} steps={steps} currentEntry={currentEntry} evidenceAt={evidenceAt} label={row.label} onGotoEntry={gotoEntry} listRef={timelineRef} />
        <CurrentCallPanel step={currentStep} evidenceAt={evidenceAt} finalDiff={detail.finalDiff} />
        <section className="panel side-panel" aria-label="Ground truth and taxonomy">
          <div>
            <h3>Ground truth</h3>
            <GroundTruthCompare detail={detail} currentEntry={currentEntry} onGoto={gotoEntry} />
          </div>
          <div>
            <h3>Taxonomy</h3>
            <CascadePanel detail={detail} review={review} onGoto={gotoEntry} />
          </div>
          <div>
            <h3>Human override</h3>
            <OverridePanel datasetId={datasetId} row={row} labels={labels} />
          </div>
        </section>
      </div>
    </article>
  );
}
