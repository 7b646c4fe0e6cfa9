// Replay's label overrides go to reviews/<reviewer>.jsonl on the host as they are made: the
// reviewer's file is read with its hash, this trajectory's line replaced (or removed), and written
// back with a conditional write, so another trajectory's line written meanwhile (another window,
// machine or program) is merged instead of lost. While the host cannot be reached the override
// stays in this browser (IndexedDB) and is written when the host answers again.
import type { StudioApi } from '../../../../../shared/api/studio-api';
import { StudioError } from '../../../../../shared/api/studio-error';
import { compareCodePoints } from '../../../../../shared/format/codepoint';
import { reviewerFileName, reviewLines } from './reviewFormat';
import type { Review } from './reviewsDb';

function trajectoryOf(raw: string): string | null {
  try {
    const value = JSON.parse(raw) as { trajectory_id?: unknown } | null;
    return value && typeof value.trajectory_id === 'string' ? value.trajectory_id : null;
  } catch {
    return null;
  }
}

/** The file's text with one trajectory's line set (or removed); other lines, unreadable ones too, kept; sorted by trajectory. */
export function withReviewLine(text: string | null, trajectoryId: string, review: Review | null): string {
  const lines = (text ?? '').split('\n').filter((raw) => raw.trim() !== '' && trajectoryOf(raw) !== trajectoryId);
  if (review) lines.push(reviewLines([review]).trimEnd());
  const key = (raw: string) => trajectoryOf(raw) ?? '';
  lines.sort((a, b) => compareCodePoints(key(a), key(b)));
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Writes one override (null: its removal) to the reviewer's file; returns the path written. */
export async function writeReview(api: StudioApi, datasetId: string, reviewer: string, trajectoryId: string, review: Review | null): Promise<string> {
  const path = reviewerFileName(reviewer);
  for (let attempt = 0; ; attempt++) {
    const { text, hash } = await api.datasets.readVersioned(datasetId, path);
    try {
      await api.datasets.writeIfUnchanged(datasetId, path, withReviewLine(text, trajectoryId, review), hash);
      return path;
    } catch (error) {
      if (attempt >= 4 || StudioError.from(error).code !== 'conflict') throw error;
    }
  }
}

const waiting = new Map<string, () => Promise<unknown>>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Writes now; when the host cannot be reached, keeps the latest write per file and trajectory and
 * tries again every 2 s. `onOutcome` hears each success or failure (for the status bar).
 */
export function writeReviewThrough(
  api: StudioApi,
  datasetId: string,
  reviewer: string,
  trajectoryId: string,
  review: Review | null,
  onOutcome: (error: unknown | null, path: string) => void,
): void {
  const key = `${datasetId}\u0000${reviewer}\u0000${trajectoryId}`;
  const attempt = () =>
    writeReview(api, datasetId, reviewer, trajectoryId, review).then(
      (path) => {
        if (waiting.get(key) === attempt) waiting.delete(key);
        onOutcome(null, path);
      },
      (error: unknown) => {
        if (StudioError.from(error).code === 'unreachable') {
          scheduleRetry();
        } else if (waiting.get(key) === attempt) waiting.delete(key);
        onOutcome(error, reviewerFileName(reviewer));
      },
    );
  waiting.set(key, attempt);
  void attempt();
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    for (const attempt of waiting.values()) void attempt();
  }, 2000);
}
