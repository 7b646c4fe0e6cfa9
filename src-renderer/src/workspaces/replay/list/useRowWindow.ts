// The trajectory list's rows as a window (@tanstack/react-virtual): only the rows in view are in the
// DOM, and the selected row is kept in view when it changes from outside (deep link, keys).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';

export const ROW_HEIGHT = 28;

/** The window over `count` rows, scrolled by the element `scrollRef` is set on; `selectedIndex` -1: none selected. */
export function useRowWindow(count: number, selectedIndex: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is used as documented
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // A fast scroll replaces every row in each frame: rows beyond the view cost as much as those in it.
    overscan: 2,
  });

  // Keep the selected row in view when it changes from outside (deep link, keys).
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);
  return { scrollRef, virtualizer };
}
