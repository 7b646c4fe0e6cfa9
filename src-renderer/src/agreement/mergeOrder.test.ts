import { describe, expect, it } from 'vitest';
import type { AlignmentRow } from '../../../shared/eval/agreement-report';
import { moveRow, orderedRows, orderOfB, orderOwner, rowKey, type MergeRow } from './mergeOrder';

// A: x y z; B: z' x w (x matched, z near z', y only A, w only B), listed in A's order.
const rows: AlignmentRow[] = [
  { kind: 'match', a: 0, b: 1 },
  { kind: 'onlyA', a: 1 },
  { kind: 'near', a: 2, b: 0, differing: [] },
  { kind: 'onlyB', b: 2 },
];
const keys = (list: readonly MergeRow[]) => list.map(rowKey);

describe('the merged sequence order', () => {
  it("is the alignment's (A's) by default", () => {
    expect(orderedRows(rows, null)).toEqual(rows);
    expect(orderOwner(rows, null)).toBe('a');
  });

  it("takes B's order, rows only A has last", () => {
    const order = orderOfB(rows);
    expect(keys(orderedRows(rows, order))).toEqual(['near:2:0', 'match:0:1', 'onlyB::2', 'onlyA:1:']);
    expect(orderOwner(rows, order)).toBe('b');
  });

  it("moves a row up or down, within bounds, and is then the adjudicator's own", () => {
    const moved = moveRow(rows, null, 3, -1);
    expect(moved).toEqual(['match:0:1', 'onlyA:1:', 'onlyB::2', 'near:2:0']);
    expect(orderOwner(rows, moved)).toBe('own');
    expect(moveRow(rows, null, 0, -1)).toBeNull();
    expect(moveRow(rows, moved, 3, 1)).toEqual(moved);
  });

  it('says so when both annotators have one order', () => {
    const same: AlignmentRow[] = [{ kind: 'match', a: 0, b: 0 }, { kind: 'onlyB', b: 1 }];
    expect(orderOwner(same, null)).toBe('both');
    expect(orderOwner(same, orderOfB(same))).toBe('both');
  });

  it('keeps rows a new comparison added, and forgets keys it no longer has', () => {
    expect(keys(orderedRows(rows, ['onlyB::2', 'gone:9:9', 'match:0:1']))).toEqual(['onlyB::2', 'match:0:1', 'onlyA:1:', 'near:2:0']);
  });
});
