// What the Annotate workspace's shortcuts do while it is shown (keys and descriptions: hotkeys/keymap.ts;
// the clip's own steps come with the clip, video/useClipHotkeys.ts; Submit with its question, SyncBar.tsx).
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { useAnnotateStore } from './annotateStore';
import { annotateClip } from './clip';
import { useVisibleTasks } from './TaskQueue';

export function useAnnotateHotkeys(): void {
  const tasks = useVisibleTasks();
  const goTask = (delta: number) => {
    const { taskId, openTask } = useAnnotateStore.getState();
    const index = tasks.findIndex((task) => task.id === taskId);
    const next = tasks[Math.min(tasks.length - 1, Math.max(0, index + delta))];
    if (next && next.id !== taskId) void openTask(next.id);
  };
  useHotkeyAction('annotate.mark-in', () => useAnnotateStore.getState().markAt('in', annotateClip.intendedFrame()));
  useHotkeyAction('annotate.mark-out', () => useAnnotateStore.getState().markAt('out', annotateClip.intendedFrame()));
  useHotkeyAction('annotate.loop', () => useAnnotateStore.getState().toggleLoop());
  useHotkeyAction('annotate.next-task', () => goTask(1));
  useHotkeyAction('annotate.previous-task', () => goTask(-1));
}
