// Replay's overrides (reviewsOfFiles, latestReviews) and Reports' (parseReviews, unknownLabelProblem)
// count the same review of each trajectory. An exploratory review found three ways they parted:
// a later line with a label the profile lacks, two reviewers at the same instant, and a line with no
// auto_label (Replay called it stale).
import { describe, expect, it } from 'vitest';
import { parseReviews, unknownLabelProblem, type ReviewFile } from '../../../../../shared/report/reviews';
import { allowedByReview } from '../list/reviewFilter';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { latestReviews } from './latestLabels';
import { reviewsOfFiles } from './reviewsFromFiles';

const PAPER = ['correct', 'syntactic', 'perception', 'hallucination', 'logic', 'over_operation'];
const line = (fields: Record<string, string>) => JSON.stringify({ trajectory_id: 'run-1', ...fields });
const file = (reviewer: string, ...lines: string[]): ReviewFile => ({ path: `reviews/${reviewer}.jsonl`, text: lines.join('\n') + '\n' });

/** The label each side shows for run-1: Replay's latest review, Reports' winning review if its label is known. */
function both(files: ReviewFile[]) {
  const replay = latestReviews(reviewsOfFiles('d', files, new Set(PAPER))).get('run-1');
  const winner = parseReviews(files).overrides.get('run-1');
  const reports = winner && !unknownLabelProblem(winner, PAPER) ? { label: winner.label, by: winner.reviewer ?? winner.source.file } : undefined;
  return { replay: replay && { label: replay.label, by: replay.reviewer }, reports };
}

describe('Replay and Reports count the same review of a trajectory', () => {
  it('when its latest line has a label the profile lacks: neither counts an override (Reports lists the line)', () => {
    const files = [file('bob', line({ label: 'logic', updated_at: '2026-12-01T00:00:00Z' }), line({ label: 'memory', updated_at: '2026-12-02T00:00:00Z' }))];
    expect(both(files)).toEqual({ replay: undefined, reports: undefined });
  });

  it("when another reviewer's later line has such a label: neither counts the earlier one", () => {
    const files = [file('ann', line({ label: 'logic', updated_at: '2026-12-01T00:00:00Z' })), file('bob', line({ label: 'memory', updated_at: '2026-12-02T00:00:00Z' }))];
    expect(both(files)).toEqual({ replay: undefined, reports: undefined });
  });

  it('when two reviewers wrote at the same instant: the one whose name sorts later, whatever order the files are read in', () => {
    const at = '2026-12-01T10:00:00.000Z';
    const dash = file('b-a', line({ label: 'logic', reviewer: 'b-a', updated_at: at }));
    const space = file('b c', line({ label: 'over_operation', reviewer: 'b c', updated_at: at }));
    for (const files of [
      [dash, space],
      [space, dash],
    ]) {
      const { replay, reports } = both(files);
      expect(replay).toEqual({ label: 'logic', by: 'b-a' });
      expect(reports?.label).toBe('logic');
    }
  });

  it('a review line that does not say what it overrode is not "reviewed on another automatic label"', () => {
    const files = [file('ann', line({ label: 'logic', updated_at: '2026-12-01T00:00:00Z' }))];
    const [review] = reviewsOfFiles('d', files, new Set(PAPER));
    expect(review.autoLabel).toBeNull();
    const row = { id: 'run-1', label: 'perception' } as TrajectoryRow;
    expect(allowedByReview([row], new Map([['run-1', review]]), 'stale', null)?.size).toBe(0);
    expect(allowedByReview([row], new Map([['run-1', review]]), 'changed', null)?.size).toBe(1);
  });
});
