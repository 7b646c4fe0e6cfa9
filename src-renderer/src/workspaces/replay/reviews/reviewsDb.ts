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
  /** The automatic label when the override was made; null: its line did not say (written by hand or by a script). */
  autoLabel: string | null;
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

/**
 * Stores an override (null: removes the reviewer's override of the trajectory) and queues its write
 * to the reviewer's file, in one transaction: a reading of the files taken between the two found the
 * override neither in them nor queued, and removed it. Returns the queued write.
 */
export function recordReview(datasetId: string, trajectoryId: string, reviewer: string, review: Pick<Review, 'label' | 'autoLabel' | 'reason'> | null): Promise<UnsentReview> {
  const key = reviewKey(datasetId, trajectoryId, reviewer);
  const now = new Date().toISOString();
  const stored: Review | null = review && { ...review, datasetId, trajectoryId, reviewer, key, updatedAt: now };
  const entry: UnsentReview = { key, datasetId, trajectoryId, reviewer, review: stored, queuedAt: now };
  return reviewsDb.transaction('rw', reviewsDb.reviews, reviewsDb.unsent, async () => {
    if (stored) await reviewsDb.reviews.put(stored);
    else await reviewsDb.reviews.delete(key);
    await reviewsDb.unsent.put(entry);
    return entry;
  });
}

export function datasetReviews(datasetId: string): Promise<Review[]> {
  return reviewsDb.reviews.where('datasetId').equals(datasetId).toArray();
}
