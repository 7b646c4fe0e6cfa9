// Thumbnails for the timeline's filmstrip, drawn from a second, hidden <video> so the player is
// never disturbed. Frames are taken in the middle of each slot, one seek at a time; a thumbnail is
// drawn once the frame asked for is presented (requestVideoFrameCallback, its media time read on
// the clip's timeline), not on the first presentation after the seek, which can be the frame the
// seek left (the previous slot's picture under this slot's frame: a review).
import { mediaSeekTime, presentedFrameAt, type ClipTimeline } from '../../../shared/frames/frames';
import { crossOriginFor } from './clipCache';

export interface Thumbnail {
  frame: number;
  url: string;
}

/** How long a thumbnail waits for its frame to be presented before it draws what the video shows. */
const FRAME_WAIT_MS = 2000;

/** The filmstrip's <video>, seeked to frames, with what it last presented. */
class StripVideo {
  /** The frame last presented (-1: none yet). */
  private shown = -1;
  private handle = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly video: HTMLVideoElement,
    private readonly timeline: ClipTimeline,
  ) {
    const watch = () => {
      this.handle = video.requestVideoFrameCallback((_now, metadata) => {
        this.shown = presentedFrameAt(this.timeline, metadata.mediaTime);
        for (const listener of [...this.listeners]) listener();
        watch();
      });
    };
    watch();
  }

  /**
   * Seeks to `frame`; true once it is presented: by a presentation of that frame, or, when it was on
   * screen already (no new presentation comes), at the seek's end. After `maxWaitMs`, true when the
   * seek has ended (the element then draws its new frame), false while it still seeks.
   */
  show(frame: number, maxWaitMs = FRAME_WAIT_MS): Promise<boolean> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.shown === frame) done(true);
      };
      const done = (presented: boolean) => {
        window.clearTimeout(timer);
        this.listeners.delete(check);
        this.video.removeEventListener('seeked', check);
        resolve(presented);
      };
      const timer = window.setTimeout(() => done(!this.video.seeking), maxWaitMs);
      this.listeners.add(check);
      this.video.addEventListener('seeked', check);
      this.video.currentTime = mediaSeekTime(this.timeline, frame);
    });
  }

  dispose(): void {
    this.video.cancelVideoFrameCallback(this.handle);
    this.listeners.clear();
  }
}

/** Draws `count` thumbnails `height` px high; stops early when `signal` aborts. */
export async function makeFilmstrip(
  src: string,
  frames: number[],
  timeline: ClipTimeline,
  height: number,
  signal: AbortSignal,
  onThumbnail: (thumbnail: Thumbnail) => void,
): Promise<void> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.crossOrigin = crossOriginFor(src);
  const strip = new StripVideo(video, timeline);
  video.src = src;
  try {
    await new Promise<void>((resolve, reject) => {
      video.addEventListener('loadeddata', () => resolve(), { once: true });
      video.addEventListener('error', () => reject(new Error('unplayable')), { once: true });
    });
    const width = Math.round((video.videoWidth / Math.max(1, video.videoHeight)) * height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return;
    for (const frame of frames) {
      if (signal.aborted) return;
      // A slot whose frame did not come in time stays empty rather than show another frame.
      if (!(await strip.show(frame))) continue;
      context.drawImage(video, 0, 0, width, height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7));
      if (blob && !signal.aborted) onThumbnail({ frame, url: URL.createObjectURL(blob) });
    }
  } catch {
    // No filmstrip for a clip that does not play; the player shows the placeholder.
  } finally {
    strip.dispose();
    video.removeAttribute('src');
    video.load();
  }
}
