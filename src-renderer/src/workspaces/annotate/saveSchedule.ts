// When an edit is saved: after a short quiet spell (a burst of keystrokes is one save), but never
// later than a fixed time after the first unsaved edit, so that someone typing without a pause is
// saved too. With the quiet spell alone the save waited for the typing to stop.

import { pageTimers, type Timers } from '../../clock';

/** A pause this long after the last edit saves it. */
export const SAVE_QUIET_MS = 300;
/**
 * An edit waits at most this long for its save to start, even while edits keep coming: the
 * contract is a save within 1 s of the keystroke, and writing to IndexedDB takes its part.
 */
export const SAVE_MAX_WAIT_MS = 700;

/** Milliseconds from `now` until the save should start, the first unsaved edit being at `firstEditAt`. */
export function saveDelay(now: number, firstEditAt: number, quietMs = SAVE_QUIET_MS, maxWaitMs = SAVE_MAX_WAIT_MS): number {
  return Math.max(0, Math.min(quietMs, firstEditAt + maxWaitMs - now));
}


/** A debounce with a maximum wait: `edited()` on every edit, `saved()` when a save starts. */
export class SaveSchedule {
  private timer: number | undefined;
  private firstEditAt: number | null = null;

  constructor(
    private readonly save: () => void,
    private readonly timers: Timers = pageTimers,
  ) {}

  edited(): void {
    const now = this.timers.now();
    this.firstEditAt ??= now;
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.saved();
      this.save();
    }, saveDelay(now, this.firstEditAt));
  }

  /** The pending edits are being saved (by the timer, or by a flush such as on page hide). */
  saved(): void {
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.firstEditAt = null;
  }
}
