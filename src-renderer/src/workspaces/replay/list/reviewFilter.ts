// The trajectory list's review filter: runs by whether a person reviewed them (Replay's overrides),
// within the dialogue search. An analyst works through the failures no one has reviewed yet.
import type { TrajectoryRow } from '../../../evaluation/protocol';

/** The runs shown by whether a person reviewed them: an analyst works through the failures not reviewed yet. */
export type ReviewState = 'all' | 'unreviewed-failures' | 'reviewed' | 'changed';
export const REVIEW_STATES: readonly [ReviewState, string][] = [
  ['all', 'Reviewed or not'],
  ['unreviewed-failures', 'Failures not reviewed'],
  ['reviewed', 'Reviewed'],
  ['changed', 'Label changed by a review'],
];

/** The ids the review filter lets through, within the dialogue search's (null: every row). */
export function allowedByReview(rows: readonly TrajectoryRow[], overrides: ReadonlyMap<string, string>, state: ReviewState, searchIds: ReadonlySet<string> | null): ReadonlySet<string> | null {
  if (state === 'all') return searchIds;
  const keep = (row: TrajectoryRow) => {
    const human = overrides.get(row.id);
    if (state === 'reviewed') return human !== undefined;
    if (state === 'changed') return human !== undefined && human !== row.label;
    return human === undefined && row.label !== 'correct';
  };
  const ids = new Set<string>();
  for (const row of rows) if ((searchIds === null || searchIds.has(row.id)) && keep(row)) ids.add(row.id);
  return ids;
}

