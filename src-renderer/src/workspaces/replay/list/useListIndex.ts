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

/** Rows keyed per step before looking at the time left. */
const SLICE = 2000;

/**
 * Most work per idle callback. An idle period lasts up to 50 ms when no frame is due, and input
 * that arrives meanwhile waits for the callback to end: a scroll begun while the keys are made
 * would wait that long for its first frame.
 */
const IDLE_WORK_MS = 8;

/** Resolves with the time left in the next idle period (a frame's spare time). */
const whenIdle = () =>
  new Promise<() => number>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback((deadline) => resolve(() => deadline.timeRemaining()));
    else
      window.setTimeout(() => {
        const end = performance.now() + 8;
        resolve(() => end - performance.now());
      }, 20);
  });

/**
 * The index of each rows array the list has shown, kept while the array lives (the evaluation
 * holds it): Replay shown again (after Reports, say) finds its keys and orders ready.
 */
const indexOfRows = new WeakMap<readonly TrajectoryRow[], ListIndex>();

function indexFor(rows: readonly TrajectoryRow[], previous: ListIndex | null): ListIndex {
  let index = indexOfRows.get(rows);
  if (!index) {
    index = previous ? previous.next(rows) : new ListIndex(rows);
    indexOfRows.set(rows, index);
  }
  return index;
}

/** `prepare`: whether to prepare the orders (not while the host is still streaming rows). */
export function useListIndex(rows: readonly TrajectoryRow[], prepare: boolean): ListIndex {
  const [index, setIndex] = useState(() => indexFor(rows, null));
  // Derived from the previous render's index (React's "adjust state while rendering" pattern).
  const current = index.rows === rows ? index : indexFor(rows, index);
  if (current !== index) setIndex(current);

  useEffect(() => {
    if (!prepare) return;
    let live = true;
    const timer = window.setTimeout(async () => {
      for (const column of columnIds) {
        // The column's keys in slices of idle time (between frames, also while scrolling), then
        // its sort in the worker. A failed worker leaves the column to be sorted in place when asked for.
        let keyed = false;
        while (!keyed) {
          const timeLeft = await whenIdle();
          if (!live) return;
          const stop = performance.now() + IDLE_WORK_MS;
          while (!keyed && timeLeft() > 4 && performance.now() < stop) keyed = current.keySome(column, SLICE);
        }
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
