// The clock and timers of the page (or of a worker: globalThis serves both), as one interface that
// code waiting on time takes, so its tests can pass a clock they move by hand.

export interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number | undefined): void;
}

export const pageTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms) as unknown as number,
  clearTimeout: (id) => globalThis.clearTimeout(id),
};
