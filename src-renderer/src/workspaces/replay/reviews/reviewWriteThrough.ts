// Replay's label overrides go to reviews/<reviewer>.jsonl on the host as they are made: the
// reviewer's file is read with its hash, this trajectory's line replaced (or removed), and written
// back with a conditional write, so another trajectory's line written meanwhile (another window,
// machine or program) is merged instead of lost. Each write is queued in IndexedDB first: while the
// host cannot be reached it waits there, through reloads, and is written when the host answers again.
import type { StudioApi } from '../../../../../shared/api/studio-api';
import { StudioError } from '../../../../../shared/api/studio-error';
import { compareCodePoints } from '../../../../../shared/format/codepoint';
import { setKeyedLines, type LineChange } from '../../../../../shared/format/keyed-lines';
import { afterEarlierWrites, rewriteFile, rewriteNow } from '../../../api/file-rewrite';
import { reviewerFileName, reviewLines } from './reviewFormat';
import { reviewsDb, type Review, type UnsentReview } from './reviewsDb';
import { groupBy } from '../../../../../shared/collections/group-by';

/** A line's trajectory, time and reviewer, read once: nulls for a line that is no review (kept as it is). */
function lineFacts(raw: string): { id: string | null; updatedAt: string | null; reviewer: string | null } {
  try {
    const value = JSON.parse(raw) as { trajectory_id?: unknown; updated_at?: unknown; reviewer?: unknown } | null;
    if (typeof value !== 'object' || value === null) return { id: null, updatedAt: null, reviewer: null };
    return {
      id: typeof value.trajectory_id === 'string' ? value.trajectory_id : null,
      updatedAt: typeof value.updated_at === 'string' ? value.updated_at : null,
      reviewer: typeof value.reviewer === 'string' ? value.reviewer : null,
    };
  } catch {
    return { id: null, updatedAt: null, reviewer: null };
  }
}

/** The trajectory of a line that `reviewer` may change in the file (theirs, or naming no reviewer), else null. */
const ownTrajectory = (reviewer: string) => (raw: string) => {
  const facts = lineFacts(raw);
  return facts.id !== null && (facts.reviewer === null || facts.reviewer === reviewer) ? facts.id : null;
};

/**
 * The reviewer's file's text with these trajectories' lines set (null: removed); other lines,
 * unreadable ones too, kept, and so are lines another reviewer wrote (two names can map to one
 * file: "李明" and "王芳" both to reviews/__.jsonl, and one's override replaced the other's).
 * A save changes its one line in place (a new one goes at the end): the file's order, blank lines
 * and line endings stay, so git shows one line changed (it showed every line, the file re-sorted).
 * With `keepNewer` (an export or queued overrides), a trajectory whose line in the file was updated
 * after the review given for it keeps its line (a teammate's later override wins); lines change in
 * place there too. Refused ('unresolved') when a line to set is in the file twice or
 * inside a git merge conflict: writing it would drop the other unseen.
 */
export function withReviewLines(text: string | null, reviewer: string, changes: ReadonlyMap<string, Review | null>, keepNewer = false): string {
  const set = new Map(
    [...changes].map(([id, mine]): [string, LineChange] => [
      id,
      (current) => {
        const updatedAt = current === null ? null : lineFacts(current).updatedAt;
        // Times compare as instants (a file's '...Z' and this browser's '....000Z' may be the same one).
        if (keepNewer && mine && updatedAt !== null && Date.parse(updatedAt) > Date.parse(mine.updatedAt)) return current;
        return mine ? reviewLines([mine]).trimEnd() : null;
      },
    ]),
  );
  const result = setKeyedLines(text, ownTrajectory(reviewer), set, (id) => `the review of "${id}"`);
  if (!result.ok) throw new StudioError('unresolved', `${reviewerFileName(reviewer)}: ${result.conflict}; nothing was written`);
  return result.text;
}

/** The reviewer's file's text with one trajectory's line set (or removed). */
export function withReviewLine(text: string | null, reviewer: string, trajectoryId: string, review: Review | null): string {
  return withReviewLines(text, reviewer, new Map([[trajectoryId, review]]));
}

/** Writes one override (null: its removal) to the reviewer's file; returns the path written. */
export async function writeReview(api: StudioApi, datasetId: string, reviewer: string, trajectoryId: string, review: Review | null): Promise<string> {
  const path = reviewerFileName(reviewer);
  await rewriteFile(api, datasetId, path, (text) => withReviewLine(text, reviewer, trajectoryId, review));
  return path;
}

/**
 * Writes this browser's overrides into their reviewers' files, merged line by line: the files' other
 * trajectories stay, and a line updated later than this browser's override of it is kept.
 */
