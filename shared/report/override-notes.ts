// What a report's override counts say beyond the overrides applied: the same words in Reports and
// in `egostudio report`.
import type { ReportModel } from './build';

/** What the overrides' counts say beyond the ones applied. */
export function overrideNotesOf({ stale, unknownTrajectory }: ReportModel['overrides']): string[] {
  const notes: string[] = [];
  if (stale > 0)
    notes.push(
      `${stale} override(s) were made when the automatic label was another (the runs, ground truth or scenarios changed since): applied as written; check them in Replay.`,
    );
  if (unknownTrajectory > 0) notes.push(`${unknownTrajectory} override(s) name a run this report does not have (an imported run, or one removed): left out.`);
  return notes;
}
