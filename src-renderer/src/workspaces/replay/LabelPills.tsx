// The pills of one predicate of the taxonomy cascade: which label is the run's. Under a review
// that overrides it, the cascade's own label is the automatic one and the reviewer's predicate
// carries the label (it said 'label' on the automatic one only, as if no review were saved).
import type { LabelReview } from './reviews/reviewedLabel';

/**
 * A predicate's classes, in both profiles' class lists: the cascade's label (fired), set aside by
 * a review (overridden), the review's (reviewed).
 */
export function predicateClass(held: boolean, fired: boolean, label: string, review: LabelReview | null): string {
  const overridden = review !== null && review.label !== label;
  return [
    'predicate',
    held ? 'held' : 'not-held',
    fired ? 'fired' : '',
    fired && overridden ? 'overridden' : '',
    !fired && review?.label === label ? 'reviewed' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function LabelPills({ label, fired, review }: { label: string; fired: boolean; review: LabelReview | null }) {
  const reviewed = review !== null && review.label === label;
  if (fired && reviewed) {
    return (
      <>
        <span className="pill fired-pill">label</span>
        <span className="pill review-pill">✎ confirmed by {review.reviewer}</span>
      </>
    );
  }
  if (fired && review !== null) return <span className="pill auto-pill" title={`the cascade's label; ${review.reviewer}'s review set ${review.label}`}>automatic label</span>;
  if (fired) return <span className="pill fired-pill">label</span>;
  if (reviewed) return <span className="pill fired-pill" title={`${review.reviewer}'s review (the label Reports counts)`}>label ✎ {review.reviewer}</span>;
  return null;
}
