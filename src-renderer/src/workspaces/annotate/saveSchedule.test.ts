import { describe, expect, it } from 'vitest';
import type { Timers } from '../../clock';
import { SAVE_MAX_WAIT_MS, SAVE_QUIET_MS, SaveSchedule, saveDelay } from './saveSchedule';

/** A clock the test advances: timers fire in order as time passes. */
function manualTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    now: () => now,
    setTimeout: (run, ms) => {
      pending.set(nextId, { at: now + ms, run });
      return nextId++;
    },
    clearTimeout: (id) => void (id !== undefined && pending.delete(id)),
  };
  const advanceTo = (time: number) => {
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= time).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = time;
  };
  return { timers, advanceTo, now: () => now };
}

describe('saveDelay', () => {
  it('waits for a quiet spell, but never past the maximum wait from the first unsaved edit', () => {
    expect(saveDelay(0, 0)).toBe(SAVE_QUIET_MS);
    expect(saveDelay(200, 0)).toBe(SAVE_QUIET_MS);
    expect(saveDelay(SAVE_MAX_WAIT_MS - 100, 0)).toBe(100);
    expect(saveDelay(SAVE_MAX_WAIT_MS + 50, 0)).toBe(0);
    expect(SAVE_MAX_WAIT_MS).toBeLessThan(1000);
  });
});

describe('SaveSchedule', () => {
  it('saves a burst of keystrokes once, a quiet spell after the last', () => {
    const clock = manualTimers();
    const saves: number[] = [];
    const schedule = new SaveSchedule(() => saves.push(clock.now()), clock.timers);
    for (const t of [0, 50, 100]) {
      clock.advanceTo(t);
      schedule.edited();
    }
    clock.advanceTo(2000);
    expect(saves).toEqual([100 + SAVE_QUIET_MS]);
  });

  it('typing without a pause for 5 s: every keystroke is saved within 1 s', () => {
    const clock = manualTimers();
    const saves: number[] = [];
    const schedule = new SaveSchedule(() => saves.push(clock.now()), clock.timers);
    const keystrokes: number[] = [];
    for (let t = 0; t <= 5000; t += 80) {
      clock.advanceTo(t);
      schedule.edited();
      keystrokes.push(t);
    }
    clock.advanceTo(7000);
    for (const key of keystrokes) {
      const savedAt = saves.find((s) => s >= key);
      expect(savedAt, `keystroke at ${key} ms`).toBeDefined();
      expect(savedAt! - key, `keystroke at ${key} ms`).toBeLessThanOrEqual(SAVE_MAX_WAIT_MS);
    }
    // Still a debounce: about one save per maximum wait, not one per keystroke.
    expect(saves.length).toBeLessThanOrEqual(Math.ceil(5000 / SAVE_MAX_WAIT_MS) + 2);
  });

  it('a flush (page hide) takes the pending edits: the timer does not save them again', () => {
    const clock = manualTimers();
    const saves: number[] = [];
    const schedule = new SaveSchedule(() => saves.push(clock.now()), clock.timers);
    schedule.edited();
    clock.advanceTo(100);
    schedule.saved(); // the flush saves them itself
    clock.advanceTo(5000);
    expect(saves).toEqual([]);
    schedule.edited();
    clock.advanceTo(6000);
    expect(saves).toEqual([5000 + SAVE_QUIET_MS]);
  });
});
