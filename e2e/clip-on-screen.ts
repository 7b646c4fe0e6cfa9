// What the Annotate clip shows, read in the page: the sample clips burn their frame index into
// every frame (make-sample/render.ts), so a test can tell which frame is on screen.
import type { Page } from '@playwright/test';
import { INDEX_BOX, frameIndexBitmap } from '../src-main/scripts/make-sample/render';

/** The index box of the frame the <video> shows, as RGB24 (read through a canvas). */
export async function videoIndexBox(page: Page): Promise<number[]> {
  return page.evaluate((box) => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="video-player"] video')!;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(video, 0, 0);
    const rgba = context.getImageData(box.x, box.y, box.w, box.h).data;
    const rgb: number[] = [];
    for (let i = 0; i < rgba.length; i += 4) rgb.push(rgba[i], rgba[i + 1], rgba[i + 2]);
    return rgb;
  }, INDEX_BOX);
}

/** Which frame index the clip shows: the reference bitmap (drawn as the generator draws it) nearest to the pixels. */
export function readBurnedIndex(pixels: number[], around: number): { best: number; distances: Record<number, number> } {
  const distances: Record<number, number> = {};
  let best = -1;
  for (let n = Math.max(0, around - 3); n <= around + 3; n++) {
    const reference = frameIndexBitmap(n);
    let sum = 0;
    for (let i = 0; i < reference.length; i++) sum += Math.abs(reference[i] - pixels[i]);
    distances[n] = sum / reference.length;
    if (best < 0 || distances[n] < distances[best]) best = n;
  }
  return { best, distances };
}

export interface Step {
  /** ms from the key to frame-counter showing the expected frame. */
  ms: number;
  /** What showed at that moment: the decoded frame drawn over the video (`.frame-overlay`) or the <video>. */
  surface: 'decoded frame' | 'video';
  /** The index box of it, RGB24 (read only when asked). */
  rgb: number[];
}

/**
 * Presses a key in the page and times it until frame-counter shows `expected`; with `read`, then
 * reads the index box of what is on screen at that moment (the decoded frame drawn over the video
 * while stepping, at the clip's size for the sample, else the <video>).
 */
export async function step(page: Page, key: string, expected: number, read = false): Promise<Step> {
  return page.evaluate(
    ({ key, expected, read, box }) =>
      new Promise<Step>((resolve, reject) => {
        const element = document.querySelector('[data-testid="frame-counter"]')!;
        const started = performance.now();
        const onScreen = (ms: number): Step => {
          const overlay = document.querySelector<HTMLCanvasElement>('[data-testid="video-player"] .frame-overlay:not([hidden])');
          const surface = overlay ? 'decoded frame' : 'video';
          if (!read) return { ms, surface, rgb: [] };
          const video = document.querySelector<HTMLVideoElement>('[data-testid="video-player"] video')!;
          const canvas = document.createElement('canvas');
          canvas.width = video.videoWidth;
          canvas.height = video.videoHeight;
          const context = canvas.getContext('2d', { willReadFrequently: true })!;
          context.drawImage(overlay ?? video, 0, 0);
          const rgba = context.getImageData(box.x, box.y, box.w, box.h).data;
          const rgb: number[] = [];
          for (let i = 0; i < rgba.length; i += 4) rgb.push(rgba[i], rgba[i + 1], rgba[i + 2]);
          return { ms, surface, rgb };
        };
        const observer = new MutationObserver(() => {
          if (element.textContent !== String(expected)) return;
          observer.disconnect();
          resolve(onScreen(performance.now() - started));
        });
        observer.observe(element, { childList: true, characterData: true, subtree: true });
        setTimeout(() => {
          observer.disconnect();
          reject(new Error(`frame-counter stayed at ${element.textContent}, expected ${expected}`));
        }, 3000);
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }),
    { key, expected, read, box: INDEX_BOX },
  );
}

