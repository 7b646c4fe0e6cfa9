import { describe, expect, it } from 'vitest';
import type { ReplayStep } from '../../../evaluation/protocol';
import { alignRuns, firstDivergence } from './compareModel';

const step = (index: number, tool: string, gtIndex: number | null): ReplayStep => ({
  index, item: 0, position: index, turn: 0, raw: null, call: { tool_name: tool, parameters: {} }, recorded: null, recordedShared: false,
  replayed: { ok: true, result: null }, resultDiff: null, diff: [], gtIndex,
});

describe('compare alignment', () => {
  const a = { gtCount: 2, steps: [step(0, 'search', 0), step(1, 'peek', null), step(2, 'add', 1)] };
  const b = { gtCount: 2, steps: [step(0, 'peek', null), step(1, 'search', 0), step(2, 'peek', null)] };

  it('puts paired calls on their ground-truth row and equal extra calls of several runs on one row', () => {
    const rows = alignRuns([a, b]);
    const show = rows.map((r) => [r.gtIndex, ...r.cells.map((c) => (c ? `${c.call!.tool_name}#${c.index}` : '-'))]);
    expect(show).toEqual([
      [null, '-', 'peek#0'],
      [0, 'search#0', 'search#1'],
      [null, 'peek#1', 'peek#2'],
      [1, 'add#2', '-'],
    ]);
  });

  it("keeps each run's extra calls in the order it made them, sharing a row only below its earlier ones", () => {
    // Run d makes x then y; run e makes y then x: e's x may not go on d's x row, above e's own y.
    const d = { gtCount: 1, steps: [step(0, 'search', 0), step(1, 'x', null), step(2, 'y', null)] };
    const e = { gtCount: 1, steps: [step(0, 'search', 0), step(1, 'y', null), step(2, 'x', null)] };
    const show = alignRuns([d, e]).map((r) => r.cells.map((c) => (c ? `${c.call!.tool_name}#${c.index}` : '-')));
    expect(show).toEqual([
      ['search#0', 'search#0'],
      ['x#1', '-'],
      ['y#2', 'y#1'],
      ['-', 'x#2'],
    ]);
  });

  it('marks the first divergence: a call out of order, or the first ground-truth call never reached', () => {
    expect(firstDivergence(a)).toEqual({ kind: 'step', index: 1 });
    expect(firstDivergence(b)).toEqual({ kind: 'step', index: 0 });
    expect(firstDivergence({ gtCount: 2, steps: [step(0, 'search', 0)] })).toEqual({ kind: 'missing', gtIndex: 1 });
    expect(firstDivergence({ gtCount: 1, steps: [step(0, 'search', 0)] })).toBeNull();
  });
});
