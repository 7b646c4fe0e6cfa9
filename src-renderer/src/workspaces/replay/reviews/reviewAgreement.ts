// Automatic against human labels over the overrides Replay holds, for the toolbar and its table.
import { confusion } from '../../../../../shared/eval/kappa';
import type { Label } from '../../../../../shared/eval/profile';
import type { Review } from './reviewsDb';

/**
 * Each reviewer's override of a run counts (Reports takes the latest of each run instead). A review
 * of a run the list does not have (a removed file, a typo in a review file) is left out, as Reports
 * leaves it out: it had counted, with the automatic label its line claimed.
 */
export function reviewAgreement(reviews: readonly Review[], autoById: ReadonlyMap<string, Label>, labels: readonly Label[]) {
  const counted = reviews.filter((review) => autoById.has(review.trajectoryId));
  const runs = new Set(counted.map((review) => review.trajectoryId)).size;
  const result = confusion(
    counted.map((review) => [autoById.get(review.trajectoryId)!, review.label] as const),
    labels,
  );
  return { counted, runs, leftOut: reviews.length - counted.length, result };
}
