// The list's Label cell: the label that counts first (a reviewer's, marked ✎, as Reports counts it),
// then the automatic one, named as such: "logic ✎ (auto: perception)". It showed "perception → logic ✎"
// in a column as wide as one chip, cut to "perception → …". The column is fitted to these texts
// (labelCellText) when there are overrides; its title holds the whole of it if narrowed by hand.
import { labelCellText } from '../reviews/reviewedLabel';

export function LabelCell({ auto, override, disagreement }: { auto: string; override: string | null; disagreement: string | null }) {
  const shown = override ?? auto;
  const title =
    override === null
      ? `${auto} (automatic label)`
      : override === auto
        ? `${auto}: the automatic label, confirmed by a review`
        : `${labelCellText(auto, override)}: a reviewer changed the label to ${override} (Reports counts it so, with overrides); the cascade said ${auto}`;
  return (
    <div role="cell" className="cell col-label" title={title}>
      <span className={`label-chip label-${shown}`}>{shown}</span>
      {override !== null ? <span className="override-mark"> ✎</span> : null}
      {override !== null && override !== auto ? <span className="auto-label"> (auto: {auto})</span> : null}
      {disagreement !== null ? (
        <span className="review-conflict" title={`Reviewers differ (the latest counts): ${disagreement}`} data-testid="review-conflict">
          {' '}
          ≠
        </span>
      ) : null}
    </div>
  );
}
