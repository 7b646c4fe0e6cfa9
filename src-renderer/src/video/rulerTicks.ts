// The timeline ruler's second marks: a nice step ("1, 2, 5" times a power of ten, or a minute's
// parts) so that about a dozen marks show per screen width whatever the clip's length and rate.
// A task's fps is the dataset's word (any positive number, SPEC §4): 1e-7 made a 20 s clip last
// 2e8 seconds and the ruler tried to draw a mark for each one, which hung the page.

/** Marks per screen width at most (times the zoom for the whole ruler). */
const MARKS_PER_WIDTH = 12;
const STEPS_BELOW_TEN = [1, 2, 5];
const MINUTE_STEPS = [1, 2, 5, 10, 15, 30, 60];

/** The smallest nice step of at least `least` seconds. */
export function niceStep(least: number): number {
  if (!(least > 1)) return 1;
  if (least <= 60) return MINUTE_STEPS.find((step) => step >= least) ?? 60;
  const power = 10 ** Math.floor(Math.log10(least));
  const step = STEPS_BELOW_TEN.map((s) => s * power).find((s) => s >= least);
  return step ?? 10 * power;
}

/** The seconds to mark on a ruler of `frames` frames at `fps`, zoomed `zoom` times; never more than MARKS_PER_WIDTH x zoom + 1. */
export function rulerSeconds(frames: number, fps: number, zoom: number): number[] {
  const seconds = frames / fps;
  if (!Number.isFinite(seconds) || seconds <= 0) return [0];
  const step = niceStep(seconds / (MARKS_PER_WIDTH * Math.max(1, zoom)));
  const count = Math.floor(seconds / step);
  if (!Number.isFinite(count) || count > 10_000) return [0];
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}
