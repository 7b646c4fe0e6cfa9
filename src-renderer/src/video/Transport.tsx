// The clip's transport: steps, play, the frame counter of the frame on screen, speed, go to frame
// or time, the owner's extras (Annotate's marks) and copying the frame.
import type { ReactNode } from 'react';
import { formatFps, formatTimecode } from '../../../shared/frames/frames';
import { playbackRates, type ClipController } from './clipController';
import { CopyFrame } from './CopyFrame';
import { GoToFrame } from './GoToFrame';
import { useClipState } from './useClipState';

/** Play/pause, speed, steps, the counter and go to frame or time. */
export function Transport({ controller, fps, extras }: { controller: ClipController; fps: number; extras?: ReactNode }) {
  const frame = useClipState(controller, (state) => state.frame);
  const total = useClipState(controller, (state) => state.frameCount);
  const playing = useClipState(controller, (state) => state.playing);
  const rate = useClipState(controller, (state) => state.rate);
  // A clip that cannot be shown (the placeholder says why) has no frame to step to, play or copy.
  const noClip = useClipState(controller, (state) => state.clipError !== null);
  const { stepFrames } = controller;
  return (
    <div className="transport" role="toolbar" aria-label="Clip controls">
      <button type="button" disabled={noClip} onClick={() => void stepFrames(-10)} title="Back ten frames (C)">
        −10
      </button>
      <button type="button" disabled={noClip} onClick={() => void stepFrames(-1)} title="Back one frame (D)">
        −1
      </button>
      <button type="button" className="primary" disabled={noClip} onClick={controller.togglePlay} title="Play or pause (Space)" data-testid="play-toggle">
        {playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" disabled={noClip} onClick={() => void stepFrames(1)} title="Forward one frame (F)">
        +1
      </button>
      <button type="button" disabled={noClip} onClick={() => void stepFrames(10)} title="Forward ten frames (V)">
        +10
      </button>
      <span className="frame-counter" title="Frame on screen: while stepping, a decoded frame; once the steps pause, the video presents the same frame (checked with requestVideoFrameCallback)">
        frame <span data-testid="frame-counter">{frame}</span>
        <span className="muted"> / {total > 0 ? total - 1 : '–'}</span>
        <span className="muted timecode" data-testid="timecode" title="SMPTE timecode, non-drop: hours:minutes:seconds:frame">
          {' '}
          {formatTimecode(frame, fps)}
        </span>
        <span className="muted" data-testid="clip-fps">
          {' '}
          · {formatFps(fps)} fps
        </span>
      </span>
      <label className="speed">
        Speed
        <select aria-label="Playback speed" value={rate} onChange={(event) => controller.store.setState({ rate: Number(event.target.value) })}>
          {playbackRates.map((value) => (
            <option key={value} value={value}>
              {value}×
            </option>
          ))}
        </select>
      </label>
      <GoToFrame controller={controller} fps={fps} total={total} disabled={noClip} />
      {extras}
      <CopyFrame controller={controller} disabled={noClip} />
    </div>
  );
}
