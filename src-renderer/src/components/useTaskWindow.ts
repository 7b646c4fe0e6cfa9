// A task list's rows as a window (@tanstack/react-virtual): a long list is in the page only around
// the view, and the focused task and the open one stay drawn wherever the list is scrolled.
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState, type FocusEvent } from 'react';
import type { TaskListRow } from './taskListRows';

/** Every row's height (CSS .task-list-row): fixed, so the virtualiser never measures. */
export const ROW_HEIGHT = 24;
/**
 * A list this short is drawn whole (cheap; the browser's find sees every task, and a task is in
 * the page wherever the list is scrolled); a longer one only around the view.
 */
const DRAWN_WHOLE_UP_TO = 300;
const OVERSCAN = 12;

/**
 * The window over `rows` (`rowOfTask`: each task's row), scrolled by the element `scrollRef` is set
 * on, whose focus `trackFocus` follows; `reveal` scrolls a task into view.
 */
export function useTaskWindow(rows: readonly TaskListRow[], rowOfTask: ReadonlyMap<string, number>, openTaskId: string | null) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The focused task and the open one stay drawn wherever the list is scrolled: a row taken out of
  // the page would take the focus with it (to the page's body), and the open task is the Tab stop.
  const [focusedTaskId, setFocusedTaskId] = useState<string | null>(null);
  const keptRows = [focusedTaskId, openTaskId].flatMap((id) => (id === null ? [] : (rowOfTask.get(id) ?? [])));
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is used as documented
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: rows.length <= DRAWN_WHOLE_UP_TO ? rows.length : OVERSCAN,
    rangeExtractor: (range) => [...new Set([...defaultRangeExtractor(range), ...keptRows.filter((row) => row < range.count)])].sort((a, b) => a - b),
  });
  const reveal = (taskId: string) => {
    const row = rowOfTask.get(taskId);
    if (row === undefined) return;
    // Scrolled up to, a scenario's first task comes with its scenario's name above it.
    const above = row * ROW_HEIGHT < (virtualizer.scrollOffset ?? 0) && rows[row - 1]?.kind === 'scenario' ? row - 1 : row;
    virtualizer.scrollToIndex(above, { align: 'auto' });
  };
  const trackFocus = {
    onFocus: (event: FocusEvent<HTMLDivElement>) => {
      const id = event.target.closest('[data-task-id]')?.getAttribute('data-task-id') ?? null;
      setFocusedTaskId(id);
    },
    onBlur: (event: FocusEvent<HTMLDivElement>) => {
      if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocusedTaskId(null);
    },
  };
  return { scrollRef, virtualizer, reveal, trackFocus };
}
