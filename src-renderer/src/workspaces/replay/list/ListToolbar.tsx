// Above the trajectory list: the dialogue search, the review filter, how many runs are shown of
// how many, and a button that clears every filter (shown while one is set).
import { REVIEW_STATES, type ReviewState } from './reviewFilter';

export function ListToolbar({ query, onQuery, review, onReview, shown, total, filtered, onClear }: {
  query: string;
  onQuery(query: string): void;
  review: ReviewState;
  onReview(review: ReviewState): void;
  shown: number;
  total: number;
  /** A filter, the search or the review filter is set. */
  filtered: boolean;
  onClear(): void;
}) {
  return (
    <div className="list-toolbar">
      <input
        type="search"
        className="dialogue-search"
        placeholder="Search the dialogue…"
        aria-label="Search the dialogue"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
      />
      <select aria-label="Filter Review" data-testid="review-filter" value={review} onChange={(e) => onReview(e.target.value as ReviewState)}>
        {REVIEW_STATES.map(([state, text]) => (
          <option key={state} value={state}>
            {text}
          </option>
        ))}
      </select>
      <span className="muted list-count" data-testid="list-count">
        {shown.toLocaleString()} of {total.toLocaleString()}
      </span>
      {filtered ? (
        <button type="button" className="link-button" onClick={onClear}>
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
