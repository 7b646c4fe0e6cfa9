// Keyboard focus past an element: the first control after it in tab order (document order,
// tabIndex >= 0, enabled and shown). The code editor uses it so Escape leaves Monaco, where
// Tab indents.
const TABBABLE = 'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]';

export function focusAfter(element: HTMLElement): void {
  const candidates = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (candidate) =>
      candidate.tabIndex >= 0 &&
      !(candidate as HTMLButtonElement).disabled &&
      !element.contains(candidate) &&
      candidate.getClientRects().length > 0 &&
      element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  candidates[0]?.focus();
}
