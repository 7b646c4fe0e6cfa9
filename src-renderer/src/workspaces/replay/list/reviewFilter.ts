// The trajectory list's review filter: runs by whether a person reviewed them (Replay's overrides),
// within the dialogue search. An analyst works through the failures no one has reviewed yet.
import type { TrajectoryRow } from '../../../evaluation/protocol';

/** The runs shown by whether a person reviewed them: an analyst works through the failures not reviewed yet. */
export type ReviewState = 'all' | 'unreviewed-failures' | 'reviewed' | 'changed' | 'stale';
export const REVIEW_STATES: readonly [ReviewState, string][] = [
  ['all', 'Reviewed or not'],
  ['unreviewed-failures', 'Failures not reviewed'],
  ['reviewed', 'Reviewed'],
  ['changed', 'Label changed by a review'],
  // Scored again since (a ground truth or tool changed): the review judged another automatic label.
  ['stale', 'Reviewed on another automatic label'],
];

/** The review that counts for a run: the label it gave, and the automatic label it was given on. */
export interface CountingReview {
  label: string;
  /** null: the review does not say (nothing to call stale). */
  autoLabel: string | null;
}

/** The ids the review filter lets through, within the dialogue search's (null: every row). */
export function allowedByReview(rows: readonly TrajectoryRow[], reviews: ReadonlyMap<string, CountingReview>, state: ReviewState, searchIds: ReadonlySet<string> | null): ReadonlySet<string> | null {
  if (state === 'all') return searchIds;
  const keep = (row: TrajectoryRow) => {
    const review = reviews.get(row.id);
    if (state === 'reviewed') return review !== undefined;
    if (state === 'changed') return review !== undefined && review.label !== row.label;
    if (state === 'stale') return review !== undefined && review.autoLabel !== null && review.autoLabel !== row.label;
    return review === undefined && row.label !== 'correct';
  };
  const ids = new Set<string>();
  for (const row of rows) if ((searchIds === null || searchIds.has(row.id)) && keep(row)) ids.add(row.id);
  return ids;
}

