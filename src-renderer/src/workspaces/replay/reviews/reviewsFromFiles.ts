// The dataset's reviews/ files are the truth of its overrides: when Replay opens a dataset, the
// writes this browser still holds for the host are written first (reviewWriteThrough's queue), then
// the files are read and this browser's overrides of the dataset become theirs, with the writes
// still waiting on top. An override deleted from the files (a git revert, a teammate) is gone here
// too, so Replay's marks, its κ and its export count what Reports counts.
import { useEffect } from 'react';
import { EGOBENCH_LABELS } from '../../../../../shared/eval/profiles';
import { PAPER_LABELS } from '../../../../../shared/eval/paper-profile';
import { readReviewLines, reviewSupersedes, winningReviews, type ReviewFile } from '../../../../../shared/report/reviews';
import { readReviewFiles } from '../../../api/review-files';
import { reviewKey, reviewsDb, type Review } from './reviewsDb';
import { beginReviewReading, drainUnsent, takeReading } from './reviewWriteThrough';
import { dropTaking, showTaking, takingWritten, type TakenReviews } from './takingReviews';
import { studioApi } from '../../../api/studio';
import { onFilesChanged } from '../../../state/datasetChanges';
import { useStudioStore } from '../../../state/store';

const KNOWN_LABELS = new Set<string>([...PAPER_LABELS, ...EGOBENCH_LABELS]);

/**
 * The overrides of review files as this browser stores them: per trajectory and reviewer (a file's
 * reviewer when its lines name none) the latest. As Reports: a trajectory whose review that counts
 * (the latest, whoever gave it: reviewSupersedes) has a label the profile lacks has none here, and a
 * reviewer whose latest line has such a label has none of that trajectory (Reports lists those lines).
 */
export function reviewsOfFiles(datasetId: string, files: readonly ReviewFile[], labels: ReadonlySet<string> = KNOWN_LABELS): Review[] {
  const { reviews } = readReviewLines(files);
  const leftOut = new Set([...winningReviews(reviews).values()].filter((review) => !labels.has(review.label)).map((review) => review.trajectory_id));
  const latest = new Map<string, Omit<Review, 'label'> & { label: string }>();
  for (const record of reviews) {
    if (leftOut.has(record.trajectory_id)) continue;
    const key = reviewKey(datasetId, record.trajectory_id, record.by);
    const held = latest.get(key);
    const candidate = { updatedAt: record.updated_at, reviewer: record.by };
    if (held && !reviewSupersedes(held, candidate)) continue;
    latest.set(key, {
      key,
      datasetId,
      trajectoryId: record.trajectory_id,
      reviewer: record.by,
      label: record.label,
      // None when the line does not say: nothing to call stale, as Reports reads it.
      autoLabel: record.auto_label ?? null,
      reason: record.reason ?? '',
      updatedAt: record.updated_at,
    });
  }
  return [...latest.values()].filter((review): review is Review => labels.has(review.label));
}

/**
 * Makes this browser's overrides of the dataset those of the files, with the writes still queued
 * for the host on top (their override, or their removal); returns how many records changed, or null
 * when the files were read too early to be taken (`reading` began before a newer one was taken).
 */
export async function takeReviewsFromFiles(datasetId: string, files: readonly ReviewFile[], labels?: ReadonlySet<string>, reading = beginReviewReading()): Promise<number | null> {
  let taking = null as TakenReviews | null;
  try {
    const taken = await reviewsDb.transaction('rw', reviewsDb.reviews, reviewsDb.unsent, async () => {
      if (!takeReading(reading)) return null; // read before a later reading was taken or this page's write ended
      const truth = new Map(reviewsOfFiles(datasetId, files, labels).map((review) => [review.key, review]));
      for (const entry of await reviewsDb.unsent.where('datasetId').equals(datasetId).toArray()) {
        if (entry.review) truth.set(entry.key, entry.review);
        else truth.delete(entry.key);
      }
      const held = await reviewsDb.reviews.where('datasetId').equals(datasetId).toArray();
      const gone = held.filter((review) => !truth.has(review.key)).map((review) => review.key);
      const same = (a: Review, b: Review) => a.label === b.label && a.reason === b.reason && a.autoLabel === b.autoLabel && a.updatedAt === b.updatedAt;
      const byKey = new Map(held.map((review) => [review.key, review]));
      const changed = [...truth.values()].filter((review) => !byKey.has(review.key) || !same(byKey.get(review.key)!, review));
      // Shown from here while IndexedDB writes them (thousands take seconds there).
      if (gone.length + changed.length > 0) taking = showTaking(datasetId, [...truth.values()]);
      await reviewsDb.reviews.bulkDelete(gone);
      await reviewsDb.reviews.bulkPut(changed);
      return gone.length + changed.length;
    });
    if (taking) takingWritten(taking);
    return taken;
  } catch (error) {
    if (taking) dropTaking(taking); // nothing was written: the database's reviews are the ones to show
    throw error;
  }
}

/**
 * When Replay shows a dataset: its queued writes go to the host, then its files are taken. A read
 * that fails (the host is away) leaves this browser's overrides as they are, and the next opening tries again.
 */
export function useReviewsFromFiles(datasetId: string | null, profileLabels: readonly string[]): void {
  // The dataset profile's labels once known (a paper dataset's review of 'memory' is left out, as Reports leaves it out, with its line).
  const labelKey = profileLabels.join(',');
  useEffect(() => {
    if (!datasetId) return;
    const api = studioApi();
    const labels = labelKey ? new Set(labelKey.split(',')) : KNOWN_LABELS;
    let stopped = false;
    // A write that reaches the file here (the host back, a retry this drain scheduled in place of the
    // form's) is said, over the error the form's failed write left in the status bar.
    const written = (error: unknown | null, path: string) => {
      if (error === null) useStudioStore.getState().showMessage(`Overrides kept in this browser written to ${path}`, 'info');
    };
    const take = (): void =>
      void drainUnsent(api, datasetId, written)
        .then(async () => {
          const reading = beginReviewReading();
          // Read too early (a write of this page ended meanwhile): read again, the write's own change event may have come first.
          if ((await takeReviewsFromFiles(datasetId, await readReviewFiles(datasetId), labels, reading)) === null && !stopped) take();
        })
        .catch(() => undefined);
    take();
    // And again when a review file changes (a teammate's override, a git pull, this page's own write).
    const stopListening = onFilesChanged((change) => {
      if (change.datasetId === datasetId && change.paths.some((p) => p.startsWith('reviews/'))) take();
    });
    return () => {
      stopped = true;
      stopListening();
    };
  }, [datasetId, labelKey]);
}
