import { describe, expect, it } from 'vitest';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { allowedByReview, type CountingReview } from './reviewFilter';

const row = (id: string, label: TrajectoryRow['label']) => ({ id, label }) as TrajectoryRow;
const rows = [row('a', 'logic'), row('b', 'perception'), row('c', 'correct'), row('d', 'logic')];
// a: confirmed on its label; b: relabelled; c: reviewed while it was 'logic', scored 'correct' since; d: not reviewed.
const reviews = new Map<string, CountingReview>([
  ['a', { label: 'logic', autoLabel: 'logic' }],
  ['b', { label: 'hallucination', autoLabel: 'perception' }],
  ['c', { label: 'logic', autoLabel: 'logic' }],
]);
const ids = (allowed: ReadonlySet<string> | null) => (allowed === null ? null : [...allowed].sort());

describe('the review filter', () => {
  it('finds reviewed, relabelled, unreviewed failures, and reviews given on another automatic label than the run has now', () => {
    expect(ids(allowedByReview(rows, reviews, 'all', null))).toBeNull();
    expect(ids(allowedByReview(rows, reviews, 'reviewed', null))).toEqual(['a', 'b', 'c']);
    expect(ids(allowedByReview(rows, reviews, 'changed', null))).toEqual(['b', 'c']);
    expect(ids(allowedByReview(rows, reviews, 'unreviewed-failures', null))).toEqual(['d']);
    expect(ids(allowedByReview(rows, reviews, 'stale', null))).toEqual(['c']);
    expect(ids(allowedByReview(rows, reviews, 'stale', new Set(['a', 'b'])))).toEqual([]);
  });
});
