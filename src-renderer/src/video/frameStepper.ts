// Frame steps from decoded frames: while paused, a step to a frame the cache holds draws it on a
// canvas over the <video> at once and reports it; the <video> is seeked to the same frame once
// the steps pause, and the canvas is removed when the video presents that frame
// (requestVideoFrameCallback). Until then the counter follows the canvas, not the video's stale
// presentations. A frame the cache does not hold is a plain <video> seek, as without the cache.
import { clipFrameCount, type ClipTimeline } from '../../../shared/frames/frames';
import { FrameCache } from './frameCache';
import type { FrameClock } from './frameClock';
import { traceClip } from './clipTrace';

/** What the stepper needs of the frame cache (a test gives its own). */
export type StepCache = Pick<FrameCache, 'want' | 'getSoon' | 'dispose'>;
/** What the stepper needs of the clock. */
export type StepClock = Pick<FrameClock, 'frame' | 'seek' | 'asked'> & { video: Pick<HTMLVideoElement, 'paused'> };

/** Quiet time after the last step before the <video> is brought to the shown frame. */
const SYNC_DELAY_MS = 150;
/** How long a step waits for a frame the decoder is about to produce before seeking the <video>. */
const DECODE_WAIT_MS = 120;

export class FrameStepper {
  private cache: StepCache | null = null;
  private readonly canvas: HTMLCanvasElement;
  /** The frame the canvas shows (null: the <video> shows itself). */
  private shownFrame: number | null = null;
  /** A frame asked of the <video> while the canvas still shows an older one. */
  private pending: number | null = null;
  private syncTimer = 0;
  /**
   * Numbers the seeks: only the latest one draws or reports. A <video> seek answered after a later
   * step is stale even when that step shows the same frame number again (a sync of 148 that ends
   * at 138 after the steps 148, 138, 148 must not report 138 and drop the newer sync).
   */
  private ticket = 0;

  constructor(
    container: HTMLElement,
    private readonly clock: () => StepClock | null,
    /** Reports the frame now on screen (the counter). */
    private readonly report: (frame: number) => void,
    private readonly openCache: (blob: Blob, timeline: ClipTimeline, frameCount: number) => StepCache = (blob, timeline, count) => FrameCache.open(blob, timeline, count),
  ) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'frame-overlay';
    this.canvas.hidden = true;
    container.appendChild(this.canvas);
  }

  /** Decodes frames of this clip from now on (its first frame has been shown); `duration` is the <video>'s. */
  attach(blob: Blob, timeline: ClipTimeline, duration: number): void {
    this.detach();
    this.cache = this.openCache(blob, timeline, clipFrameCount(timeline, duration));
    this.cache.want(this.clock()?.frame ?? 0);
  }

  /** Another clip (or none): drop the decoded frames and show the <video>. */
  detach(): void {
    this.cache?.dispose();
    this.cache = null;
    this.hide();
  }

  async seek(frame: number): Promise<number> {
    const clock = this.clock();
    if (!clock) return frame;
    const ticket = ++this.ticket;
    this.cache?.want(frame);
    const bitmap = clock.video.paused ? await this.cache?.getSoon(frame, DECODE_WAIT_MS) : undefined;
    traceClip('stepper', frame, ticket, this.ticket, bitmap !== undefined, this.shownFrame, this.pending);
    // A later step came while this one waited for its frame: that one shows.
    if (ticket !== this.ticket) return frame;
    if (bitmap) {
      this.draw(frame, bitmap);
      this.report(frame);
      window.clearTimeout(this.syncTimer);
      this.syncTimer = window.setTimeout(() => void this.sync(), SYNC_DELAY_MS);
      return frame;
    }
    if (this.shownFrame !== null) this.pending = frame;
    return clock.seek(frame).then((presented) => {
      if (ticket === this.ticket && this.pending === frame) {
        this.hide();
        this.report(presented);
      }
      return presented;
    });
  }

  /**
   * The <video> presented `frame`: whether the counter takes it. Not while the canvas shows
   * another, nor a presentation of an older seek than the <video>'s last (steps 148, 138, 148: the
   * first 148's seek may present after the second 148 is drawn, while the seek to 138 is still
   * on its way; taking it would remove the canvas and let 138 land after it).
   */
  presented(frame: number, playing: boolean): boolean {
    traceClip('presented', frame, playing, this.shownFrame, this.pending, this.clock()?.asked);
    if (this.shownFrame === null) return true;
    if (!playing && (frame !== (this.pending ?? this.shownFrame) || this.clock()?.asked !== frame)) return false;
    this.hide();
    return true;
  }

  /** Brings the <video> to the frame the canvas shows (before playing from it). */
  async sync(): Promise<void> {
    window.clearTimeout(this.syncTimer);
    const frame = this.shownFrame;
    const clock = this.clock();
    if (frame === null || this.pending !== null || !clock) return;
    const ticket = this.ticket;
    const presented = await clock.seek(frame);
    traceClip('synced', frame, presented, ticket, this.ticket, this.shownFrame, this.pending);
    // A step came meanwhile: it draws or seeks for itself (and syncs again if it draws).
    if (ticket !== this.ticket || this.shownFrame !== frame || this.pending !== null) return;
    // The frame is presented (presented() removed the canvas), or the video settled elsewhere:
    // then the video is right by requestVideoFrameCallback, and says so.
    if (presented !== frame) console.warn(`frame cache: decoded frame ${frame}, the video presents ${presented}`);
    this.hide();
    this.report(presented);
  }

  private draw(frame: number, bitmap: ImageBitmap): void {
    if (this.canvas.width !== bitmap.width || this.canvas.height !== bitmap.height) {
      this.canvas.width = bitmap.width;
      this.canvas.height = bitmap.height;
    }
    this.canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    this.canvas.hidden = false;
    this.shownFrame = frame;
    this.pending = null;
  }

  private hide(): void {
    window.clearTimeout(this.syncTimer);
    this.canvas.hidden = true;
    this.shownFrame = null;
    this.pending = null;
  }

  dispose(): void {
    this.detach();
    this.canvas.remove();
  }
}
