import { describe, expect, it } from 'vitest';
import type { Label } from '../../../../../shared/eval/profile';
import { reviewAgreement } from './reviewAgreement';
import type { Review } from './reviewsDb';

const review = (trajectoryId: string, reviewer: string, label: Label, autoLabel: Label = 'correct'): Review => ({
  key: `d\u0000${trajectoryId}\u0000${reviewer}`,
  datasetId: 'd',
  trajectoryId,
  reviewer,
  label,
  autoLabel,
  reason: '',
  updatedAt: '2026-12-06T10:00:00Z',
});
const LABELS: Label[] = ['correct', 'logic', 'perception'];

describe('reviewAgreement', () => {
  it('leaves out a review of a run the list does not have (it had counted, with the automatic label its line claimed)', () => {
    const auto = new Map<string, Label>([
      ['m/static/a', 'logic'],
      ['m/static/b', 'perception'],
    ]);
    const { counted, leftOut, result } = reviewAgreement([review('m/static/a', 'alice', 'logic'), review('m/static/b', 'alice', 'logic'), review('nosuch/run', 'alice', 'logic')], auto, LABELS);
    expect(counted.map((r) => r.trajectoryId)).toEqual(['m/static/a', 'm/static/b']);
    expect(leftOut).toBe(1);
    expect(result.total).toBe(2);
    expect(result.observed).toBe(0.5);
  });

  it("counts each reviewer's override, and says on how many runs", () => {
    const auto = new Map<string, Label>([['m/static/a', 'logic']]);
    const { counted, runs } = reviewAgreement([review('m/static/a', 'alice', 'logic'), review('m/static/a', 'bob', 'perception')], auto, LABELS);
    expect(counted).toHaveLength(2);
    expect(runs).toBe(1);
  });
});
