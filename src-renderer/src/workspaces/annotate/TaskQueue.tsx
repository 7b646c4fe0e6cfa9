// The task queue: tasks grouped by scenario with this annotator's status, a status filter and a
// text search over ids, instructions and image descriptions; the list itself (virtualised, its
// keys, the open task kept in view) is the one Adjudicate shows too (components/TaskList).
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Task } from '../../../../shared/format/types';
import { TaskList } from '../../components/TaskList';
import { rowsByScenario } from '../../components/taskListRows';
import { type StatusFilter, useAnnotateStore } from './annotateStore';
import { taskStatus, visibleTasks } from './taskQueueModel';

export function useVisibleTasks(): Task[] {
  const { dataset, statuses, filter, search, taskId } = useAnnotateStore(
    useShallow((state) => ({ dataset: state.dataset, statuses: state.statuses, filter: state.filter, search: state.search, taskId: state.taskId })),
  );
  return useMemo(() => visibleTasks(dataset ? [...dataset.tasks.values()] : [], statuses, filter, search, taskId), [dataset, statuses, filter, search, taskId]);
}

/**
 * Focuses the queue once when `take`: its Tab stop (a task), else its search box. A frame later:
 * the list draws its rows once it has measured itself, after the first render.
 */
function useTakeFocus(nav: RefObject<HTMLElement | null>, take: boolean, onTaken: () => void): void {
  useEffect(() => {
    if (!take) return;
    const frame = requestAnimationFrame(() => {
      (nav.current?.querySelector<HTMLElement>('.task-item[tabindex="0"]') ?? nav.current?.querySelector<HTMLElement>('input'))?.focus();
      onTaken();
    });
    return () => cancelAnimationFrame(frame);
  }, [nav, take, onTaken]);
}

/** `takeFocus`: the annotator has just signed in; the queue is what they go to next (the focus fell to <body>). `onFocusTaken`: stable. */
export function TaskQueue({ takeFocus = false, onFocusTaken = () => {} }: { takeFocus?: boolean; onFocusTaken?: () => void }) {
  const { statuses, filter, search, taskId, openTask, setSearch, setFilter } = useAnnotateStore(
    useShallow((state) => ({ statuses: state.statuses, filter: state.filter, search: state.search, taskId: state.taskId, openTask: state.openTask, setSearch: state.setSearch, setFilter: state.setFilter })),
  );
  const tasks = useVisibleTasks();
  const rows = useMemo(() => rowsByScenario(tasks), [tasks]);
  const nav = useRef<HTMLElement>(null);
  useTakeFocus(nav, takeFocus, onFocusTaken);
  const badge = (task: Task) => {
    const status = taskStatus(statuses, task.id);
    return <span className={`status-badge ${status}`}>{status}</span>;
  };
  return (
    <nav className="task-queue" aria-label="Tasks" ref={nav}>
      <div className="task-queue-tools">
        <input type="search" placeholder="Search tasks" aria-label="Search tasks" value={search} onChange={(event) => setSearch(event.target.value)} />
        <select aria-label="Status filter" value={filter} onChange={(event) => setFilter(event.target.value as StatusFilter)}>
          <option value="all">All</option>
          <option value="todo">To do</option>
          <option value="draft">Draft</option>
          <option value="submitted">Submitted</option>
        </select>
      </div>
      <TaskList rows={rows} openTaskId={taskId} onOpen={(id) => void openTask(id)} badge={badge} testId="task-list" empty="No task matches." />
    </nav>
  );
}
