// The review form's writes: a save, an update or a removal of one reviewer's review of a run, each
// stored in this browser, written through to reviews/<reviewer>.jsonl (reviewWriteThrough's path,
// the only one), and remembered with what it replaced so that Undo can write that back.
import { studioApi } from '../../../api/studio';
import { describeHostFailure } from '../../../state/hostErrors';
import { useStudioStore } from '../../../state/store';
import { writeReviewThrough } from './reviewWriteThrough';
import { recordReview, type Review } from './reviewsDb';
import { useReviewUndo, type ReviewChange } from './reviewUndo';

type What = 'Override' | 'Removal of the override' | 'Undo';

/** The status bar hears where each write went: written to reviews/<reviewer>.jsonl, or kept here for later. */
const reportWrite =
  (what: What, undoable: boolean) =>
  (error: unknown | null, path: string): void => {
    const { showMessage } = useStudioStore.getState();
    if (error === null) showMessage(`${what} written to ${path}${undoable ? ' (Undo in the form, or Ctrl+Z, takes it back)' : ''}`, 'info');
    else showMessage(describeHostFailure(`${what} kept in this browser, not yet in ${path}`, error), 'error');
  };

/** What the form says when the browser refuses to keep a write (storage off or full): nothing reached the file. */
export const refusedByBrowser = (what: string, failure: unknown) => `${what} is not saved: this browser refused to keep it (${failure instanceof Error ? failure.message : String(failure)}).`;

type Content = Pick<Review, 'label' | 'autoLabel' | 'reason'>;

/**
 * Sets the reviewer's review of the run (null: removes it), remembering `before` for Undo. Throws
 * when this browser refuses to keep it (nothing was written); the file's write goes on after it returns.
 */
export async function changeReview(datasetId: string, trajectoryId: string, reviewer: string, before: Content | undefined, after: Content | null): Promise<void> {
  const queued = await recordReview(datasetId, trajectoryId, reviewer, after);
  useReviewUndo.getState().recordChange({ datasetId, trajectoryId, reviewer, before: before ?? null });
  void writeReviewThrough(studioApi(), queued, reportWrite(after ? 'Override' : 'Removal of the override', true));
}

/**
 * Puts back the review the run's latest change replaced (or removes the one it added). Its
 * updated_at is now's: a write queued while the host is away keeps a file's line written later
 * than it (drainUnsent), and the old time would have kept the mistake. Returns the change undone.
 */
export async function undoLastChange(datasetId: string, trajectoryId: string): Promise<ReviewChange | null> {
  const change = useReviewUndo.getState().takeLastChange(datasetId, trajectoryId);
  if (!change) return null;
  try {
    const queued = await recordReview(datasetId, trajectoryId, change.reviewer, change.before);
    void writeReviewThrough(studioApi(), queued, reportWrite('Undo', false));
  } catch (failure) {
    useReviewUndo.getState().recordChange(change); // not undone: still there to undo
    throw failure;
  }
  return change;
}
