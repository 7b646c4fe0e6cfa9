// Where a view replaces the one that had the focus (a task after n/p, the list after the matrix),
// the focused element leaves with it and the focus falls to <body>, where no list's keys work. The
// view that arrives takes it then, but only then: a person who put it somewhere keeps it there.

/** Nothing has the focus: the element that had it went with the view that left. */
export function focusLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}
