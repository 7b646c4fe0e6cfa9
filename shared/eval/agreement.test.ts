import { describe, expect, it } from 'vitest';
import { pooledDistanceSums, summarizeAgreement, type TaskAgreement } from './agreement';

const t = (call_f1: number, exact = call_f1 === 1, state_equal = exact): TaskAgreement => ({ task_id: 'x', exact, seq_exact: exact, call_f1, state_equal });

describe('SPEC §11 summary', () => {
  it('computes percent_exact, mean_call_f1, state_agreement and Krippendorff alpha', () => {
    // Two tasks; pooled annotations 0,1 (task 0, identical) and 2,3 (task 1, half agreeing).
    const d = [
      [0, 0, 1, 1],
      [0, 0, 1, 1],
      [1, 1, 0, 0.5],
      [1, 1, 0.5, 0],
    ];
    const s = summarizeAgreement([t(1), t(0.5, false, true)], (i, j) => d[i][j]);
    const Do = (0 + 0.5) / 2;
    const De = (2 * (1 + 1 + 1 + 1) + 2 * 0.5) / 12;
    expect(s).toEqual({ tasks: 2, percent_exact: 50, mean_call_f1: 0.75, state_agreement: 1, alpha_dice: 1 - Do / De });
  });

  it('alpha is 1 when every pooled pair agrees, and figures are null with no task', () => {
    expect(summarizeAgreement([t(1)], () => 0).alpha_dice).toBe(1);
    expect(summarizeAgreement([], () => 0)).toEqual({ tasks: 0, percent_exact: null, mean_call_f1: null, state_agreement: null, alpha_dice: null });
  });
});

describe('pooled distance sums', () => {
  it('count a class of identical annotations by its size: the same sums as every pair compared, overall and per group', () => {
    // 9 annotations in 4 classes over 2 groups; d depends on the classes alone (and is 0.25 within one, to count those pairs too).
    const classOf = [0, 1, 0, 2, 2, 2, 3, 1, 3];
    const groupOf = classOf.map((c) => (c < 2 ? 0 : 1));
    const d = (x: number, y: number) => (x === y ? 0.25 : (x + 1) * (y + 1) / 20);
    let compared = 0;
    const byClass = pooledDistanceSums(classOf, groupOf, (i, j) => (compared++, d(classOf[i], classOf[j])));
    let total = 0;
    const byGroup = new Map<number, number>();
    for (let i = 0; i < classOf.length; i++)
      for (let j = 0; j < classOf.length; j++) {
        if (i === j) continue;
        const dij = d(classOf[i], classOf[j]);
        total += dij;
        if (groupOf[i] === groupOf[j]) byGroup.set(groupOf[i], (byGroup.get(groupOf[i]) ?? 0) + dij);
      }
    expect(byClass.total).toBeCloseTo(total, 12);
    expect([...byClass.byGroup].map(([g, v]) => [g, Number(v.toFixed(12))])).toEqual([...byGroup].map(([g, v]) => [g, Number(v.toFixed(12))]));
    // 4 classes: 6 pairs of classes, and each class (all have two members or more) with itself: not 36 pairs.
    expect(compared).toBe(6 + 4);
  });

  it('count the pairs of groups apart instead of comparing them: the same sums, fewer comparisons', () => {
    // Groups 0 and 1 share tools, group 2 shares none with either: its pairs with them are at 1, or 0 between two empty annotations.
    const groupOf = [0, 0, 0, 1, 1, 2, 2, 2, 2];
    const emptyOnes = new Set([2, 6, 7]);
    const classOf = [0, 1, 2, 3, 4, 5, 6, 6, 7];
    const d = (i: number, j: number) => {
      if (groupOf[i] === 2 !== (groupOf[j] === 2)) return emptyOnes.has(i) && emptyOnes.has(j) ? 0 : 1;
      return ((i + 1) * (j + 2)) % 7 / 7;
    };
    const compared: [number, number][] = [];
    const plain = pooledDistanceSums(classOf, groupOf, d);
    const apart = pooledDistanceSums(classOf, groupOf, (i, j) => (compared.push([i, j]), d(i, j)), undefined, {
      apart: (g, h) => g === 2 || h === 2,
      empty: (i) => emptyOnes.has(i),
    });
    expect(apart.total).toBeCloseTo(plain.total, 12);
    expect([...apart.byGroup].sort()).toEqual([...plain.byGroup].sort());
    expect(compared.some(([i, j]) => (groupOf[i] === 2) !== (groupOf[j] === 2))).toBe(false);
    expect(compared.every(([i, j]) => i <= j)).toBe(true);
    // Classes of one member have no pair with themselves: 10 pairs in groups 0-1, 3 in group 2, and class 6 (two members) with itself.
    expect(compared.length).toBe((5 * 4) / 2 + (3 * 2) / 2 + 1);
  });
});
