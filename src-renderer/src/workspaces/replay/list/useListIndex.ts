// The list index for the rows shown: carried over from batch to batch while rows stream in, and,
// once the rows settle, every column's sorted orders prepared in the sort worker (one column at a
// time, its keys taken in an idle moment), so that a click on a header finds its order ready.
import { useEffect, useState } from 'react';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { columnIds } from '../listModel';
import { ListIndex } from './listIndex';
import { sortInWorker } from './sorter';

/** Quiet time after the last change of rows before the orders are prepared. */
const SETTLE_MS = 400;

const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else window.setTimeout(resolve, 20);
  });

/** `prepare`: whether to prepare the orders (not while the host is still streaming rows). */
export function useListIndex(rows: readonly TrajectoryRow[], prepare: boolean): ListIndex {
  const [index, setIndex] = useState(() => new ListIndex(rows));
  // Derived from the previous render's index (React's "adjust state while rendering" pattern).
  const current = index.rows === rows ? index : index.next(rows);
  if (current !== index) setIndex(current);

  useEffect(() => {
    if (!prepare) return;
    let live = true;
    const timer = window.setTimeout(async () => {
      for (const column of columnIds) {
        await whenIdle();
        if (!live) return;
        // A failed worker leaves the column to be sorted in place when asked for.
        await current.prepareOrder({ column, direction: 'asc' }, sortInWorker).catch(() => undefined);
      }
    }, SETTLE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [current, prepare]);
  return current;
}
