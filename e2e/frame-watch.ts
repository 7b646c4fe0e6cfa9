// Frame figures for the on-demand scale benchmarks: the longest gap between animation frames and
// the longest long task, per phase, and (STUDIO_E2E_PROFILE=1) the renderer's CPU profile summed
// by function, so a benchmark line comes with where the time went.
import { writeFile } from 'node:fs/promises';
import type { CDPSession, Page } from '@playwright/test';

export interface FrameFigures {
  gap: number;
  longTask: number;
}

interface FrameWatch extends FrameFigures {
  /** performance.now() when the watch was last reset. */
  since: number;
}

/**
 * Installs the watch in every document the page loads. Until `startSelector` matches, the figures
 * keep resetting (so a phase starts when, say, the first row is shown, not at page load).
 */
export async function installFrameWatch(page: Page, startSelector: string): Promise<void> {
  await page.addInitScript((selector: string) => {
    const w = window as unknown as { frameWatch: FrameWatch };
    w.frameWatch = { gap: 0, longTask: 0, since: performance.now() };
    let last = performance.now();
    let started = false;
    const tick = (now: number) => {
      if (!started && document.querySelector(selector)) started = true;
      if (started) w.frameWatch.gap = Math.max(w.frameWatch.gap, now - last);
      else w.frameWatch = { gap: 0, longTask: 0, since: now };
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (started && entry.startTime >= w.frameWatch.since) w.frameWatch.longTask = Math.max(w.frameWatch.longTask, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
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
            const { gap, longTask } = w.frameWatch;
            w.frameWatch = { gap: 0, longTask: 0, since: performance.now() };
            resolve({ gap, longTask });
          }),
        ),
      ),
  );
}

export const formatFrames = (f: FrameFigures) => `${f.gap.toFixed(0)}/${f.longTask.toFixed(0)} ms`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/**
 * Starts the renderer's sampling profiler when STUDIO_E2E_PROFILE is set (1, or a file to write the
 * .cpuprofile to, its name followed by `fileSuffix`); the stop gives its top entries.
 */
export async function startProfile(page: Page, fileSuffix = ''): Promise<(() => Promise<string>) | null> {
  const target = process.env.STUDIO_E2E_PROFILE;
  if (!target) return null;
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    if (target !== '1') await writeFile(target + fileSuffix, JSON.stringify(profile));
    const nodes = new Map<number, ProfileNode>(profile.nodes.map((n) => [n.id, n as ProfileNode]));
    const self = new Map<string, number>();
    let total = 0;
    const deltas = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      const frame = nodes.get(id)!.callFrame;
      const ms = (deltas[i + 1] ?? 0) / 1000;
      const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;
      self.set(name, (self.get(name) ?? 0) + ms);
      if (!/^\((idle|program|garbage collector)\)/.test(frame.functionName)) total += ms;
    });
    const top = [...self.entries()]
      .filter(([name]) => !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([name, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
    return `renderer CPU profile (self time; ${total.toFixed(0)} ms in JS):\n${top.join('\n')}`;
  };
}
