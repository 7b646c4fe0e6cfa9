// The bench's summary of several cold runs: which run a line reports, and runs that disagree.
import { describe, expect, it } from 'vitest';
import { labelDisagreement, medianRun } from './bench';

const run = (cpuSeconds: number, labels: Record<string, number> = { correct: 2, logic: 1 }) => ({ cpuSeconds, labels });

describe('bench runs', () => {
  it('reports the median run by CPU time, the lower middle one for an even count', () => {
    expect(medianRun([run(9), run(7), run(8)]).cpuSeconds).toBe(8);
    expect(medianRun([run(9), run(7), run(8), run(10)]).cpuSeconds).toBe(8);
    expect(medianRun([run(3)]).cpuSeconds).toBe(3);
    expect(() => medianRun([])).toThrow(/no run/);
  });

  it('says which run counted other labels, whatever the order of the counts', () => {
    expect(labelDisagreement([run(1), run(2, { logic: 1, correct: 2 })])).toBeNull();
    expect(labelDisagreement([run(1), run(2), run(3, { correct: 3 })])).toMatch(/^run 3 counted other labels than run 1/);
  });
});
