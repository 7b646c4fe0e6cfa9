// The task queue: tasks grouped by scenario with this annotator's status, a status filter and a
// text search over ids, instructions and image descriptions. The open task is kept in view; the
// list is one Tab stop, arrows move between its tasks (the keymap's 'annotate.queue' scope).
import { useEffect, useMemo, useRef } from 'react';
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { useShallow } from 'zustand/react/shallow';
import type { Task } from '../../../../shared/format/types';
import { type StatusFilter, useAnnotateStore } from './annotateStore';
import { taskStatus, visibleTasks } from './taskQueueModel';
import { groupBy } from '../../../../shared/collections/group-by';

export function useVisibleTasks(): Task[] {
  const { dataset, statuses, filter, search, taskId } = useAnnotateStore(
    useShallow((state) => ({ dataset: state.dataset, statuses: state.statuses, filter: state.filter, search: state.search, taskId: state.taskId })),
  );
  return useMemo(() => visibleTasks(dataset ? [...dataset.tasks.values()] : [], statuses, filter, search, taskId), [dataset, statuses, filter, search, taskId]);
}

/** Moves the focus from the focused task to another: `to` picks its index among `count`. */
function focusTask(event: KeyboardEvent, to: (index: number, count: number) => number): void {
  const list = event.target instanceof Element ? event.target.closest('.task-list') : null;
  if (!list) return;
  const items = [...list.querySelectorAll<HTMLButtonElement>('button.task-item')];
  const index = items.indexOf((event.target as Element).closest<HTMLButtonElement>('button.task-item')!);
  items[Math.min(items.length - 1, Math.max(0, to(index, items.length)))]?.focus();
}

function useQueueKeys(): void {
  useHotkeyAction('queue.next', (event) => focusTask(event, (i) => i + 1));
  useHotkeyAction('queue.previous', (event) => focusTask(event, (i) => i - 1));
  useHotkeyAction('queue.first', (event) => focusTask(event, () => 0));
  useHotkeyAction('queue.last', (event) => focusTask(event, (_, count) => count - 1));
}

export function TaskQueue() {
  const { statuses, filter, search, taskId, openTask, setSearch, setFilter } = useAnnotateStore(
    useShallow((state) => ({ statuses: state.statuses, filter: state.filter, search: state.search, taskId: state.taskId, openTask: state.openTask, setSearch: state.setSearch, setFilter: state.setFilter })),
  );
  const tasks = useVisibleTasks();
  const list = useRef<HTMLUListElement>(null);
  useQueueKeys();
  // The open task in view (opened by Next, Ctrl+K or a link, it may be thousands of pixels down).
  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [taskId]);
  // One Tab stop: the open task, else the first.
  const tabStop = tasks.some((task) => task.id === taskId) ? taskId : (tasks[0]?.id ?? null);
  const groups = useMemo(() => [...groupBy(tasks, (task) => task.scenario)], [tasks]);
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
      <ul data-testid="task-list" className="task-list" ref={list}>
        {groups.map(([scenario, list]) => (
          <li key={scenario}>
            <div className="task-group">{scenario}</div>
            <ul>
              {list.map((task) => {
                const status = taskStatus(statuses, task.id);
                return (
                  <li key={task.id}>
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
          </li>
        ))}
        {tasks.length === 0 && <li className="muted">No task matches.</li>}
      </ul>
    </nav>
  );
}
