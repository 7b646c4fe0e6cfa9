// The task's clip in Replay: the studio's clip component with the ground truth's visual
// references as ranges on its timeline, and the list of them (a click shows the first frame and
// selects the range).
import { resolveFps, validFps } from '../../../../shared/frames/frames';
import type { Task, VisualRef } from '../../../../shared/format/types';
import { Clip } from '../../video/Clip';
import type { ClipController } from '../../video/clipController';
import { ClipTimeline } from '../../video/ClipTimeline';
import { refFrames, refRanges } from '../../video/refRanges';
import { useClipState } from '../../video/useClipState';

interface Props {
  controller: ClipController;
  task: Task;
  mediaUrl: string | null;
  visualRefs: VisualRef[];
  /** The visual reference a perception label points at. */
  evidenceRef: string | null;
  selectedRef: string | null;
  onSelectRef(ref: VisualRef): void;
}

/** The frame rate of the task's clip: declared by the task, else measured from the media. */
export function useClipFps(controller: ClipController, task: Task): number {
  const mediaFps = useClipState(controller, (state) => state.mediaFps);
  return resolveFps(task.fps, mediaFps);
}

export function ReplayClip({ controller, task, mediaUrl, visualRefs, evidenceRef, selectedRef, onSelectRef }: Props) {
  const fps = useClipFps(controller, task);
  const noClip = (
    <div className="clip-placeholder" role="img" aria-label="No clip">
      <strong>No clip</strong>
      <span className="muted">The task names no video.</span>
    </div>
  );
  return (
    <div className="replay-clip" data-testid="replay-clip">
      <Clip controller={controller} src={mediaUrl} fps={fps} declaredFps={validFps(task.fps) ?? undefined} videoName={task.video ?? ''} empty={mediaUrl ? undefined : noClip} />
      {mediaUrl && <ClipTimeline controller={controller} src={mediaUrl} fps={fps} tracks={[{ id: 'refs', label: 'refs', name: 'Visual references track', ranges: refRanges(visualRefs, fps, selectedRef, onSelectRef) }]} />}
      <ul className="visual-refs" aria-label="Visual references" data-testid="replay-visual-refs">
        {visualRefs.map((ref) => {
          const frames = refFrames(ref, fps);
          return (
            <li key={ref.id} className={ref.id === evidenceRef ? 'evidence' : undefined}>
              {frames ? (
                <button type="button" className="link-button" onClick={() => onSelectRef(ref)} title="Show the first frame and select the range">
                  f{frames.first}–{frames.last}
                </button>
              ) : (
                <span className="muted">(no time)</span>
              )}{' '}
              “{ref.description}” → <strong>{ref.entity}</strong>
              {ref.id === evidenceRef ? <span className="pill evidence-pill">evidence</span> : null}
            </li>
          );
        })}
        {visualRefs.length === 0 ? <li className="muted">No visual references.</li> : null}
      </ul>
    </div>
  );
}
