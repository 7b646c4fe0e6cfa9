// Column widths: fitted to the columns' distinct values, under the widths the user set (remembered).
import { useCallback, useMemo, useState } from 'react';
import { clampWidth, fitWidthsOfValues, labelColumnWidth, parseStoredWidths, type ColumnId, type ColumnWidths } from '../listModel';

const WIDTHS_KEY = 'egobench.replay.columnWidths';

/** A text's width in the list's font (12px), measured on a canvas; estimated where there is none. */
function measureText(text: string): number {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return text.length * 7;
  context.font = `12px ${getComputedStyle(document.body).fontFamily}`;
  return context.measureText(text).width;
}

function storedWidths(): Partial<ColumnWidths> {
  try {
    return parseStoredWidths(window.localStorage.getItem(WIDTHS_KEY));
  } catch {
    return {};
  }
}

/**
 * Fitted widths under the ones the user set; setWidth(column, null) goes back to the fitted one.
 * `distinct` gives a column's distinct values (the list index keeps them); `labelTexts` what the
 * Label cells of overridden runs show (the column widens to them).
 */
export function useColumnWidths(distinct: (column: ColumnId) => readonly string[], labelTexts: readonly string[] = []): [ColumnWidths, (column: ColumnId, width: number | null) => void] {
  const [userWidths, setUserWidths] = useState(storedWidths);
  const fitted = useMemo(() => ({ ...fitWidthsOfValues(distinct, measureText), label: labelColumnWidth(labelTexts, measureText) }), [distinct, labelTexts]);
  const setWidth = useCallback(
    (column: ColumnId, width: number | null) =>
      setUserWidths((current) => {
        const next = { ...current };
        if (width === null) delete next[column];
        else next[column] = clampWidth(width);
        try {
          window.localStorage.setItem(WIDTHS_KEY, JSON.stringify(next));
        } catch {
          // storage unavailable: the widths last for this page
        }
        return next;
      }),
    [],
  );
  const widths = useMemo(() => ({ ...fitted, ...userWidths }), [fitted, userWidths]);
  return [widths, setWidth];
}
