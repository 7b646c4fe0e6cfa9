// A trace of frame steps, for chasing a step that is sometimes lost when keys come fast (seen in CI,
// never here; it found one: a late seek's end cleared a newer seek's target, clipController.ts). Off unless asked: a page whose window.__clipTrace is an array before it loads
// (an e2e spec sets it, and prints it when the test fails; a person can set it in the console and
// reload) gets each step, seek, presentation and report pushed there, the last 400 kept.

const KEPT = 400;

/** Adds one entry: when (ms since the page loaded), what, and the values that decided it. */
export function traceClip(what: string, ...values: unknown[]): void {
  const trace = (globalThis as { __clipTrace?: unknown }).__clipTrace;
  if (!Array.isArray(trace)) return;
  trace.push([Math.round(performance.now()), what, ...values]);
  if (trace.length > KEPT) trace.splice(0, trace.length - KEPT);
}
