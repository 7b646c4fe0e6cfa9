// The clip, as every workspace shows it: the frame-exact player (VideoPlayer: video.js, decoded
// frames for steps), a placeholder when the file cannot be played, and the transport: steps,
// play, the frame counter of the frame on screen, speed, go to frame or time. The owner supplies
// a controller (one per player), the source and what is particular to it (Annotate's marks).
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { formatFps, formatTimecode, frameCount, parseFrameOrTime } from '../../../shared/frames/frames';
import { playbackRates, type ClipController } from './clipController';
import { traceClip } from './clipTrace';
import { isDatasetRelativePath } from '../../../shared/format/dataset-path';
import { fileIsMissing, NOT_THERE, OUTSIDE_DATASET } from './missingClip';
import { useClipHotkeys } from './useClipHotkeys';
import { useClipState } from './useClipState';
import { VideoPlayer, type VideoHandle, type VideoMeta } from './VideoPlayer';
import './clip.css';

export interface ClipProps {
  controller: ClipController;
  src: string | null;
  /** The frame rate in use (declared, measured or the default). */
  fps: number;
  /** The rate the task declares, if any (else it is measured from the media). */
  declaredFps?: number;
  /** The clip's file as the dataset names it, for the placeholder. */
  videoName: string;
  /** Nothing to show yet (the player stays mounted so the next clip only changes its source). */
  empty?: ReactNode;
  /** More transport controls (Annotate's marks). */
  extras?: ReactNode;
  /** What the user can still do without the clip. */
  missingHint?: string;
}

export function Clip({ controller, src, fps, declaredFps, videoName, empty, extras, missingHint }: ClipProps) {
  const rate = useClipState(controller, (state) => state.rate);
  const loop = useClipState(controller, (state) => state.loop);
  const clipError = useClipState(controller, (state) => state.clipError);
  const { store } = controller;
  useEffect(() => controller.sourceChanged(), [controller, src]);
  const onMeta = useCallback((meta: VideoMeta) => controller.metaLoaded(meta, declaredFps, fps), [controller, declaredFps, fps]);
  const onFrame = useCallback(
    (frame: number) => {
      traceClip('frame', frame);
      store.setState({ frame });
    },
    [store],
  );
  const onPlaying = useCallback((playing: boolean) => store.setState({ playing }), [store]);
  const currentSrc = useRef(src);
  useEffect(() => {
    currentSrc.current = src;
  }, [src]);
  const onError = useCallback(
    (message: string) => {
      if (!isDatasetRelativePath(videoName)) {
        store.setState({ clipError: OUTSIDE_DATASET });
        return;
      }
      store.setState({ clipError: message });
      // The <video> says the same of a file that is not there and of one it cannot play: the host's
      // answer tells them apart (an imported release ships no clips).
      if (src)
        void fileIsMissing(src).then((missing) => {
          if (missing && currentSrc.current === src && store.getState().clipError === message) store.setState({ clipError: NOT_THERE });
        });
    },
    [store, src, videoName],
  );
  const onCutShort = useCallback((end: number, declared: number) => store.setState({ clipCutShort: { end, declared } }), [store]);
  const cutShort = useClipState(controller, (state) => state.clipCutShort);
  // Ref callbacks of their own, so that the controller itself is never taken for a ref.
  const hostRef = useCallback((element: HTMLDivElement | null) => controller.setHost(element), [controller]);
  const playerRef = useCallback((handle: VideoHandle | null) => controller.attach(handle), [controller]);
  const shown = empty === undefined;
  // A file that ends right after its header has no frame to show: the <video> reports no error and stays black.
  const unavailable =
    clipError ?? (cutShort && frameCount(cutShort.end, fps) === 0 ? `The file ends after its header: none of the ${cutShort.declared} s it declares is there (a copy broken off? copy the file again).` : null);
  useClipHotkeys(controller);
  // A loop switched on (Annotate's L) plays; one already on when the clip mounts is left as it is.
  const loopBefore = useRef(loop);
  useEffect(() => {
    if (loop && loop !== loopBefore.current) controller.loopStarted(loop);
    loopBefore.current = loop;
  }, [controller, loop]);

  return (
    <section className={shown ? 'clip-pane' : 'clip-pane empty muted'}>
      {!shown && empty}
      <div className="video-frame" data-testid="video-player" hidden={!shown} ref={hostRef}>
        <VideoPlayer ref={playerRef} src={src} fps={fps} rate={rate} loop={loop} onFrame={onFrame} onMeta={onMeta} onShown={controller.shownNow} onPlayingChange={onPlaying} onError={onError} onCutShort={onCutShort} />
        {shown && unavailable && (
          <div className="clip-missing" data-testid="clip-missing" role="status">
            <strong>Clip not available</strong>
            <span>{videoName}</span>
            <span className="muted">{unavailable}</span>
            {missingHint && <span className="muted">{missingHint}</span>}
          </div>
        )}
      </div>
      {shown && cutShort && !unavailable && (
        <p className="clip-cut-short" data-testid="clip-cut-short" role="status">
          <strong>{videoName} is cut short:</strong> it breaks off near frame {frameCount(cutShort.end, fps) - 1} ({formatTimecode(frameCount(cutShort.end, fps), fps)}),
          well before the {cutShort.declared} s it declares (a copy broken off?). Past that the clip shows the last frame it has: copy the file again.
        </p>
      )}
      {shown && <Transport controller={controller} fps={fps} extras={extras} />}
    </section>
  );
}

