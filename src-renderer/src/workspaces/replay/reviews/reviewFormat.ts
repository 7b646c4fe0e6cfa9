// The export format of human overrides: reviews/<reviewer>.jsonl in the dataset, one line per
// trajectory, sorted by trajectory id:
// {"trajectory_id","label","auto_label","reason","reviewer","updated_at"}
import { compareCodePoints } from '../../../../../shared/format/codepoint';
import { personFilePath } from '../../../state/personFile';
import type { Review } from './reviewsDb';

/** A reviewer's name as a file name: letters, digits, '.', '_' and '-'; others become '_'. */
export const reviewerFileName = (reviewer: string): string => personFilePath('reviews', reviewer, 'reviewer');

export function reviewLines(reviews: readonly Review[]): string {
  return [...reviews]
    .sort((a, b) => compareCodePoints(a.trajectoryId, b.trajectoryId))
    .map((r) =>
      JSON.stringify({
        trajectory_id: r.trajectoryId,
        label: r.label,
        auto_label: r.autoLabel,
        reason: r.reason,
        reviewer: r.reviewer,
        updated_at: r.updatedAt,
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}
