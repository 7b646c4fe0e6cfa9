// The reviews (human overrides) kept in the browser's IndexedDB, read live: a save or a removal
// anywhere in the page shows at once.
import { useLiveQuery } from 'dexie-react-hooks';
import { reviewsDb, type Review } from './reviewsDb';

const noReviews: Review[] = [];

/** All reviews of a dataset, live. */
export function useDatasetReviews(datasetId: string | null): Review[] {
  return useLiveQuery(() => (datasetId ? reviewsDb.reviews.where('datasetId').equals(datasetId).toArray() : noReviews), [datasetId]) ?? noReviews;
}

/** Every reviewer's review of one trajectory, live. */
export function useTrajectoryReviews(datasetId: string, trajectoryId: string): Review[] {
  return (
    useLiveQuery(() => reviewsDb.reviews.where('[datasetId+trajectoryId]').equals([datasetId, trajectoryId]).toArray(), [datasetId, trajectoryId]) ??
    noReviews
  );
}
