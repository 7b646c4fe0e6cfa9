// The bench's summary of several cold runs: which run a line reports, and runs that disagree.
import { describe, expect, it } from 'vitest';
import { runDisagreement, medianRun, threadTradeLine } from './bench';

const run = (cpuSeconds: number, labels: Record<string, number> = { correct: 2, logic: 1 }) => ({ cpuSeconds, labels });

describe('bench runs', () => {
  it('reports the median run by CPU time, the lower middle one for an even count', () => {
    expect(medianRun([run(9), run(7), run(8)]).cpuSeconds).toBe(8);
    expect(medianRun([run(9), run(7), run(8), run(10)]).cpuSeconds).toBe(8);
    expect(medianRun([run(3)]).cpuSeconds).toBe(3);
    expect(() => medianRun([])).toThrow(/no run/);
  });

  it('says which run counted other labels, trajectories or problems, whatever the order of the counts', () => {
    expect(runDisagreement([run(1), run(2, { logic: 1, correct: 2 })])).toBeNull();
    expect(runDisagreement([run(1), run(2), run(3, { correct: 3 })])).toMatch(/^run 3 counted otherwise than run 1/);
    expect(runDisagreement([{ ...run(1), problems: 0 }, { ...run(2), problems: 1 }])).toMatch(/^run 2 counted otherwise/);
  });

  it('says what the default threads cost in CPU against one thread and buy in wall time', () => {
    expect(threadTradeLine({ cpuSeconds: 6.9, seconds: 3.5 }, { cpuSeconds: 5, seconds: 4.9 })).toBe(
      "  the default's threads against one: 1.38x the CPU for 1.40x the speed (wall 3.50 s against 4.90 s)",
    );
  });
});
