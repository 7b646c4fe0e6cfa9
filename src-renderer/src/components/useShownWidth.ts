// The width an element is shown at, kept up to date (a pane whose edge resizes it: where a drag or
// a key starts from, and the value its separator tells assistive technology).
import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The border-box width (px, 0 until measured) of the element `selector` finds in `container`; looked
 * for again when `shownFor` changes (null: not shown).
 */
export function useShownWidth(container: RefObject<HTMLElement | null>, selector: string, shownFor: string | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = shownFor !== null ? container.current?.querySelector(selector) : null;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [container, selector, shownFor]);
  return width;
}
