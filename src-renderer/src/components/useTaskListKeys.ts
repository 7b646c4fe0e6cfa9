// A task list from the keyboard (the keymap's 'task-list' scope): the focus moves between its
// tasks, to one not drawn yet too (the list is virtualised).
import { useRef, type RefObject } from 'react';
import type { Task } from '../../../shared/format/types';
import { useHotkeyAction } from '../hotkeys/useHotkeys';
import { ROW_HEIGHT } from './useTaskWindow';

/**
 * Arrows, Page Up/Down, Home and End (Ctrl+K's actions too) move the focus from the focused task
 * to another of `tasks`, which may not be drawn yet: `reveal` scrolls to it, and the returned
 * function (run after each render) focuses it once it is.
 */
export function useTaskListKeys(tasks: readonly Task[], reveal: (taskId: string) => void, list: RefObject<HTMLElement | null>): () => void {
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
