// Overrides already in the dataset's reviews/ files (written from another browser, by a teammate,
// or by this person before the browser's data was cleared) join the ones this browser holds, so
// Replay's marks, its κ and its export count what Reports counts. Per trajectory and reviewer the
// later one stays: an override made here since is not replaced.
import { useEffect } from 'react';
import { EGOBENCH_LABELS } from '../../../../../shared/eval/profiles';
import { PAPER_LABELS } from '../../../../../shared/eval/paper-profile';
import type { Label } from '../../../../../shared/eval/profile';
import { parseReviews, type ReviewFile } from '../../../../../shared/report/reviews';
import { readReviewFiles } from '../../../api/review-files';
import { reviewKey, reviewsDb, type Review } from './reviewsDb';

const KNOWN_LABELS = new Set<string>([...PAPER_LABELS, ...EGOBENCH_LABELS]);

/** The overrides of review files as this browser stores them (a file's reviewer when its lines name none); lines with labels no profile has are left to Reports' problems. */
export function reviewsOfFiles(datasetId: string, files: readonly ReviewFile[]): Review[] {
  const out: Review[] = [];
  for (const file of files) {
    const fileReviewer = file.path.slice('reviews/'.length, -'.jsonl'.length);
    for (const record of parseReviews([file]).overrides.values()) {
      if (!KNOWN_LABELS.has(record.label)) continue;
      const reviewer = record.reviewer || fileReviewer;
      const label = record.label as Label;
      out.push({
        key: reviewKey(datasetId, record.trajectory_id, reviewer),
        datasetId,
        trajectoryId: record.trajectory_id,
        reviewer,
        label,
        autoLabel: record.auto_label && KNOWN_LABELS.has(record.auto_label) ? (record.auto_label as Label) : label,
        reason: record.reason ?? '',
        updatedAt: record.updated_at,
      });
    }
  }
  return out;
}

/** Stores the files' overrides this browser lacks or holds an older version of; returns how many. */
export async function takeReviewsFromFiles(datasetId: string, files: readonly ReviewFile[]): Promise<number> {
  const incoming = reviewsOfFiles(datasetId, files);
  if (incoming.length === 0) return 0;
  return reviewsDb.transaction('rw', reviewsDb.reviews, async () => {
    const stored = await reviewsDb.reviews.bulkGet(incoming.map((review) => review.key));
    const taken = incoming.filter((review, i) => stored[i] === undefined || Date.parse(stored[i]!.updatedAt) < Date.parse(review.updatedAt));
    await reviewsDb.reviews.bulkPut(taken);
    return taken.length;
  });
}

/**
 * Takes the dataset's review files once Replay shows it. A read that fails leaves this browser's
 * overrides as they are: Reports says what is wrong with the files, and the next opening tries again.
 */
export function useReviewsFromFiles(datasetId: string | null): void {
  useEffect(() => {
    if (!datasetId) return;
    void readReviewFiles(datasetId)
      .then((files) => takeReviewsFromFiles(datasetId, files))
      .catch(() => undefined);
  }, [datasetId]);
}