export async function exportReviews(api: StudioApi, datasetId: string, reviews: readonly Review[]): Promise<{ path: string; count: number }[]> {
  const byReviewer = groupBy(reviews, (review) => review.reviewer);
  const written = [];
  for (const [reviewer, list] of [...byReviewer].sort(([a], [b]) => compareCodePoints(a, b))) {
    const path = reviewerFileName(reviewer);
    await rewriteFile(api, datasetId, path, (text) => withReviewLines(text, reviewer, new Map(list.map((r) => [r.trajectoryId, r])), true));
    written.push({ path, count: list.length });
  }
  return written;
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Readings of the review files, numbered as they begin. One is taken into this browser only if no
 * later one was and no write of this page ended since it began: a reading begun before a write
 * ended holds neither the written line nor (once the write is off the queue) the queued one.
 */
let readings = 0;
let newestTaken = 0;
export const beginReviewReading = (): number => ++readings;
/** Whether the reading may be taken; if so, it is the newest taken. */
export function takeReading(reading: number): boolean {
  if (reading < newestTaken) return false;
  newestTaken = reading;
  return true;
}

/** Takes written entries off the queue, each unless a newer write of it was queued meanwhile. */
async function forgetWritten(entries: readonly UnsentReview[]): Promise<void> {
  await reviewsDb.transaction('rw', reviewsDb.unsent, async () => {
    for (const entry of entries) if ((await reviewsDb.unsent.get(entry.key))?.queuedAt === entry.queuedAt) await reviewsDb.unsent.delete(entry.key);
  });
  newestTaken = ++readings;
}

/** Writes one queued entry and takes it off the queue. */
async function writeUnsent(api: StudioApi, entry: UnsentReview): Promise<string> {
  const path = await writeReview(api, entry.datasetId, entry.reviewer, entry.trajectoryId, entry.review);
  await forgetWritten([entry]);
  return path;
}

/**
 * Writes a queued write now (recordReview queued it in IndexedDB): while the host cannot be reached
 * it stays there (a reload or another day included) and is tried again every 2 s, and when Replay
 * opens the dataset (drainUnsent). `onOutcome` hears each success or failure (for the status bar).
 */
export function writeReviewThrough(api: StudioApi, entry: UnsentReview, onOutcome: (error: unknown | null, path: string) => void): Promise<void> {
  return attempt(api, entry, onOutcome);
}

async function attempt(api: StudioApi, entry: UnsentReview, onOutcome: (error: unknown | null, path: string) => void): Promise<void> {
  try {
    onOutcome(null, await writeUnsent(api, entry));
  } catch (error) {
    onOutcome(error, reviewerFileName(entry.reviewer));
    // Not reachable: kept, and tried again. Refused (a role, a full disk): said, and not tried for ever.
    if (StudioError.from(error).code === 'unreachable') scheduleRetry(api, entry.datasetId, onOutcome);
    else await reviewsDb.unsent.delete(entry.key);
  }
}

/**
 * Writes the dataset's queued writes, one rewrite per reviewer's file (a browser upgraded from
 * version 1 queues every override it held); a line updated later in the file than the queued
 * override is kept. Stops when the host does not answer; returns how many entries were written.
 */
export async function drainUnsent(api: StudioApi, datasetId: string, onOutcome: (error: unknown | null, path: string) => void = () => undefined): Promise<number> {
  const queued = () => reviewsDb.unsent.where('datasetId').equals(datasetId).toArray();
  const reviewers = new Set((await queued()).map((entry) => entry.reviewer));
  let written = 0;
  for (const reviewer of reviewers) {
    const path = reviewerFileName(reviewer);
    // The queue as it is when this file's turn comes: a write queued since is newer than the one listed above.
    const outcome = await afterEarlierWrites(datasetId, path, async () => {
      const entries = (await queued()).filter((entry) => entry.reviewer === reviewer);
      if (entries.length === 0) return 'none';
      try {
        await rewriteNow(api, datasetId, path, (text) => withReviewLines(text, reviewer, new Map(entries.map((e) => [e.trajectoryId, e.review])), true));
        written += entries.length;
        onOutcome(null, path);
      } catch (error) {
        onOutcome(error, path);
        if (StudioError.from(error).code === 'unreachable') return 'unreachable';
        // Refused (a role, a full disk): said once, not tried for ever.
      }
      await forgetWritten(entries);
      return 'done';
    });
    if (outcome === 'unreachable') {
      scheduleRetry(api, datasetId, onOutcome);
      return written;
    }
  }
  return written;
}

function scheduleRetry(api: StudioApi, datasetId: string, onOutcome: (error: unknown | null, path: string) => void): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void drainUnsent(api, datasetId, onOutcome), 2000);
}
