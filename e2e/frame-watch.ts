// Frame figures for the on-demand scale benchmarks: the longest gap between animation frames, the
// longest long task and the longest animation frame, per phase (renderer-profile.ts says where the
// time went).
import type { Page } from '@playwright/test';

export interface FrameFigures {
  gap: number;
  longTask: number;
  /** performance.now() when the longest long task began (0: none). */
  longTaskAt: number;
  /** The longest animation frame over 50 ms (Long Animation Frames API), told as what it held; '' if none. */
  longFrame: string;
}

interface FrameWatch extends Omit<FrameFigures, 'longFrame'> {
  /** performance.now() when the watch was last reset. */
  since: number;
  longFrame: { duration: number; text: string } | null;
}

/** The parts of a PerformanceLongAnimationFrameTiming entry read here. */
interface LongFrameEntry extends PerformanceEntry {
  blockingDuration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: { invokerType: string; invoker: string; sourceFunctionName: string; duration: number; forcedStyleAndLayoutDuration: number }[];
}

/**
 * Installs the watch in every document the page loads. Until `startSelector` matches, the figures
 * keep resetting (so a phase starts when, say, the first row is shown, not at page load).
 */
export async function installFrameWatch(page: Page, startSelector: string): Promise<void> {
  await page.addInitScript((selector: string) => {
    const w = window as unknown as { frameWatch: FrameWatch };
    w.frameWatch = { gap: 0, longTask: 0, longTaskAt: 0, longFrame: null, since: performance.now() };
    let last = performance.now();
    let started = false;
    const tick = (now: number) => {
      if (!started && document.querySelector(selector)) started = true;
      if (started) w.frameWatch.gap = Math.max(w.frameWatch.gap, now - last);
      else w.frameWatch = { gap: 0, longTask: 0, longTaskAt: 0, longFrame: null, since: now };
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (started && entry.startTime >= w.frameWatch.since && entry.duration > w.frameWatch.longTask) {
          w.frameWatch.longTask = entry.duration;
          w.frameWatch.longTaskAt = entry.startTime;
        }
    }).observe({ type: 'longtask', buffered: false });
    // What the longest frame held: its scripts (what ran them), and its rendering (style, layout, paint).
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LongFrameEntry[]) {
        if (!started || entry.startTime < w.frameWatch.since || entry.duration <= (w.frameWatch.longFrame?.duration ?? 0)) continue;
        const end = entry.startTime + entry.duration;
        const scripts = [...entry.scripts].sort((a, b) => b.duration - a.duration);
        const scriptMs = scripts.reduce((sum, script) => sum + script.duration, 0);
        const top = scripts
          .slice(0, 3)
          .map((script) => `${script.invokerType} ${script.invoker || script.sourceFunctionName} ${script.duration.toFixed(0)}${script.forcedStyleAndLayoutDuration > 1 ? ` (forced layout ${script.forcedStyleAndLayoutDuration.toFixed(0)})` : ''}`)
          .join('; ');
        const rendering = entry.renderStart > 0 ? end - entry.renderStart : 0;
        const styleAndLayout = entry.styleAndLayoutStart > 0 ? end - entry.styleAndLayoutStart : 0;
        const text =
          `${entry.duration.toFixed(0)} ms frame at ${entry.startTime.toFixed(0)}: scripts ${scriptMs.toFixed(0)} ms${top ? ` [${top}]` : ''}, ` +
          `rendering ${rendering.toFixed(0)} ms (style and layout ${styleAndLayout.toFixed(0)}), the rest ${(entry.duration - scriptMs - rendering).toFixed(0)} ms`;
        w.frameWatch.longFrame = { duration: entry.duration, text };
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
  }, startSelector);
}

/** The figures since the last reset, and a reset. */
export async function takeFrameFigures(page: Page): Promise<FrameFigures> {
  // Two frames first, so a long task that has just ended has reached the observer.
  return page.evaluate(
    () =>
      new Promise<FrameFigures>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const w = window as unknown as { frameWatch: FrameWatch };
            const { gap, longTask, longTaskAt, longFrame } = w.frameWatch;
            w.frameWatch = { gap: 0, longTask: 0, longTaskAt: 0, longFrame: null, since: performance.now() };
            resolve({ gap, longTask, longTaskAt, longFrame: longFrame?.text ?? '' });
          }),
        ),
      ),
  );
}

export const formatFrames = (f: FrameFigures) => `${f.gap.toFixed(0)}/${f.longTask.toFixed(0)} ms`;
