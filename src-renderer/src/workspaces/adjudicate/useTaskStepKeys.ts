// n and p in Adjudicate: the next or previous task of the list as filtered.
import type { Task } from '../../../../shared/format/types';
import type { Lifecycle } from '../../agreement/model';
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { focusFirstDecision } from './focusFirstDecision';

/** The id `delta` steps from `from` in `order` among the ids `shown` keeps, from `from`'s place (it may not be shown itself), or undefined at an end. */
export function stepTaskId(order: readonly string[], from: string | null, delta: 1 | -1, shown: (id: string) => boolean): string | undefined {
  const at = from ? order.indexOf(from) : -1;
  const ahead = delta > 0 ? order.slice(at + 1) : order.slice(0, Math.max(at, 0)).reverse();
  return ahead.find(shown);
}

interface TaskSteps {
  tasks: readonly Task[];
  stages: ReadonlyMap<string, Lifecycle>;
  filter: Lifecycle | 'all';
  taskId: string | null;
  chooseTask(id: string): void;
}

export function useTaskStepKeys({ tasks, stages, filter, taskId, chooseTask }: TaskSteps): void {
  // n and p: the next or previous task of the list as filtered, from the open one's place (it may have left the filter).
  const stepTask = (delta: 1 | -1) => {
    const next = stepTaskId(
      tasks.map((t) => t.id),
      taskId,
      delta,
      (id) => filter === 'all' || stages.get(id) === filter,
    );
    if (!next) return;
    chooseTask(next);
    focusFirstDecision(next);
  };
  useHotkeyAction('adjudicate.next-task', () => stepTask(1));
  useHotkeyAction('adjudicate.previous-task', () => stepTask(-1));
}
