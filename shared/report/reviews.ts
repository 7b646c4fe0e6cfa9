// Human label overrides from `reviews/<reviewer>.jsonl`: per trajectory the review with the
// latest `updated_at` wins, whoever wrote it.
import * as z from 'zod';
import { isUtf8Text, unreadLineMessage } from '../format/jsonl';
import { parseJsonlLine } from '../format/loader';
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

/** True when a review stamped `b` replaces one stamped `a`: a later time, or the same time read later. */
export function supersedes(a: string, b: string): boolean {
  const ta = timeOf(a);
  const tb = timeOf(b);
  if (tb !== ta) return tb > ta;
  return b >= a;
}

/** Parses review files (in the order given) into the winning review per trajectory. */
export function parseReviews(files: readonly ReviewFile[]): { overrides: Map<string, ReviewRecord>; problems: Problem[] } {
  const overrides = new Map<string, ReviewRecord>();
  const problems: Problem[] = [];
  for (const { path, text } of files) {
    const lines = text.split(/\r?\n/);
    lines.forEach((lineText, index) => {
      // A line the host's reader marked as not UTF-8 is said as such, not as the JSON error its mark makes.
      if (!isUtf8Text(lineText)) {
        problems.push({ file: path, line: index + 1, message: unreadLineMessage({ kind: 'not-utf8', lineNumber: index + 1 }) });
        return;
      }
      const parsed = parseJsonlLine(lineText, index + 1, reviewLine);
      if (parsed === null) return;
      if (!parsed.ok) {
        problems.push({ file: path, line: index + 1, message: parsed.message });
        return;
      }
      const v = parsed.value;
      if (Number.isNaN(Date.parse(v.updated_at))) {
        problems.push({ file: path, line: index + 1, message: `updated_at "${v.updated_at}" is not a date; review left out` });
        return;
      }
      const record: ReviewRecord = {
        trajectory_id: v.trajectory_id,
        label: v.label,
        updated_at: v.updated_at,
        source: { file: path, line: index + 1 },
        ...(v.auto_label ? { auto_label: v.auto_label } : {}),
        ...(v.reason ? { reason: v.reason } : {}),
        ...(v.reviewer ? { reviewer: v.reviewer } : {}),
      };
      const current = overrides.get(record.trajectory_id);
      if (!current || supersedes(current.updated_at, record.updated_at)) overrides.set(record.trajectory_id, record);
    });
  }
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