/** Play/pause, speed, steps, the counter and go to frame or time. */
function Transport({ controller, fps, extras }: { controller: ClipController; fps: number; extras?: ReactNode }) {
  const frame = useClipState(controller, (state) => state.frame);
  const total = useClipState(controller, (state) => state.frameCount);
  const playing = useClipState(controller, (state) => state.playing);
  const rate = useClipState(controller, (state) => state.rate);
  const [goto, setGoto] = useState('');
  const [gotoError, setGotoError] = useState<string | null>(null);
  const gotoErrorId = useId();
  const { stepFrames } = controller;
  return (
    <div className="transport" role="toolbar" aria-label="Clip controls">
      <button type="button" onClick={() => void stepFrames(-10)} title="Back ten frames (C)">
        −10
      </button>
      <button type="button" onClick={() => void stepFrames(-1)} title="Back one frame (D)">
        −1
      </button>
      <button type="button" className="primary" onClick={controller.togglePlay} title="Play or pause (Space)" data-testid="play-toggle">
        {playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" onClick={() => void stepFrames(1)} title="Forward one frame (F)">
        +1
      </button>
      <button type="button" onClick={() => void stepFrames(10)} title="Forward ten frames (V)">
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
      <form
        className="goto"
        onSubmit={(event) => {
          event.preventDefault();
          const target = parseFrameOrTime(goto, fps);
          setGotoError(gotoProblem(goto, target, total));
          if (target !== null && (total === 0 || target < total)) void controller.seekFrame(target);
        }}
      >
        <input
          aria-label="Go to frame or time"
          placeholder="frame, 00:00:04:12, 4.5s"
          value={goto}
          onChange={(event) => {
            setGoto(event.target.value);
            setGotoError(null);
          }}
          size={10}
          aria-invalid={gotoError !== null}
          aria-describedby={gotoError ? gotoErrorId : undefined}
          data-testid="goto-frame"
        />
        {gotoError && (
          <span className="goto-error" id={gotoErrorId} role="alert" data-testid="goto-error">
            {gotoError}
          </span>
        )}
      </form>
      {extras}
      <CopyFrame controller={controller} />
    </div>
  );
}

/** Copy the frame on screen to the clipboard as a PNG, and what came of the last copy. */
function CopyFrame({ controller }: { controller: ClipController }) {
  const copied = useSyncExternalStore(controller.onCopied, () => controller.copied);
  return (
    <span className="copy-frame">
      <button type="button" onClick={() => void controller.copyFrame()} title="Copy the frame on screen as a PNG image (Shift+C)" data-testid="copy-frame">
        Copy frame
      </button>
      <span className="muted" role="status" data-testid="copy-frame-status" data-ok={copied?.ok}>
        {copied === null ? '' : copied.ok ? `frame ${copied.frame} copied as PNG` : `not copied: ${copied.message}`}
      </span>
    </span>
  );
}

/** Why "Go to" cannot go where it was asked (text it cannot read, a frame past the clip's end), or null. */
export function gotoProblem(text: string, target: number | null, total: number): string | null {
  if (text.trim() === '') return null;
  if (target === null) return `Not a frame or time: use 120, 00:00:04:12 or 4.5s`;
  if (total > 0 && target >= total) return `Past the end: the last frame is ${total - 1}`;
  return null;
}
