// The task queue: tasks grouped by scenario with this annotator's status, a status filter and a
// text search over ids, instructions and image descriptions; the list itself (virtualised, its
// keys, the open task kept in view) is the one Adjudicate shows too (components/TaskList).
import { useMemo } from 'react';
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

export function TaskQueue() {
  const { statuses, filter, search, taskId, openTask, setSearch, setFilter } = useAnnotateStore(
    useShallow((state) => ({ statuses: state.statuses, filter: state.filter, search: state.search, taskId: state.taskId, openTask: state.openTask, setSearch: state.setSearch, setFilter: state.setFilter })),
  );
  const tasks = useVisibleTasks();
  const rows = useMemo(() => rowsByScenario(tasks), [tasks]);
  const badge = (task: Task) => {
    const status = taskStatus(statuses, task.id);
    return <span className={`status-badge ${status}`}>{status}</span>;
  };
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
      <TaskList rows={rows} openTaskId={taskId} onOpen={(id) => void openTask(id)} badge={badge} testId="task-list" empty="No task matches." />
    </nav>
  );
}
