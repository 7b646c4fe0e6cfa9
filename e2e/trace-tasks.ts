// A Chromium trace for the on-demand scale benchmarks (STUDIO_E2E_TRACE=FILE): the renderer main
// thread's long tasks with what they held, which a CPU profile only shows as "(program)".
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; message?: string } };
}

/** Long tasks shorter than this are not listed from a trace. */
const TRACE_TASK_MS = 50;

/**
 * Records a Chromium trace of the page (renderer timeline and V8 categories) when STUDIO_E2E_TRACE
 * names a file (its name followed by `fileSuffix`; open it in chrome://tracing or Perfetto); the stop
 * lists the renderer main thread's tasks over 50 ms, each with its events' self time by name, which a
 * CPU profile shows only as "(program)" (style, layout, paint, message decoding, GC).
 */
export async function startTrace(page: Page, fileSuffix = ''): Promise<(() => Promise<string>) | null> {
  const target = process.env.STUDIO_E2E_TRACE;
  const browser = page.context().browser();
  if (!target || !browser) return null;
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'toplevel'];
  await browser.startTracing(page, { categories });
  const started = Date.now();
  return async () => {
    const buffer = await browser.stopTracing();
    await writeFile(target + fileSuffix, buffer);
    const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    // The page's renderer main thread: of the renderers' main threads, the busiest.
    const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const eventsOf = (thread: TraceEvent) => events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined);
    const [own = [], main] = mains.map((thread) => [eventsOf(thread), thread] as const).sort((a, b) => b[0].length - a[0].length)[0] ?? [];
    if (!main) return 'trace: no renderer main thread';
    own.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const origin = own[0]?.ts ?? 0;
    // console.timeStamp(message) in the page marks the trace (a TimeStamp event) to place the tasks.
    const marks = events
      .filter((e) => e.pid === main.pid && e.name === 'TimeStamp' && e.args?.data?.message)
      .map((e) => `${e.args!.data!.message} at +${((e.ts - origin) / 1000).toFixed(0)} ms`);
    const tasks = own.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
    const lines: string[] = [];
    let lastEnd = -Infinity;
    for (const task of tasks) {
      // RunTask and ThreadControllerImpl::RunTask nest: one line per task.
      if (task.dur! / 1000 < TRACE_TASK_MS || task.ts < lastEnd) continue;
      lastEnd = task.ts + task.dur!;
      const end = task.ts + task.dur!;
      const inside = own.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
      // Self time per event name: each event's duration less its direct children's.
      const self = new Map<string, number>();
      const stack: { event: TraceEvent; children: number }[] = [];
      const pop = () => {
        const { event, children } = stack.pop()!;
        const fn = event.args?.data?.functionName;
        const name = event.name === 'FunctionCall' && fn ? `FunctionCall ${fn} ${event.args?.data?.url?.split('/').pop() ?? ''}` : event.name;
        self.set(name, (self.get(name) ?? 0) + (event.dur! - children) / 1000);
      };
      for (const event of inside) {
        while (stack.length > 0 && event.ts >= stack[stack.length - 1].event.ts + stack[stack.length - 1].event.dur!) pop();
        if (stack.length > 0) stack[stack.length - 1].children += event.dur!;
        stack.push({ event, children: 0 });
      }
      while (stack.length > 0) pop();
      const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
      lines.push(`  task ${(task.dur! / 1000).toFixed(0)} ms at +${((task.ts - origin) / 1000).toFixed(0)} ms: ${top.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}`);
    }
    return `trace (${((Date.now() - started) / 1000).toFixed(1)} s; ${marks.join(', ') || 'no marks'}) renderer main thread tasks over ${TRACE_TASK_MS} ms, self ms by event:\n${lines.join('\n')}`;
  };
}
