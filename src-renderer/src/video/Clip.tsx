// The clip, as every workspace shows it: the frame-exact player (VideoPlayer: video.js, decoded
// frames for steps), a placeholder when the file cannot be played, and the transport: steps,
// play, the frame counter of the frame on screen, speed, go to frame or time. The owner supplies
// a controller (one per player), the source and what is particular to it (Annotate's marks).
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import type { ClipController } from './clipController';
import { ClipUnavailable, CutShortNotice, FrameCountNotice, frameCountMismatch, RateMismatchNotice, rateMismatch, unavailableReason } from './ClipNotices';
import { Transport } from './Transport';
import { useClipHotkeys } from './useClipHotkeys';
import { useClipState } from './useClipState';
import { usePlayerReports } from './usePlayerReports';
import { VideoPlayer } from './VideoPlayer';
import type { VideoHandle } from './videoPlayerTypes';
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
  useEffect(() => controller.sourceChanged(), [controller, src]);
  const reports = usePlayerReports(controller, src, videoName, declaredFps, fps);
  const cutShort = useClipState(controller, (state) => state.clipCutShort);
  const packetFps = useClipState(controller, (state) => state.clipPacketFps);
  const mismatch = rateMismatch(declaredFps, packetFps);
  const frameCount = useClipState(controller, (state) => state.frameCount);
  const fileFrames = useClipState(controller, (state) => state.clipFileFrames);
  // Ref callbacks of their own, so that the controller itself is never taken for a ref.
  const hostRef = useCallback((element: HTMLDivElement | null) => controller.setHost(element), [controller]);
  const playerRef = useCallback((handle: VideoHandle | null) => controller.attach(handle), [controller]);
  const shown = empty === undefined;
  const unavailable = unavailableReason(clipError, cutShort, fps);
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
        <VideoPlayer ref={playerRef} src={src} fps={fps} readsRate={!declaredFps} rate={rate} loop={loop} onShown={controller.shownNow} {...reports} />
        {shown && unavailable && <ClipUnavailable videoName={videoName} reason={unavailable} hint={missingHint} />}
      </div>
      {shown && cutShort && !unavailable && <CutShortNotice videoName={videoName} cutShort={cutShort} fps={fps} />}
      {shown && mismatch !== null && declaredFps && !unavailable && <RateMismatchNotice videoName={videoName} declaredFps={declaredFps} packetFps={mismatch} />}
      {shown && !cutShort && mismatch === null && !unavailable && fileFrames !== null && frameCountMismatch(frameCount, fileFrames) && (
        <FrameCountNotice videoName={videoName} counted={frameCount} fileFrames={fileFrames} fps={fps} />
      )}
      {shown && <Transport controller={controller} fps={fps} extras={extras} />}
    </section>
  );
}
