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

/**
 * A write of reviews/<reviewer>.jsonl not yet made (the host could not be reached): kept here until
 * the host takes it, through reloads and restarts, and it wins over the file's line meanwhile.
 */
export interface UnsentReview {
  /** reviewKey of its trajectory and reviewer. */
  key: string;
  datasetId: string;
  trajectoryId: string;
  reviewer: string;
  /** The override to write; null: its removal. */
  review: Review | null;
  /** When it was queued (ISO 8601): a write that succeeds removes only the entry it wrote. */
  queuedAt: string;
}

class ReviewsDatabase extends Dexie {
  reviews!: EntityTable<Review, 'key'>;
  unsent!: EntityTable<UnsentReview, 'key'>;

  constructor(name = 'egobench-studio-reviews') {
    super(name);
    // Version 1: reviews by key; indexes for a dataset's reviews and one reviewer's.
    this.version(1).stores({ reviews: 'key, datasetId, [datasetId+reviewer], [datasetId+trajectoryId], updatedAt' });
    // Version 2: the writes waiting for the host (they were kept in memory only, and lost on a reload).
    // The files are the truth from now on (reviewsFromFiles.ts); overrides a version-1 browser held
    // may never have reached them (that loss), so each is queued once: written, never dropped.
    this.version(2)
      .stores({ unsent: 'key, datasetId' })
      .upgrade(async (tx) => {
        const held = (await tx.table('reviews').toArray()) as Review[];
        await tx.table('unsent').bulkPut(held.map((review): UnsentReview => ({ key: review.key, datasetId: review.datasetId, trajectoryId: review.trajectoryId, reviewer: review.reviewer, review, queuedAt: review.updatedAt })));
      });
  }
}

/** A database of its own name (the upgrade test opens one written by version 1). */
export const openReviewsDatabase = (name?: string) => new ReviewsDatabase(name);

export const reviewsDb = openReviewsDatabase();

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
