// Thumbnails for the timeline's filmstrip, drawn from a second, hidden <video> so the player is
// never disturbed. Frames are taken in the middle of each slot, one seek at a time.
import { frameSeekTime } from '../../../shared/frames/frames';
import { crossOriginFor } from './clipCache';

export interface Thumbnail {
  frame: number;
  url: string;
}

function nextFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, 500);
    video.requestVideoFrameCallback(() => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}

/** Draws `count` thumbnails `height` px high; stops early when `signal` aborts. */
export async function makeFilmstrip(
  src: string,
  frames: number[],
  fps: number,
  height: number,
  signal: AbortSignal,
  onThumbnail: (thumbnail: Thumbnail) => void,
): Promise<void> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.crossOrigin = crossOriginFor(src);
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
      const presented = nextFrame(video);
      video.currentTime = frameSeekTime(frame, fps);
      await presented;
      context.drawImage(video, 0, 0, width, height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7));
      if (blob && !signal.aborted) onThumbnail({ frame, url: URL.createObjectURL(blob) });
    }
  } catch {
    // No filmstrip for a clip that does not play; the player shows the placeholder.
  } finally {
    video.removeAttribute('src');
    video.load();
  }
}
