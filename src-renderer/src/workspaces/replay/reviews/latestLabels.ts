// The label a person gave each reviewed trajectory: the latest review wins, whoever wrote it, as
// Reports applies them (shared/report/reviews.ts).
import { supersedes } from '../../../../../shared/report/reviews';
import type { Review } from './reviewsDb';

export function latestLabels(reviews: readonly Review[]): ReadonlyMap<string, Review['label']> {
  const latest = new Map<string, Review>();
  for (const review of reviews) {
    const current = latest.get(review.trajectoryId);
    if (!current || supersedes(current.updatedAt, review.updatedAt)) latest.set(review.trajectoryId, review);
  }
  return new Map([...latest].map(([id, review]) => [id, review.label]));
}
