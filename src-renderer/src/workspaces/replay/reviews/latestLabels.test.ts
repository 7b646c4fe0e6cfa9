import { describe, expect, it } from 'vitest';
import { latestLabels, latestReviews, reviewerDisagreements } from './latestLabels';
import type { Review } from './reviewsDb';

const review = (trajectoryId: string, reviewer: string, label: Review['label'], updatedAt: string): Review => ({
  key: `d\u0000${trajectoryId}\u0000${reviewer}`, datasetId: 'd', trajectoryId, reviewer, label, autoLabel: 'perception', reason: '', updatedAt,
});

describe('latestLabels', () => {
  it('keeps the latest review of each trajectory, whoever wrote it, as Reports does', () => {
    const labels = latestLabels([
      review('a', 'ann', 'logic', '2026-03-02T10:00:00Z'),
      review('a', 'bob', 'hallucination', '2026-03-01T10:00:00Z'),
      review('b', 'bob', 'correct', '2026-03-01T10:00:00Z'),
    ]);
    expect([...labels]).toEqual([['a', 'logic'], ['b', 'correct']]);
  });
  it('gives the review that counts with its reviewer (the header names them)', () => {
    const latest = latestReviews([review('a', 'ann', 'logic', '2026-03-02T10:00:00Z'), review('a', 'bob', 'hallucination', '2026-03-01T10:00:00Z')]);
    expect(latest.get('a')).toMatchObject({ reviewer: 'ann', label: 'logic' });
  });
});

describe('reviewerDisagreements', () => {
  it('names the trajectories whose reviewers differ, who said what, the latest last; agreeing reviewers are no conflict', () => {
    const reviews = [
      review('a', 'ann', 'logic', '2026-03-02T10:00:00Z'),
      review('a', 'bob', 'hallucination', '2026-03-01T10:00:00Z'),
      review('b', 'ann', 'correct', '2026-03-01T10:00:00Z'),
      review('b', 'bob', 'correct', '2026-03-03T10:00:00Z'),
    ];
    expect([...reviewerDisagreements(reviews)]).toEqual([['a', 'bob: hallucination; ann: logic']]);
  });
});
