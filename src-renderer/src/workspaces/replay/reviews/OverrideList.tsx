// Every reviewer's override of one run, each with the automatic label it overrode and when.
import type { Review } from './reviewsDb';

export function OverrideList({ reviews }: { reviews: readonly Review[] }) {
  return (
    <ul className="override-list" aria-label="Overrides">
      {reviews.map((r) => (
        <li key={r.key} data-testid="override-entry">
          <span className={`label-chip label-${r.label}`}>{r.label}</span> by <strong>{r.reviewer}</strong>
          <span className="muted"> (auto: {r.autoLabel ?? 'not recorded'}, {new Date(r.updatedAt).toLocaleString()})</span>: {r.reason}
        </li>
      ))}
    </ul>
  );
}
