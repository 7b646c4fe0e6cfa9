// Rows of a task list (TaskList.tsx): tasks, each scenario's name before its tasks or not (pure).
import type { Task } from '../../../shared/format/types';

/** A row of a task list: a scenario's name, or a task. */
export type TaskListRow = { kind: 'scenario'; scenario: string } | { kind: 'task'; task: Task };

/** Each scenario's name before its tasks (`tasks` with a scenario's tasks together, as Annotate's queue sorts them). */
export function rowsByScenario(tasks: readonly Task[]): TaskListRow[] {
  const rows: TaskListRow[] = [];
  let scenario: string | null = null;
  for (const task of tasks) {
    if (task.scenario !== scenario) rows.push({ kind: 'scenario', scenario: (scenario = task.scenario) });
    rows.push({ kind: 'task', task });
  }
  return rows;
}

/** The tasks alone, in their order. */
export const taskRows = (tasks: readonly Task[]): TaskListRow[] => tasks.map((task) => ({ kind: 'task', task }));
