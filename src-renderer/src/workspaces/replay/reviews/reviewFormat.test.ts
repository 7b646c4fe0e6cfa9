import { describe, expect, it } from 'vitest';
import { reviewerFileName, reviewLines } from './reviewFormat';
import type { Review } from './reviewsDb';
import { withReviewLine, withReviewLines } from './reviewWriteThrough';
import { reviewsOfFiles } from './reviewsFromFiles';

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
    // Names in other scripts: one file each (each letter is '_', and a hash of the name tells them apart).
    expect(reviewerFileName('李明')).toMatch(/^reviews\/__-[0-9a-z]+\.jsonl$/);
    expect(reviewerFileName('李明')).not.toBe(reviewerFileName('王芳'));
    expect(reviewerFileName(' José ')).toBe(reviewerFileName('José'));
  });
});

describe('review write-through', () => {
  it("sets one trajectory's line, keeps the others (unreadable ones too), and removes it", () => {
    const other = JSON.stringify({ trajectory_id: 'c', label: 'logic' });
    const text = `${other}\nnot json\n${JSON.stringify({ trajectory_id: 'a', label: 'old' })}\n`;
    const next = withReviewLine(text, 'ann', 'a', review('a', 'ann'));
    const lines = next.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines).toContain(other);
    expect(lines).toContain('not json');
    expect(JSON.parse(lines.find((l) => l.includes('"a"'))!).label).toBe('logic');
    expect(withReviewLine(next, 'ann', 'a', null).includes('"trajectory_id":"a"')).toBe(false);
    expect(withReviewLine(null, 'ann', 'b', null)).toBe('');
  });
});

describe('two reviewers whose names map to one file', () => {
  it("keep each other's lines: an override or its removal touches only the writer's own line", () => {
    expect(reviewerFileName('Ann Lee')).toBe(reviewerFileName('Ann_Lee'));
    const li = withReviewLine(null, 'Ann Lee', 'a', review('a', 'Ann Lee'));
    const both = withReviewLine(li, 'Ann_Lee', 'a', { ...review('a', 'Ann_Lee'), label: 'perception' });
    expect(both.trimEnd().split('\n').map((line) => JSON.parse(line).reviewer)).toEqual(['Ann Lee', 'Ann_Lee']);
    expect(withReviewLine(both, 'Ann_Lee', 'a', null).trimEnd()).toBe(li.trimEnd());
    // Replay reads each reviewer's override of the file.
    expect(reviewsOfFiles('d', [{ path: reviewerFileName('Ann Lee'), text: both }]).map((r) => [r.reviewer, r.label])).toEqual([
      ['Ann Lee', 'logic'],
      ['Ann_Lee', 'perception'],
    ]);
  });
});

describe('review export into a file others wrote to', () => {
  it("merges this browser's overrides with the file's lines: other trajectories stay, a line updated later than the override stays", () => {
    const teammates = JSON.stringify({ trajectory_id: 'z', label: 'logic', updated_at: '2026-01-01T00:00:00.000Z' });
    const laterOfA = JSON.stringify({ trajectory_id: 'a', label: 'correct', updated_at: '2026-05-01T00:00:00.000Z' });
    const earlierOfB = JSON.stringify({ trajectory_id: 'b', label: 'correct', updated_at: '2025-01-01T00:00:00.000Z' });
    const mine = new Map([
      ['a', review('a', 'ann')],
      ['b', review('b', 'ann')],
      ['c', review('c', 'ann')],
    ]);
    const lines = withReviewLines(`${teammates}\n${laterOfA}\n${earlierOfB}\n`, 'ann', mine, true).trimEnd().split('\n');
    // In place, as a single save: the file's order kept, a new trajectory at the end (git shows the lines changed, no re-sort).
    expect(lines.map((line) => JSON.parse(line).trajectory_id)).toEqual(['z', 'a', 'b', 'c']);
    expect(lines[1]).toBe(laterOfA);
    expect(JSON.parse(lines[2]).label).toBe('logic');
    expect(lines[0]).toBe(teammates);
    // The same instant written otherwise is not later: this browser's line is written.
    const sameInstant = JSON.stringify({ trajectory_id: 'a', label: 'correct', updated_at: '2026-01-02T03:04:05Z' });
    expect(JSON.parse(withReviewLines(sameInstant, 'ann', new Map([['a', review('a', 'ann')]]), true).trimEnd()).label).toBe('logic');
    // Without keepNewer (an override just made), this browser's line replaces the file's.
    expect(JSON.parse(withReviewLines(laterOfA, 'ann', new Map([['a', review('a', 'ann')]])).trimEnd()).label).toBe('logic');
  });
});

describe("the dataset's review files as this browser stores them", () => {
  it("leaves out a label the dataset's profile does not have ('memory' in a paper dataset), as Reports does", () => {
    const text = JSON.stringify({ trajectory_id: 'a', label: 'memory', reviewer: 'x', updated_at: '2026-01-01T00:00:00.000Z' });
    expect(reviewsOfFiles('d', [{ path: 'reviews/x.jsonl', text }]).map((r) => r.label)).toEqual(['memory']); // some profile has it
    expect(reviewsOfFiles('d', [{ path: 'reviews/x.jsonl', text }], new Set(['correct', 'logic', 'perception']))).toEqual([]);
  });

  it("takes each trajectory's latest line per reviewer, the file's reviewer for a line naming none, and leaves out labels no profile has", () => {
    const line = (o: object) => JSON.stringify({ trajectory_id: 'a', label: 'logic', updated_at: '2026-01-01T00:00:00.000Z', ...o });
    const text = [
      line({ reviewer: 'Ann Lee' }),
      line({ label: 'perception', updated_at: '2026-02-01T00:00:00.000Z', reviewer: 'Ann Lee', reason: 'r' }),
      line({ label: 'hallucination', updated_at: '2025-12-01T00:00:00.000Z', reviewer: 'Ann Lee' }),
      line({ trajectory_id: 'b', label: 'made_up' }),
    ].join('\n');
    const reviews = reviewsOfFiles('d', [{ path: 'reviews/Ann_Lee.jsonl', text }, { path: 'reviews/bo.jsonl', text: line({ trajectory_id: 'c' }) }]);
    expect(reviews).toEqual([
      { key: 'd\u0000a\u0000Ann Lee', datasetId: 'd', trajectoryId: 'a', reviewer: 'Ann Lee', label: 'perception', autoLabel: null, reason: 'r', updatedAt: '2026-02-01T00:00:00.000Z' },
      { key: 'd\u0000c\u0000bo', datasetId: 'd', trajectoryId: 'c', reviewer: 'bo', label: 'logic', autoLabel: null, reason: '', updatedAt: '2026-01-01T00:00:00.000Z' },
    ]);
  });
});
