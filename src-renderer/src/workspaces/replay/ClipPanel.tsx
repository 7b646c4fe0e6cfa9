// The task's clip with its visual references, frame stepping and a placeholder when the file
// cannot be played.
import { useState, type RefObject } from 'react';
import { formatFps, formatTimecode, frameSeekTime, resolveFps, timeToFrame } from '../../../../shared/frames/frames';
import type { Task, VisualRef } from '../../../../shared/format/types';

interface Props {
  task: Task;
  mediaUrl: string | null;
  visualRefs: VisualRef[];
  /** The visual reference a perception label points at. */
  evidenceRef: string | null;
  videoRef: RefObject<HTMLVideoElement | null>;
}

export function ClipPanel({ task, mediaUrl, visualRefs, evidenceRef, videoRef }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const [time, setTime] = useState(0);
  const fps = resolveFps(task.fps);
  const frame = timeToFrame(time, fps);

  const seekFrame = (delta: number) => stepVideoFrame(videoRef.current, task.fps, delta);
  const seek = (seconds: number) => {
    const video = videoRef.current;
    if (video) video.currentTime = seconds;
    setTime(seconds);
  };

  return (
    <div className="clip-panel">
      {mediaUrl && !failed ? (
        <video
          ref={videoRef}
          className="clip"
          src={mediaUrl}
          controls
          preload="metadata"
          onError={() => setFailed(task.video)}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onSeeked={(e) => setTime(e.currentTarget.currentTime)}
        />
      ) : (
        <div className="clip-placeholder" role="img" aria-label="No clip">
          <strong>No clip</strong>
          <span className="muted">{task.video ? `${task.video} cannot be played (missing or unsupported).` : 'The task names no video.'}</span>
        </div>
      )}
      <div className="clip-controls">
        <button type="button" onClick={() => seekFrame(-1)} disabled={!!failed} title="Previous frame (,)">
          ◀ frame
        </button>
        <span className="mono" aria-label="Current frame">
          frame {frame} · {formatTimecode(frame, fps)}
        </span>
        <button type="button" onClick={() => seekFrame(1)} disabled={!!failed} title="Next frame (.)">
          frame ▶
        </button>
        <span className="muted">{formatFps(fps)} fps</span>
      </div>
      <ul className="visual-refs" aria-label="Visual references">
        {visualRefs.map((ref) => (
          <li key={ref.id} className={ref.id === evidenceRef ? 'evidence' : undefined}>
            {typeof ref.start === 'number' ? (
              <button type="button" className="link-button" onClick={() => seek(ref.start!)}>
                {ref.start.toFixed(3)}–{typeof ref.end === 'number' ? ref.end.toFixed(3) : '?'} s
              </button>
            ) : (
              <span className="muted">(no time)</span>
            )}{' '}
            “{ref.description}” → <strong>{ref.entity}</strong>
            {ref.id === evidenceRef ? <span className="pill evidence-pill">evidence</span> : null}
          </li>
        ))}
        {visualRefs.length === 0 ? <li className="muted">No visual references.</li> : null}
      </ul>
    </div>
  );
}

/** Steps the clip by frames from outside (hotkeys). */
export function stepVideoFrame(video: HTMLVideoElement | null, fpsValue: unknown, delta: number): void {
  if (!video) return;
  const fps = resolveFps(fpsValue);
  video.pause();
  video.currentTime = frameSeekTime(Math.max(0, timeToFrame(video.currentTime, fps) + delta), fps);
}
