// The reviews (human overrides) kept in the browser's IndexedDB, read live: a save or a removal
// anywhere in the page shows at once. While overrides taken from the review files are being
// written there, they show from memory (takingReviews.ts).
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { reviewsDb, type Review } from './reviewsDb';
import { takingShown, useTakingReviews, writtenTakeCount } from './takingReviews';

const noReviews: Review[] = [];

/** All reviews of a dataset, live. */
export function useDatasetReviews(datasetId: string | null): Review[] {
  const taking = useTakingReviews(datasetId);
  const live = useLiveQuery(async () => ({ after: writtenTakeCount(), rows: datasetId ? await reviewsDb.reviews.where('datasetId').equals(datasetId).toArray() : noReviews }), [datasetId]);
  return takingShown(taking, live) ? taking.reviews : (live?.rows ?? noReviews);
}

/** Every reviewer's review of one trajectory, live. */
export function useTrajectoryReviews(datasetId: string, trajectoryId: string): Review[] {
  const taking = useTakingReviews(datasetId);
  const live = useLiveQuery(
    async () => ({ after: writtenTakeCount(), rows: await reviewsDb.reviews.where('[datasetId+trajectoryId]').equals([datasetId, trajectoryId]).toArray() }),
    [datasetId, trajectoryId],
  );
  const shown = takingShown(taking, live);
  const fromTaking = useMemo(() => (shown ? taking.reviews.filter((review) => review.trajectoryId === trajectoryId) : null), [shown, taking, trajectoryId]);
  return fromTaking ?? live?.rows ?? noReviews;
}
