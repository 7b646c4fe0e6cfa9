// Which tasks the queue lists, and in which order (pure).
import type { Task } from '../../../../shared/format/types';
import { ownValue } from '../../../../shared/format/own-data';
import type { StatusFilter } from './annotateStore';

/** A task's status in the queue: its own entry, or to do (a task id such as `constructor` or `__proto__` inherits nothing). */
export function taskStatus<S extends string>(statuses: Readonly<Record<string, S>>, taskId: string): S | 'todo' {
  return ownValue(statuses, taskId) ?? 'todo';
}

/**
 * Tasks the queue shows, in its order (scenario, then file order). The open task stays whatever its
 * status has become: under "To do" its first edit made it a draft, and it left the list (Next then
 * started again from the top).
 */
export function visibleTasks(tasks: Task[], statuses: Record<string, string>, filter: StatusFilter, search: string, openTaskId: string | null = null): Task[] {
  const needle = search.trim().toLowerCase();
  return tasks
    .filter((task) => filter === 'all' || task.id === openTaskId || taskStatus(statuses, task.id) === filter)
    .filter((task) => !needle || `${task.id} ${task.instruction} ${task.image_description}`.toLowerCase().includes(needle))
    .sort((a, b) => (a.scenario < b.scenario ? -1 : a.scenario > b.scenario ? 1 : 0));
}
