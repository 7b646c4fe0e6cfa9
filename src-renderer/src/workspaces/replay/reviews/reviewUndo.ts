// What each review change of this page replaced, so that it can be undone: a mistaken Update
// (bob's perception and its reason overwritten by syntactic "oops") or Remove mine lost the
// earlier line, on disk and on screen. Kept per run and reviewer, newest last, for the page only.
import { create } from 'zustand';
import type { Label } from '../../../../../shared/eval/profile';
import type { Review } from './reviewsDb';

/** A reviewer's review of a run as it was before a change (null: there was none). */
export interface ReviewChange {
  datasetId: string;
  trajectoryId: string;
  reviewer: string;
  before: Pick<Review, 'label' | 'autoLabel' | 'reason'> | null;
}

/** How many changes of one run are kept (a long session's undo list stays small). */
const KEPT_PER_RUN = 20;

const runKey = (datasetId: string, trajectoryId: string) => `${datasetId}\u0000${trajectoryId}`;

interface ReviewUndoState {
  /** Per run, its changes of this page, oldest first. */
  changes: ReadonlyMap<string, readonly ReviewChange[]>;
  /** A save, update or removal was made: remember what it replaced. */
  recordChange(change: ReviewChange): void;
  /** Takes the run's latest change off the list (to undo it); null when there is none. */
  takeLastChange(datasetId: string, trajectoryId: string): ReviewChange | null;
}

export const useReviewUndo = create<ReviewUndoState>()((set, get) => ({
  changes: new Map(),
  recordChange: (change) =>
    set(({ changes }) => {
      const key = runKey(change.datasetId, change.trajectoryId);
      const next = new Map(changes);
      next.set(key, [...(changes.get(key) ?? []), { ...change, before: change.before && { label: change.before.label, autoLabel: change.before.autoLabel, reason: change.before.reason } }].slice(-KEPT_PER_RUN));
      return { changes: next };
    }),
  takeLastChange: (datasetId, trajectoryId) => {
    const key = runKey(datasetId, trajectoryId);
    const list = get().changes.get(key);
    if (!list || list.length === 0) return null;
    const next = new Map(get().changes);
    next.set(key, list.slice(0, -1));
    set({ changes: next });
    return list[list.length - 1];
  },
}));

/** The run's latest change that Undo would take back, live. */
export function useLastReviewChange(datasetId: string, trajectoryId: string): ReviewChange | null {
  return useReviewUndo((state) => state.changes.get(runKey(datasetId, trajectoryId))?.at(-1) ?? null);
}

/** What Undo puts back, in words for its button ("perception: the wrong bottle", or "no review"). */
export function undoDescription(change: ReviewChange): string {
  return change.before ? `${change.before.label satisfies Label}: ${change.before.reason}` : 'no review';
}
