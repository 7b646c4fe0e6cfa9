import { describe, expect, it } from 'vitest';
import { labelColumnWidth } from '../listModel';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { labelCellText, labelTitle, overriddenCellTexts } from './reviewedLabel';

const row = (id: string, label: string) => ({ id, label }) as TrajectoryRow;

describe('a run’s label under a review', () => {
  it('is the review’s, the automatic one named as such; a confirmed one is marked; none is the automatic label', () => {
    expect(labelCellText('perception', 'logic')).toBe('logic ✎ (auto: perception)');
    expect(labelCellText('perception', 'perception')).toBe('perception ✎');
    expect(labelCellText('perception', null)).toBe('perception');
    expect(labelTitle('perception', { label: 'logic', reviewer: 'rita' }, false)).toBe("rita's review set the label to logic: Reports counts it (with overrides). The automatic label is perception");
    expect(labelTitle('perception', { label: 'logic', reviewer: 'rita' }, true)).toContain("once the run's file is under trajectories/");
  });

  it('the list’s Label column widens to what its overridden rows show, whole', () => {
    const measure = (text: string) => text.length * 7;
    const rows = [row('a', 'perception'), row('b', 'correct'), row('c', 'over_operation')];
    const texts = overriddenCellTexts(rows, new Map([['a', 'logic'], ['c', 'over_operation']]));
    expect(texts).toEqual(['logic ✎ (auto: perception)', 'over_operation ✎']);
    const width = labelColumnWidth(texts, measure);
    expect(width).toBeGreaterThanOrEqual(measure('logic ✎ (auto: perception)') + 14 + 8);
    // No override: the column keeps its width of one chip.
    expect(labelColumnWidth(overriddenCellTexts(rows, new Map()), measure)).toBe(120);
  });
});
