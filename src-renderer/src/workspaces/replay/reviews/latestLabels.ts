// The label a person gave each reviewed trajectory: the latest review wins, whoever wrote it, as
// Reports applies them (shared/report/reviews.ts).
import { reviewSupersedes } from '../../../../../shared/report/reviews';
import type { Review } from './reviewsDb';

/** The review that counts for each reviewed trajectory (its label, and who gave it). */
export function latestReviews(reviews: readonly Review[]): ReadonlyMap<string, Review> {
  const latest = new Map<string, Review>();
  for (const review of reviews) {
    const current = latest.get(review.trajectoryId);
    if (!current || reviewSupersedes(current, review)) latest.set(review.trajectoryId, review);
  }
  return latest;
}

/** The labels of the reviews that count (latestReviews). */
export function labelsOf(latest: ReadonlyMap<string, Review>): ReadonlyMap<string, Review['label']> {
  return new Map([...latest].map(([id, review]) => [id, review.label]));
}

export function latestLabels(reviews: readonly Review[]): ReadonlyMap<string, Review['label']> {
  return labelsOf(latestReviews(reviews));
}

/**
 * The trajectories whose reviewers gave different labels, each with who said what
 * ("ann: logic; bob: hallucination"): the latest counts, so the list marks that it had a rival.
 */
export function reviewerDisagreements(reviews: readonly Review[]): ReadonlyMap<string, string> {
  const byTrajectory = new Map<string, Review[]>();
  for (const review of reviews) byTrajectory.set(review.trajectoryId, [...(byTrajectory.get(review.trajectoryId) ?? []), review]);
  const out = new Map<string, string>();
  for (const [id, list] of byTrajectory)
    if (new Set(list.map((r) => r.label)).size > 1)
      out.set(id, [...list].sort((a, b) => (reviewSupersedes(a, b) ? -1 : 1)).map((r) => `${r.reviewer}: ${r.label}`).join('; '));
  return out;
}
