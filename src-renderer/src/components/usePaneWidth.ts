// A pane's width the user set with its Resizer, remembered in this browser (a view preference,
// not the dataset's); null: the pane's own fitted width.
import { useCallback, useState } from 'react';
import { readBrowserJson, writeBrowserJson } from '../state/tabStorage';

/** Widths a pane may be given (px); the page's layout may narrow it further. */
export const PANE_MIN_WIDTH = 280;
export const PANE_MAX_WIDTH = 4000;

const storedWidth = (key: string): number | null => {
  const value = readBrowserJson(key);
  return typeof value === 'number' && Number.isFinite(value) ? clampPaneWidth(value) : null;
};

const clampPaneWidth = (width: number): number => Math.round(Math.min(PANE_MAX_WIDTH, Math.max(PANE_MIN_WIDTH, width)));

export function usePaneWidth(key: string): [number | null, (width: number | null) => void] {
  const [width, setWidthState] = useState(() => storedWidth(key));
  const setWidth = useCallback(
    (next: number | null) => {
      const value = next === null ? null : clampPaneWidth(next);
      writeBrowserJson(key, value ?? undefined);
      setWidthState(value);
    },
    [key],
  );
  return [width, setWidth];
}
