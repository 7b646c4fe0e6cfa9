// Human label overrides from `reviews/<reviewer>.jsonl`: per trajectory the review with the
// latest `updated_at` wins, whoever wrote it (reviewSupersedes: Reports and Replay alike).
import * as z from 'zod';
import { markedLine, unreadLineMessage } from '../format/jsonl';
import { parseJsonlLine } from '../format/loader';
import { MergeConflictRanges } from '../format/merge-conflict';
import { conflictCopyMessage, conflictCopyOf } from '../format/sync-conflict-copy';
import type { Problem } from '../format/types';
import type { ReviewRecord } from './types';

const reviewLine = z.object({
  trajectory_id: z.string().min(1),
  label: z.string().min(1),
  auto_label: z.string().optional().nullable(),
  reason: z.string().optional().nullable(),
  reviewer: z.string().optional().nullable(),
  updated_at: z.string().min(1),
});

export interface ReviewFile {
  /** Dataset-relative path, e.g. reviews/alice.jsonl. */
  path: string;
  text: string;
}

/** True for the files the report reads reviews from. */
export function isReviewFile(path: string): boolean {
  return /^reviews\/[^/]+\.jsonl$/.test(path);
}

function timeOf(stamp: string): number {
  const t = Date.parse(stamp);
  return Number.isNaN(t) ? -Infinity : t;
}

/** Who gave a review: its line's `reviewer`, else the name of its file (reviews/<reviewer>.jsonl). */
export function reviewerOf(reviewer: string | null | undefined, path: string): string {
  return reviewer || path.replace(/^reviews\//, '').replace(/\.jsonl$/, '');
}

/** What decides which of two reviews of a trajectory counts. */
export interface ReviewStamp {
  updatedAt: string;
  reviewer: string;
}

/**
 * True when review `b` replaces review `a` of the same trajectory: the later `updated_at`; at the
 * same time, the reviewer whose name sorts later, so that Reports and Replay pick the same one
 * whatever order each reads the files in; the same reviewer at the same time, the one read later.
 */
export function reviewSupersedes(a: ReviewStamp, b: ReviewStamp): boolean {
  const ta = timeOf(a.updatedAt);
  const tb = timeOf(b.updatedAt);
  if (tb !== ta) return tb > ta;
  if (a.reviewer !== b.reviewer) return b.reviewer > a.reviewer;
  return b.updatedAt >= a.updatedAt;
}

/** A review line as read, with who gave it (reviewerOf). */
export type ReadReview = ReviewRecord & { by: string };

/** Every readable review line of the files (in the order given), and the problems of the others. */
export function readReviewLines(files: readonly ReviewFile[]): { reviews: ReadReview[]; problems: Problem[] } {
  const reviews: ReadReview[] = [];
  const problems: Problem[] = [];
  for (const { path, text } of files) {
    // Its lines are older copies of a reviewer's: read, they brought back an override removed since.
    const original = conflictCopyOf(path);
    if (original !== null) {
      problems.push({ file: path, line: 0, message: conflictCopyMessage(original) });
      continue;
    }
    const lines = text.split(/\r?\n/);
    const conflicts = new MergeConflictRanges();
    lines.forEach((lineText, index) => {
      // A line the host's reader marked (not UTF-8, too long) is said as such, not as the JSON error its mark makes.
      const marked = markedLine(lineText, index + 1);
      if (marked) {
        problems.push({ file: path, line: index + 1, message: unreadLineMessage(marked) });
        return;
      }
      const parsed = parseJsonlLine(lineText, index + 1, reviewLine);
      const problem = parsed?.ok === false ? { file: path, line: index + 1, message: parsed.message } : undefined;
      if (problem) problems.push(problem);
      conflicts.see(index + 1, lineText, problem);
      if (parsed === null || !parsed.ok) return;
      const v = parsed.value;
      if (Number.isNaN(Date.parse(v.updated_at))) {
        problems.push({ file: path, line: index + 1, message: `updated_at "${v.updated_at}" is not a date; review left out` });
        return;
      }
      reviews.push({
        trajectory_id: v.trajectory_id,
        label: v.label,
        updated_at: v.updated_at,
        source: { file: path, line: index + 1 },
        ...(v.auto_label ? { auto_label: v.auto_label } : {}),
        ...(v.reason ? { reason: v.reason } : {}),
        ...(v.reviewer ? { reviewer: v.reviewer } : {}),
        by: reviewerOf(v.reviewer, path),
      });
    });
  }
  return { reviews, problems };
}

const stampOf = (review: ReadReview): ReviewStamp => ({ updatedAt: review.updated_at, reviewer: review.by });

/** The review that counts per trajectory (reviewSupersedes), whoever gave it. */
export function winningReviews(reviews: readonly ReadReview[]): Map<string, ReadReview> {
  const winners = new Map<string, ReadReview>();
  for (const review of reviews) {
    const current = winners.get(review.trajectory_id);
    if (!current || reviewSupersedes(stampOf(current), stampOf(review))) winners.set(review.trajectory_id, review);
  }
  return winners;
}

/** Parses review files (in the order given) into the winning review per trajectory. */
export function parseReviews(files: readonly ReviewFile[]): { overrides: Map<string, ReviewRecord>; problems: Problem[] } {
  const { reviews, problems } = readReviewLines(files);
  const overrides = new Map<string, ReviewRecord>();
  for (const [id, { by: _by, ...record }] of winningReviews(reviews)) overrides.set(id, record);
  return { overrides, problems };
}

/** A winning review whose label the dataset's profile does not have: left out, with this problem at its line. */
export function unknownLabelProblem(review: ReviewRecord, labels: readonly string[]): Problem | null {
  return labels.includes(review.label) ? null : { ...review.source, message: `label "${review.label}" is not one of ${labels.join(', ')}; review left out` };
}

/** Every problem of the review files that Reports lists: lines that cannot be read, and labels the profile does not have. */
export function reviewFileProblems(files: readonly ReviewFile[], labels: readonly string[]): Problem[] {
  const { overrides, problems } = parseReviews(files);
  for (const review of overrides.values()) {
    const problem = unknownLabelProblem(review, labels);
    if (problem) problems.push(problem);
  }
  return problems;
}
