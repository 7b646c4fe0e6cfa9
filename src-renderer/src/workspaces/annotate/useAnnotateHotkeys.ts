// What the Annotate workspace's shortcuts do while it is shown (keys and descriptions: hotkeys/keymap.ts;
// the clip's own steps come with the clip, video/useClipHotkeys.ts; Submit with its question, SyncBar.tsx).
import { focusLost } from '../../components/focusLost';
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { useAnnotateStore } from './annotateStore';
import { annotateClip } from './clip';
import { useVisibleTasks } from './TaskQueue';

export function useAnnotateHotkeys(): void {
  const tasks = useVisibleTasks();
  const goTask = (delta: number, event: KeyboardEvent) => {
    const { taskId, openTask } = useAnnotateStore.getState();
    const index = tasks.findIndex((task) => task.id === taskId);
    const next = tasks[Math.min(tasks.length - 1, Math.max(0, index + delta))];
    if (!next || next.id === taskId) return;
    // Pressed on a call of the list: that row goes with the task, and the focus fell to <body>.
    const fromCalls = event.target instanceof Element && event.target.closest('.call-list') !== null;
    void openTask(next.id).then(() => {
      if (fromCalls) requestAnimationFrame(focusCallsIfLost);
    });
  };
  useHotkeyAction('annotate.mark-in', () => useAnnotateStore.getState().markAt('in', annotateClip.intendedFrame()));
  useHotkeyAction('annotate.mark-out', () => useAnnotateStore.getState().markAt('out', annotateClip.intendedFrame()));
  useHotkeyAction('annotate.loop', () => useAnnotateStore.getState().toggleLoop());
  useHotkeyAction('annotate.next-task', (event) => goTask(1, event));
  useHotkeyAction('annotate.previous-task', (event) => goTask(-1, event));
}

/** The new task's first call, else its (empty) list, when nothing has the focus. */
function focusCallsIfLost(): void {
  if (!focusLost()) return;
  (document.querySelector<HTMLElement>('.call-list > [data-call-index]') ?? document.querySelector<HTMLElement>('.call-list'))?.focus();
}
