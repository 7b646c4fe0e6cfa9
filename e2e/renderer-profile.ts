// The renderer's CPU profile for the on-demand scale benchmarks (STUDIO_E2E_PROFILE): self time by
// function and the busy stretches, so a benchmark line comes with where the time went.
import { writeFile } from 'node:fs/promises';
import type { CDPSession, Page } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Busier stretches than this (no idle sample between) are listed with where their time went. */
const BUSY_MS = 40;

const frameName = (frame: ProfileNode['callFrame']) => `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;

/**
 * The stretches of the profile with no idle sample for over BUSY_MS (a long task, or tasks back to
 * back with no frame between): when (ms from the profile's start), how long, and the heaviest
 * stacks in them, so a long task can be told from the work around it.
 */
function busyStretches(nodes: Map<number, ProfileNode>, samples: number[], deltas: number[]): string[] {
  const parent = new Map<number, number>();
  for (const node of nodes.values()) for (const child of node.children ?? []) parent.set(child, node.id);
  const stack = (id: number) => {
    const names: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nodes.get(at)!.callFrame.functionName;
      if (name !== '(root)') names.push(frameName(nodes.get(at)!.callFrame));
    }
    // Innermost 4 frames and the outermost 2: what ran, and which task it was part of.
    return names.length <= 6 ? names.join(' < ') : `${names.slice(0, 4).join(' < ')} < ... < ${names.slice(-2).join(' < ')}`;
  };
  const out: string[] = [];
  let time = 0;
  let start = -1;
  const stretch = new Map<string, number>();
  const close = (end: number) => {
    if (start >= 0 && end - start > BUSY_MS) {
      const heaviest = [...stretch.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
      out.push(`  busy ${(end - start).toFixed(0)} ms at +${start.toFixed(0)} ms:\n${heaviest.map(([s, ms]) => `      ${ms.toFixed(0).padStart(4)} ms  ${s}`).join('\n')}`);
    }
    start = -1;
    stretch.clear();
  };
  samples.forEach((id, i) => {
    const ms = (deltas[i + 1] ?? 0) / 1000;
    if (nodes.get(id)!.callFrame.functionName === '(idle)') close(time);
    else {
      if (start < 0) start = time;
      const key = stack(id);
      stretch.set(key, (stretch.get(key) ?? 0) + ms);
    }
    time += ms;
  });
  close(time);
  return out;
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
      const name = frameName(frame);
      self.set(name, (self.get(name) ?? 0) + ms);
      if (!/^\((idle|program|garbage collector)\)/.test(frame.functionName)) total += ms;
    });
    const top = [...self.entries()]
      .filter(([name]) => !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([name, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
    const busy = busyStretches(nodes, profile.samples ?? [], deltas);
    const stretches = busy.length > 0 ? `\nno idle sample for over ${BUSY_MS} ms (heaviest stacks, innermost first):\n${busy.join('\n')}` : '';
    return `renderer CPU profile (self time; ${total.toFixed(0)} ms in JS):\n${top.join('\n')}${stretches}`;
  };
}
