// Long lists shown a page at a time (the dashboard's disagreements, the audit's tasks): thousands
// of rows of a dozen nodes each would be built, and re-rendered with their view, at once.
import { useState } from 'react';

/** The first pages of `items` shown so far, and the button that shows one more page. */
export function usePaged<T>(items: readonly T[], page: number, testId: string) {
  const [shown, setShown] = useState(page);
  const rest = items.length - shown;
  return {
    visible: rest > 0 ? items.slice(0, shown) : items,
    more:
      rest > 0 ? (
        <button type="button" className="link-button" onClick={() => setShown((n) => n + page)} data-testid={testId}>
          Show {Math.min(page, rest)} more of the {rest.toLocaleString('en-US')} not shown
        </button>
      ) : null,
  };
}
