// Keys for the rows of a virtualised window that recycle their DOM: a row scrolled in takes the
// key (so the elements) of one scrolled out, and React updates text and attributes instead of
// removing and making nodes. The modulus is the most items the window has shown, not the current
// count: that count moves by one as rows come half into view, and a key of `index % count` would
// then change for every row at once (each row remounted: hundreds of nodes made in one frame).
import { useState } from 'react';

/** The slot count for a window now showing `shown` items: the most it has shown. Key an item by `index % slots`. */
export function useSlots(shown: number): number {
  const [most, setMost] = useState(shown);
  if (shown > most) setMost(shown);
  return Math.max(most, shown);
}

/**
 * The window's items in slot order (item i at i % slots; slots without an item left out). Rendered
 * in this order the slots' elements never move in the DOM: a moved element is taken out of the
 * layout tree and built again, as costly as a new one. Rows are placed by their own offset, so the
 * order on screen does not change; each row says its place with aria-rowindex.
 */
export function inSlotOrder<T extends { index: number }>(items: readonly T[], slots: number): T[] {
  const bySlot: (T | undefined)[] = new Array<T | undefined>(slots);
  for (const item of items) bySlot[item.index % slots] = item;
  return bySlot.filter((item): item is T => item !== undefined);
}
