import { describe, expect, it } from 'vitest';
import { niceStep, rulerSeconds } from './rulerTicks';

describe('rulerSeconds', () => {
  it('marks every second of a short clip, fewer of a long one, more when zoomed', () => {
    expect(rulerSeconds(300, 30, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rulerSeconds(900, 30, 1)).toEqual([0, 5, 10, 15, 20, 25, 30]);
    expect(rulerSeconds(900, 30, 4)).toHaveLength(31);
    expect(niceStep(0.5)).toBe(1);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(61)).toBe(100);
    expect(niceStep(2_000_001)).toBe(5_000_000);
  });

  it("stays a few marks whatever a task's fps says (1e-7 asked for 2e8 marks and hung the page)", () => {
    for (const fps of [1e-7, 1e-300, Number.MIN_VALUE, 1e300, Infinity])
      for (const zoom of [1, 32]) {
        const marks = rulerSeconds(1, fps, zoom);
        expect(marks.length, `${fps} ${zoom}`).toBeLessThanOrEqual(12 * zoom + 1);
        expect(marks.every(Number.isFinite)).toBe(true);
      }
  });
});
