import { describe, expect, it } from 'vitest';
import { reviewerFileName, reviewFiles, reviewLines } from './reviewFormat';
import type { Review } from './reviewsDb';
import { withReviewLine } from './reviewWriteThrough';

const review = (trajectoryId: string, reviewer: string): Review => ({
  key: `d\u0000${trajectoryId}\u0000${reviewer}`,
  datasetId: 'd',
  trajectoryId,
  reviewer,
  label: 'logic',
  autoLabel: 'perception',
  reason: 'the bottle was right',
  updatedAt: '2026-01-02T03:04:05.000Z',
});

describe('review export', () => {
  it('writes one JSON line per review, sorted by trajectory id, in the documented field order', () => {
    const text = reviewLines([review('b', 'ann'), review('a', 'ann')]);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]).trajectory_id).toBe('a');
    expect(Object.keys(JSON.parse(lines[1]))).toEqual(['trajectory_id', 'label', 'auto_label', 'reason', 'reviewer', 'updated_at']);
    expect(text.endsWith('\n')).toBe(true);
  });
  it('makes safe file names per reviewer', () => {
    expect(reviewerFileName('Ann Lee')).toBe('reviews/Ann_Lee.jsonl');
    expect(reviewerFileName('../x')).toBe('reviews/__x.jsonl');
    expect(reviewerFileName('  ')).toBe('reviews/reviewer.jsonl');
    expect(reviewFiles([review('a', 'bo'), review('a', 'al'), review('b', 'al')]).map((f) => [f.path, f.count])).toEqual([
      ['reviews/al.jsonl', 2],
      ['reviews/bo.jsonl', 1],
    ]);
  });
});

describe('review write-through', () => {
  it("sets one trajectory's line, keeps the others (unreadable ones too), sorted, and removes it", () => {
    const other = JSON.stringify({ trajectory_id: 'c', label: 'logic' });
    const text = `${other}\nnot json\n${JSON.stringify({ trajectory_id: 'a', label: 'old' })}\n`;
    const next = withReviewLine(text, 'a', review('a', 'ann'));
    const lines = next.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines).toContain(other);
    expect(lines).toContain('not json');
    expect(JSON.parse(lines.find((l) => l.includes('"a"'))!).label).toBe('logic');
    expect(withReviewLine(next, 'a', null).includes('"trajectory_id":"a"')).toBe(false);
    expect(withReviewLine(null, 'b', null)).toBe('');
  });
});
