// A list of tasks to open, Annotate's queue and Adjudicate's list alike: virtualised (only the
// rows in view are in the page: 20,000 tasks drawn whole took 2 s to show and seconds per key
// typed in a search), one Tab stop (the open task, else the first task in view), arrows, Page
// Up/Down, Home and End moving the focus between its tasks (the keymap's 'task-list' scope),
// scrolling to a task not drawn yet, and the open task brought into view when it changes.
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Task } from '../../../shared/format/types';
import { useHotkeyAction } from '../hotkeys/useHotkeys';
import type { TaskListRow } from './taskListRows';
import './task-list.css';

/** Every row's height (CSS .task-list-row): fixed, so the virtualiser never measures. */
const ROW_HEIGHT = 24;
/**
 * A list this short is drawn whole (cheap; the browser's find sees every task, and a task is in
 * the page wherever the list is scrolled); a longer one only around the view.
 */
const DRAWN_WHOLE_UP_TO = 300;
const OVERSCAN = 12;

interface Props {
  rows: readonly TaskListRow[];
  openTaskId: string | null;
  onOpen(taskId: string): void;
  /** What a task's row shows after its id (its status, marks). */
  badge(task: Task): ReactNode;
  /** data- attributes of a task's button (its stage, for a test or a style). */
  data?(task: Task): Record<`data-${string}`, string>;
  testId: string;
  /** Said where no task is listed. */
  empty: string;
}

export function TaskList({ rows, openTaskId, onOpen, badge, data, testId, empty }: Props) {
  const tasks = useMemo(() => rows.flatMap((row) => (row.kind === 'task' ? [row.task] : [])), [rows]);
  const rowOfTask = useMemo(() => new Map(rows.flatMap((row, at) => (row.kind === 'task' ? [[row.task.id, at] as const] : []))), [rows]);
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
  const focusWhenDrawn = useListKeys(tasks, reveal, scrollRef);
  useLayoutEffect(focusWhenDrawn);
  // The open task in view (opened by a key, Ctrl+K or a link, thousands of rows down, or the tasks
  // came after it): not each time a search or a filter changes the rows.
  const revealNow = useRef(reveal);
  useEffect(() => {
    revealNow.current = reveal;
  });
  const listed = rows.length > 0;
  useEffect(() => {
    if (openTaskId !== null && listed) revealNow.current(openTaskId);
  }, [openTaskId, listed]);
  const items = virtualizer.getVirtualItems();
  // One Tab stop: the open task, else the first task in view.
  const firstInView = Math.floor((virtualizer.scrollOffset ?? 0) / ROW_HEIGHT);
  const taskAt = (index: number): string | null => {
    const row = rows[index];
    return row?.kind === 'task' ? row.task.id : null;
  };
  const tabStop =
    openTaskId !== null && rowOfTask.has(openTaskId)
      ? openTaskId
      : (items
          .map((item) => item.index)
          .filter((index) => index >= firstInView)
          .map(taskAt)
          .find((id) => id !== null) ??
        tasks[0]?.id ??
        null);
  return (
    <div
      data-testid={testId}
      className="task-list"
      ref={scrollRef}
      onFocus={(event) => {
        const id = event.target.closest('[data-task-id]')?.getAttribute('data-task-id') ?? null;
        setFocusedTaskId(id);
      }}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocusedTaskId(null);
      }}
    >
      <ul style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          const place = { transform: `translateY(${item.start}px)` };
          // Only some rows are in the page: each says where it stands in the whole list.
          const position = { 'aria-setsize': rows.length, 'aria-posinset': item.index + 1 };
          if (row.kind === 'scenario')
            return (
              <li key={`scenario:${row.scenario}`} className="task-list-row task-group" style={place} {...position}>
                {row.scenario}
              </li>
            );
          const { task } = row;
          const open = task.id === openTaskId;
          return (
            <li key={`task:${task.id}`} className="task-list-row" style={place} {...position}>
              <button
                type="button"
                className={open ? 'task-item active' : 'task-item'}
                aria-current={open ? 'true' : undefined}
                data-task-id={task.id}
                {...data?.(task)}
                tabIndex={task.id === tabStop ? 0 : -1}
                onClick={() => onOpen(task.id)}
              >
                <span title={task.id}>{task.id}</span>
                {badge(task)}
              </button>
            </li>
          );
        })}
      </ul>
      {tasks.length === 0 && <p className="muted task-list-empty">{empty}</p>}
    </div>
  );
}

/**
 * Arrows, Page Up/Down, Home and End (Ctrl+K's actions too) move the focus from the focused task
 * to another of `tasks`, which may not be drawn yet: `reveal` scrolls to it, and the returned
 * function (run after each render) focuses it once it is.
 */
function useListKeys(tasks: readonly Task[], reveal: (taskId: string) => void, list: RefObject<HTMLElement | null>): () => void {
  const pending = useRef<string | null>(null);
  const focusWhenDrawn = () => {
    if (pending.current === null) return;
    const button = list.current?.querySelector<HTMLButtonElement>(`button[data-task-id="${CSS.escape(pending.current)}"]`);
    if (!button) return;
    pending.current = null;
    button.focus();
  };
  const move = (event: KeyboardEvent, to: (index: number, count: number) => number) => {
    // From the focused task of this list: the key's target, or the focus (an action chosen in Ctrl+K
    // has no target; it runs once the palette has given the focus back).
    const origin = event.target instanceof Element ? event.target : document.activeElement;
    const from = origin && list.current?.contains(origin) ? origin.closest('button[data-task-id]')?.getAttribute('data-task-id') : null;
    if (!from) return;
    const index = tasks.findIndex((task) => task.id === from);
    const target = tasks[Math.min(tasks.length - 1, Math.max(0, to(index, tasks.length)))];
    if (!target) return;
    pending.current = target.id;
    reveal(target.id);
    focusWhenDrawn();
  };
  useHotkeyAction('queue.next', (event) => move(event, (i) => i + 1));
  useHotkeyAction('queue.previous', (event) => move(event, (i) => i - 1));
  useHotkeyAction('queue.first', (event) => move(event, () => 0));
  useHotkeyAction('queue.last', (event) => move(event, (_, count) => count - 1));
  // A page: the rows the list shows, less one (the task focused stays in view).
  const page = () => Math.max(1, Math.floor((list.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
  useHotkeyAction('queue.page-down', (event) => move(event, (i) => i + page()));
  useHotkeyAction('queue.page-up', (event) => move(event, (i) => i - page()));
  return focusWhenDrawn;
}
