// Side-by-side alignment of runs of one task (pure): one row per ground-truth call, each run's
// call paired with it (Replay's SPEC §8.2 pairing, ReplayStep.gtIndex); a run's other calls go
// after the row of its previous call, and equal ones of several runs share a row. Each run's
// first divergence from the ground truth: its first call out of the truth's order, or the first
// ground-truth call it never reaches.
import type { ReplayStep } from '../../../evaluation/protocol';

export interface CompareRun {
  steps: readonly ReplayStep[];
  gtCount: number;
}

export interface CompareRow {
  /** The ground-truth call of the row, or null for calls the truth does not have. */
  gtIndex: number | null;
  /** Per run, its step in this row (null: none). */
  cells: (ReplayStep | null)[];
}

export type Divergence = { kind: 'step'; index: number } | { kind: 'missing'; gtIndex: number } | null;

const stepKey = (step: ReplayStep) => JSON.stringify(step.call ?? step.raw);

export function alignRuns(runs: readonly CompareRun[]): CompareRow[] {
  const gtCount = Math.max(0, ...runs.map((r) => r.gtCount));
  const gtRows: CompareRow[] = Array.from({ length: gtCount }, (_, gtIndex) => ({ gtIndex, cells: runs.map(() => null) }));
  // Extra rows after each ground-truth row (anchor -1: before the first).
  const extras = new Map<number, { key: string; row: CompareRow }[]>();
  runs.forEach((run, r) => {
    let anchor = -1;
    /** Where this run's last extra call went in each anchor's rows: the next one goes below it, so a run's calls keep their order. */
    const lastAt = new Map<number, number>();
    for (const step of run.steps) {
      if (step.gtIndex !== null) {
        gtRows[step.gtIndex].cells[r] = step;
        anchor = step.gtIndex;
        continue;
      }
      const list = extras.get(anchor) ?? [];
      extras.set(anchor, list);
      const key = stepKey(step);
      const after = lastAt.get(anchor) ?? -1;
      const free = list.findIndex((e, i) => i > after && e.key === key && e.row.cells[r] === null);
      if (free !== -1) {
        list[free].row.cells[r] = step;
        lastAt.set(anchor, free);
      } else {
        const row: CompareRow = { gtIndex: null, cells: runs.map(() => null) };
        row.cells[r] = step;
        list.push({ key, row });
        lastAt.set(anchor, list.length - 1);
      }
    }
  });
  const rows: CompareRow[] = (extras.get(-1) ?? []).map((e) => e.row);
  gtRows.forEach((row, g) => rows.push(row, ...(extras.get(g) ?? []).map((e) => e.row)));
  return rows;
}

export function firstDivergence(run: CompareRun): Divergence {
  let expected = 0;
  for (const step of run.steps) {
    if (step.gtIndex !== expected) return { kind: 'step', index: step.index };
    expected++;
  }
  return expected < run.gtCount ? { kind: 'missing', gtIndex: expected } : null;
}
