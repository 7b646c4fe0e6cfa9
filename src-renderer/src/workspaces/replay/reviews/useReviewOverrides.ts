// The open dataset's overrides as the list and the views mark them: the dataset's reviews/ files
// read in (reviewsFromFiles), then per run the review that counts, its label, and reviewers' disagreements.
import { useMemo } from 'react';
import type { Label } from '../../../../../shared/eval/profile';
import { labelsOf, latestReviews, reviewerDisagreements } from './latestLabels';
import { useReviewsFromFiles } from './reviewsFromFiles';
import { useDatasetReviews } from './useDatasetReviews';

export function useReviewOverrides(datasetId: string | null, labels: readonly Label[]) {
  useReviewsFromFiles(datasetId, labels);
  const reviews = useDatasetReviews(datasetId);
  const latest = useMemo(() => latestReviews(reviews), [reviews]);
  const overrides = useMemo(() => labelsOf(latest), [latest]);
  const overridden = useMemo(() => new Set(overrides.keys()), [overrides]);
  const disagreements = useMemo(() => reviewerDisagreements(reviews), [reviews]);
  return { latest, overrides, overridden, disagreements };
}
