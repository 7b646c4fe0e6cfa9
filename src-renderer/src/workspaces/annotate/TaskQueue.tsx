// The task queue: tasks grouped by scenario with this annotator's status, a status filter and a
// text search over ids, instructions and image descriptions. Virtualised (only the rows in view
// are in the DOM): a dataset of 20,000 tasks rendered a button each, 2 s before the queue showed
// and on every key typed in the search. The open task is kept in view; the list is one Tab stop,
// arrows move between its tasks (the keymap's 'annotate.queue' scope), scrolling to a task not
// drawn yet.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { useShallow } from 'zustand/react/shallow';
import type { Task } from '../../../../shared/format/types';
import { type StatusFilter, useAnnotateStore } from './annotateStore';
import { queueRows, taskStatus, visibleTasks } from './taskQueueModel';

/** Every row's height (CSS .queue-row): fixed, so the virtualiser never measures. */
const ROW_HEIGHT = 24;

export function useVisibleTasks(): Task[] {
  const { dataset, statuses, filter, search, taskId } = useAnnotateStore(
    useShallow((state) => ({ dataset: state.dataset, statuses: state.statuses, filter: state.filter, search: state.search, taskId: state.taskId })),
  );
  return useMemo(() => visibleTasks(dataset ? [...dataset.tasks.values()] : [], statuses, filter, search, taskId), [dataset, statuses, filter, search, taskId]);
}

export function TaskQueue() {
  const { statuses, filter, search, taskId, openTask, setSearch, setFilter } = useAnnotateStore(
    useShallow((state) => ({ statuses: state.statuses, filter: state.filter, search: state.search, taskId: state.taskId, openTask: state.openTask, setSearch: state.setSearch, setFilter: state.setFilter })),
  );
  const tasks = useVisibleTasks();
  const rows = useMemo(() => queueRows(tasks), [tasks]);
  const rowOfTask = useMemo(() => new Map(rows.flatMap((row, at) => (row.kind === 'task' ? [[row.task.id, at] as const] : []))), [rows]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is used as documented
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const focusWhenDrawn = useQueueKeys(tasks, (id) => {
    const row = rowOfTask.get(id);
    if (row !== undefined) virtualizer.scrollToIndex(row, { align: 'auto' });
  }, scrollRef);
  // The open task in view (opened by Next, Ctrl+K or a link, it may be thousands of rows down, or
  // the dataset's tasks came after it): not each time the search or the filter changes.
  const rowOfTaskNow = useRef(rowOfTask);
  useEffect(() => {
    rowOfTaskNow.current = rowOfTask;
  });
  const listed = rows.length > 0;
  useEffect(() => {
    const row = taskId === null || !listed ? undefined : rowOfTaskNow.current.get(taskId);
    if (row !== undefined) virtualizer.scrollToIndex(row, { align: 'auto' });
  }, [taskId, listed, virtualizer]);
  useLayoutEffect(focusWhenDrawn);
  const items = virtualizer.getVirtualItems();
  // One Tab stop: the open task when it is drawn, else the first task drawn.
  const drawn = items.map((item) => rows[item.index]).flatMap((row) => (row.kind === 'task' ? [row.task.id] : []));
  const tabStop = taskId !== null && drawn.includes(taskId) ? taskId : (drawn[0] ?? null);
  return (
    <nav className="task-queue" aria-label="Tasks">
      <div className="task-queue-tools">
        <input type="search" placeholder="Search tasks" aria-label="Search tasks" value={search} onChange={(event) => setSearch(event.target.value)} />
        <select aria-label="Status filter" value={filter} onChange={(event) => setFilter(event.target.value as StatusFilter)}>
          <option value="all">All</option>
          <option value="todo">To do</option>
          <option value="draft">Draft</option>
          <option value="submitted">Submitted</option>
        </select>
      </div>
      <div data-testid="task-list" className="task-list" ref={scrollRef}>
        <ul style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            const place = { transform: `translateY(${item.start}px)` };
            if (row.kind === 'scenario')
              return (
                <li key={`scenario:${row.scenario}`} className="queue-row task-group" style={place}>
                  {row.scenario}
                </li>
              );
            const { task } = row;
            const status = taskStatus(statuses, task.id);
            return (
              <li key={`task:${task.id}`} className="queue-row" style={place}>
                <button
                  type="button"
                  className={task.id === taskId ? 'task-item active' : 'task-item'}
                  aria-current={task.id === taskId ? 'true' : undefined}
                  data-task-id={task.id}
                  tabIndex={task.id === tabStop ? 0 : -1}
                  onClick={() => void openTask(task.id)}
                >
                  <span>{task.id}</span>
                  <span className={`status-badge ${status}`}>{status}</span>
                </button>
              </li>
            );
          })}
        </ul>
        {tasks.length === 0 && <p className="muted">No task matches.</p>}
      </div>
    </nav>
  );
}

/**
 * Arrows, Home and End move the focus from the focused task to another of `tasks`, which may not
 * be drawn yet: `reveal` scrolls to it, and the returned function (run after each render) focuses
 * it once it is.
 */
function useQueueKeys(tasks: readonly Task[], reveal: (taskId: string) => void, list: RefObject<HTMLElement | null>): () => void {
  const pending = useRef<string | null>(null);
  const focusWhenDrawn = () => {
    if (pending.current === null) return;
    const button = list.current?.querySelector<HTMLButtonElement>(`button[data-task-id="${CSS.escape(pending.current)}"]`);
    if (!button) return;
    pending.current = null;
    button.focus();
  };
  const move = (event: KeyboardEvent, to: (index: number, count: number) => number) => {
    const from = event.target instanceof Element ? event.target.closest('button[data-task-id]')?.getAttribute('data-task-id') : null;
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
  return focusWhenDrawn;
}
