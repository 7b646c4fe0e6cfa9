import { describe, expect, it } from 'vitest';
import type { VisualRef } from '../format/types';
import { alignVisualRefs, sameEntity, summarizeVisualAgreement, temporalIoU, visualAgreement } from './visual-agreement';

const ref = (id: string, entity: string, start: number, end: number): VisualRef => ({ id, description: id, entity, start, end });

describe('temporalIoU', () => {
  it('is intersection over union of the ranges', () => {
    expect(temporalIoU({ start: 0, end: 10 }, { start: 5, end: 15 })).toBeCloseTo(5 / 15);
    expect(temporalIoU({ start: 0, end: 10 }, { start: 0, end: 10 })).toBe(1);
    expect(temporalIoU({ start: 0, end: 4 }, { start: 6, end: 9 })).toBe(0);
    expect(temporalIoU({ start: 2, end: 3 }, { start: 0, end: 10 })).toBeCloseTo(0.1);
  });
  it('is symmetric', () => {
    const a = { start: 1.5, end: 7 };
    const b = { start: 3, end: 12.25 };
    expect(temporalIoU(a, b)).toBe(temporalIoU(b, a));
  });
  it('handles instants, missing times and reversed ranges', () => {
    expect(temporalIoU({ start: 3, end: 3 }, { start: 3, end: 3 })).toBe(1);
    expect(temporalIoU({ start: 3, end: 3 }, { start: 4, end: 4 })).toBe(0);
    expect(temporalIoU({ start: null as unknown as number, end: 2 }, { start: 0, end: 2 })).toBeNull();
    expect(temporalIoU({ start: 5, end: 2 }, { start: 0, end: 2 })).toBeNull();
  });
});

describe('visual reference alignment', () => {
  it('pairs the same entity (canonical strings), best overlap first, one to one', () => {
    expect(sameEntity({ entity: ' Green  Apple' }, { entity: 'green apple' })).toBe(true);
    const a = [ref('a1', 'Green Apple', 0, 4), ref('a2', 'Milk', 0, 2), ref('a3', 'Green Apple', 10, 12)];
    const b = [ref('b1', 'green apple', 9, 12), ref('b2', 'Bread', 0, 1), ref('b3', 'Green Apple', 0, 5)];
    const { pairs, onlyA, onlyB } = alignVisualRefs(a, b);
    expect(pairs).toEqual([
      { a: 0, b: 2, iou: 4 / 5 },
      { a: 2, b: 0, iou: 2 / 3 },
    ]);
    expect(onlyA).toEqual([1]);
    expect(onlyB).toEqual([1]);
  });

  it('entity F1 and mean IoU per task, summarised over tasks', () => {
    const t1 = visualAgreement([ref('a', 'X', 0, 2)], [ref('b', 'x', 1, 3)]);
    expect(t1).toMatchObject({ matched: 1, entity_f1: 1, mean_iou: 1 / 3 });
    const t2 = visualAgreement([ref('a', 'X', 0, 2), ref('c', 'Y', 0, 1)], []);
    expect(t2).toMatchObject({ matched: 0, entity_f1: 0, mean_iou: null });
    // Neither wrote a reference: nothing to compare, so no figure (not perfect agreement).
    const none = visualAgreement([], []);
    expect(none).toMatchObject({ entity_f1: null, mean_iou: null });
    const s = summarizeVisualAgreement([t1, t2, visualAgreement([ref('a', 'Z', 0, 4)], [ref('b', 'Z', 0, 4)])]);
    expect(s.tasks).toBe(3);
    expect(s.mean_entity_f1).toBeCloseTo(2 / 3);
    expect(s.mean_iou).toBeCloseTo((1 / 3 + 1) / 2);
    expect(s.iou_at_50).toBe(0.5);
    // Tasks without references leave the mean alone; with only such tasks there is no mean.
    expect(summarizeVisualAgreement([t1, t2, none, none]).mean_entity_f1).toBeCloseTo(1 / 2);
    expect(summarizeVisualAgreement([none, none])).toMatchObject({ tasks: 2, mean_entity_f1: null, mean_iou: null });
    expect(summarizeVisualAgreement([])).toEqual({ tasks: 0, mean_entity_f1: null, mean_iou: null, iou_at_50: null, pairs: 0 });
  });
});
