// The task queue: tasks grouped by scenario with this annotator's status, a status filter and a
// text search over ids, instructions and image descriptions.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Task } from '../../../../shared/format/types';
import { type StatusFilter, useAnnotateStore } from './annotateStore';

/** Tasks the queue shows, in its order (scenario, then file order). */
export function visibleTasks(tasks: Task[], statuses: Record<string, string>, filter: StatusFilter, search: string): Task[] {
  const needle = search.trim().toLowerCase();
  return tasks
    .filter((task) => filter === 'all' || (statuses[task.id] ?? 'todo') === filter)
    .filter((task) => !needle || `${task.id} ${task.instruction} ${task.image_description}`.toLowerCase().includes(needle))
    .sort((a, b) => (a.scenario < b.scenario ? -1 : a.scenario > b.scenario ? 1 : 0));
}

export function useVisibleTasks(): Task[] {
  const { dataset, statuses, filter, search } = useAnnotateStore(
    useShallow((state) => ({ dataset: state.dataset, statuses: state.statuses, filter: state.filter, search: state.search })),
  );
  return useMemo(() => visibleTasks(dataset ? [...dataset.tasks.values()] : [], statuses, filter, search), [dataset, statuses, filter, search]);
}

export function TaskQueue() {
  const { statuses, filter, search, taskId, openTask, setSearch, setFilter } = useAnnotateStore(
    useShallow((state) => ({ statuses: state.statuses, filter: state.filter, search: state.search, taskId: state.taskId, openTask: state.openTask, setSearch: state.setSearch, setFilter: state.setFilter })),
  );
  const tasks = useVisibleTasks();
  const groups = useMemo(() => {
    const byScenario = new Map<string, Task[]>();
    for (const task of tasks) byScenario.set(task.scenario, [...(byScenario.get(task.scenario) ?? []), task]);
    return [...byScenario];
  }, [tasks]);
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
      <ul data-testid="task-list" className="task-list">
        {groups.map(([scenario, list]) => (
          <li key={scenario}>
            <div className="task-group">{scenario}</div>
            <ul>
              {list.map((task) => {
                const status = statuses[task.id] ?? 'todo';
                return (
                  <li key={task.id}>
                    <button
                      type="button"
                      className={task.id === taskId ? 'task-item active' : 'task-item'}
                      aria-current={task.id === taskId ? 'true' : undefined}
                      data-task-id={task.id}
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
