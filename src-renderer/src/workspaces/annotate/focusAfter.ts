// Keyboard focus past an element: the first control after it (or the last before it) in tab
// order (document order, tabIndex >= 0, enabled and shown). The code editor uses it so Escape and
// Shift+Escape leave Monaco, where Tab and Shift+Tab indent.
const TABBABLE = 'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]';

function tabbable(element: HTMLElement, side: number): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (candidate) =>
      candidate.tabIndex >= 0 &&
      !(candidate as HTMLButtonElement).disabled &&
      !element.contains(candidate) &&
      candidate.getClientRects().length > 0 &&
      element.compareDocumentPosition(candidate) & side,
  );
}

export function focusAfter(element: HTMLElement): void {
  tabbable(element, Node.DOCUMENT_POSITION_FOLLOWING)[0]?.focus();
}

export function focusBefore(element: HTMLElement): void {
  tabbable(element, Node.DOCUMENT_POSITION_PRECEDING).at(-1)?.focus();
}
