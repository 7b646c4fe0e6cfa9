// Human overrides of taxonomy labels, kept in the browser's IndexedDB (dexie): one record per
// dataset, trajectory and reviewer. Exported to reviews/<reviewer>.jsonl in the dataset.
import { Dexie, type EntityTable } from 'dexie';
import type { Label } from '../../../../../shared/eval/profile';

export interface Review {
  /** `${datasetId}\u0000${trajectoryId}\u0000${reviewer}` */
  key: string;
  datasetId: string;
  trajectoryId: string;
  reviewer: string;
  label: Label;
  /** The automatic label when the override was made. */
  autoLabel: Label;
  reason: string;
  /** ISO 8601. */
  updatedAt: string;
}

class ReviewsDatabase extends Dexie {
  reviews!: EntityTable<Review, 'key'>;

  constructor() {
    super('egobench-studio-reviews');
    // Version 1: reviews by key; indexes for a dataset's reviews and one reviewer's.
    this.version(1).stores({ reviews: 'key, datasetId, [datasetId+reviewer], [datasetId+trajectoryId], updatedAt' });
  }
}

export const reviewsDb = new ReviewsDatabase();

export function reviewKey(datasetId: string, trajectoryId: string, reviewer: string): string {
  return `${datasetId}\u0000${trajectoryId}\u0000${reviewer}`;
}

/** Stores an override; returns it as stored (what is written to the reviewer's file). */
export async function saveReview(review: Omit<Review, 'key' | 'updatedAt'>): Promise<Review> {
  const stored = { ...review, key: reviewKey(review.datasetId, review.trajectoryId, review.reviewer), updatedAt: new Date().toISOString() };
  await reviewsDb.reviews.put(stored);
  return stored;
}

export async function deleteReview(datasetId: string, trajectoryId: string, reviewer: string): Promise<void> {
  await reviewsDb.reviews.delete(reviewKey(datasetId, trajectoryId, reviewer));
}

export function datasetReviews(datasetId: string): Promise<Review[]> {
  return reviewsDb.reviews.where('datasetId').equals(datasetId).toArray();
}
