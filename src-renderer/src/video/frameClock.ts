// Follows the frame a <video> actually presents, through requestVideoFrameCallback, and seeks to
// integer frames: the seek aims at the middle of the frame, and the promise settles only when
// that frame has been presented (the `seeked` event alone can come before the new frame shows).
// Frames count from the clip's first presented frame (its timeline's start), not from media time 0.
import { clipTimeline, frameAtMediaTime, mediaSeekTime, presentedFrameAt, type ClipTimeline } from '../../../shared/frames/frames';
import { traceClip } from './clipTrace';

export type FrameListener = (frame: number, mediaTime: number) => void;

/** While the <video> still seeks, how often to look again, and when to stop waiting for a frame. */
const SEEK_RECHECK_MS = 200;
const SEEK_GIVE_UP_MS = 10_000;

export class FrameClock {
  private handle = 0;
  private stopped = false;
  private waiters: { frame: number; resolve: (frame: number) => void; timer: number }[] = [];
  /** The frame of the last seek asked of the <video> (null: none since the source was set). */
  asked: number | null = null;
  /** The last presented frame and its media time (-1 before the first). */
  frame = -1;
  mediaTime = -1;

  private timeline: ClipTimeline;

  constructor(
    readonly video: HTMLVideoElement,
    fps: number,
    private readonly listener: FrameListener,
    start = 0,
  ) {
    this.timeline = clipTimeline(fps, start);
    this.schedule();
  }

  setFps(fps: number): void {
    this.timeline = clipTimeline(fps, this.timeline.start);
  }

  /**
   * When the clip's first frame is presented (media seconds): known once its packets are read,
   * which may be after that frame was presented, so the frame on screen is named again.
   */
  setStart(start: number): void {
    const timeline = clipTimeline(this.timeline.fps, start);
    if (timeline.start === this.timeline.start) return;
    this.timeline = timeline;
    if (this.mediaTime >= 0) this.presented(this.mediaTime);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.handle = this.video.requestVideoFrameCallback((_now, metadata) => {
      this.presented(metadata.mediaTime);
      this.schedule();
    });
  }

  private presented(mediaTime: number): void {
    this.mediaTime = mediaTime;
    this.frame = presentedFrameAt(this.timeline, mediaTime);
    this.listener(this.frame, mediaTime);
    const done = this.waiters.filter((waiter) => waiter.frame === this.frame);
    this.waiters = this.waiters.filter((waiter) => waiter.frame !== this.frame);
    for (const waiter of done) {
      window.clearTimeout(waiter.timer);
      waiter.resolve(this.frame);
    }
  }

  /**
   * Seeks to `frame`; resolves with the frame presented: the target, or, when no frame is
   * presented within 1 s of the seek ending, what the video's time says.
   */
  seek(frame: number): Promise<number> {
    this.asked = frame;
    const target = mediaSeekTime(this.timeline, frame);
    if (this.frame === frame && !this.video.seeking && Math.abs(this.video.currentTime - target) < 0.5 / this.timeline.fps) {
      traceClip('clock-there', frame);
      return Promise.resolve(frame);
    }
    return new Promise((resolve) => {
      const asked = performance.now();
      const waiter = { frame, resolve, timer: 0 };
      const settle = () => {
        // Still decoding (a long group of pictures, a busy machine): the old frame is on screen,
        // so the time would name a frame not shown yet. Wait on, within reason.
        if (this.video.seeking && performance.now() - asked < SEEK_GIVE_UP_MS) {
          waiter.timer = window.setTimeout(settle, SEEK_RECHECK_MS);
          return;
        }
        this.waiters = this.waiters.filter((w) => w !== waiter);
        // No new frame was presented (same frame, or a decoder that skips rVFC): trust the time.
        const shown = frameAtMediaTime(this.timeline, this.video.currentTime);
        traceClip('clock-settled', frame, shown);
        this.frame = shown;
        this.listener(shown, this.video.currentTime);
        resolve(shown);
      };
      waiter.timer = window.setTimeout(settle, 1000);
      this.waiters.push(waiter);
      this.video.currentTime = target;
    });
  }

  /** A new source: nothing presented yet (its start not known); pending seeks settle at the frame they asked for. */
  reset(): void {
    this.timeline = clipTimeline(this.timeline.fps);
    for (const waiter of this.waiters) {
      window.clearTimeout(waiter.timer);
      waiter.resolve(waiter.frame);
    }
    this.waiters = [];
    this.asked = null;
    this.frame = -1;
    this.mediaTime = -1;
  }

  dispose(): void {
    this.stopped = true;
    this.video.cancelVideoFrameCallback(this.handle);
    for (const waiter of this.waiters) window.clearTimeout(waiter.timer);
    this.waiters = [];
  }
}
