// The replayed run's label in its header: the reviewer's label when a review overrode it (the one
// Reports counts), with the automatic label beside it, named as such ("logic ✎ by rita (auto:
// perception)"). It showed the automatic label alone, titled so, under a saved override.
import { labelTitle, type LabelReview } from './reviewedLabel';

export function ReviewedLabelBadge({ auto, review, imported }: { auto: string; review: LabelReview | null; imported: boolean }) {
  const shown = review?.label ?? auto;
  return (
    <span className="reviewed-label">
      <span data-testid="label-badge" className={`label-badge label-${shown}`} data-label={shown} data-auto-label={auto} title={labelTitle(auto, review, imported)}>
        {shown}
      </span>
      {review ? (
        <span className="label-origin" data-testid="label-origin">
          ✎ {review.label === auto ? `confirmed by ${review.reviewer}` : `by ${review.reviewer} (auto: ${auto})`}
        </span>
      ) : null}
    </span>
  );
}
