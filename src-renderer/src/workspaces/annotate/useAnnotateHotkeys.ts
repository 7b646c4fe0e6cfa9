// The Annotate workspace's shortcuts, registered while it is shown (CVAT-like defaults: Space
// play, D/F one frame, C/V ten frames; Label Studio-like I/O for in and out). Listed by `?`.
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { useAnnotateStore } from './annotateStore';
import { stepFrames, togglePlay } from './clip';
import { useVisibleTasks } from './TaskQueue';

const group = 'Annotate';

export function useAnnotateHotkeys(): void {
  const tasks = useVisibleTasks();
  const goTask = (delta: number) => {
    const { taskId, openTask } = useAnnotateStore.getState();
    const index = tasks.findIndex((task) => task.id === taskId);
    const next = tasks[Math.min(tasks.length - 1, Math.max(0, index + delta))];
    if (next && next.id !== taskId) void openTask(next.id);
  };
  useHotkeyAction({ id: 'annotate.play', keys: ['Space'], description: 'Play or pause the clip', group, run: togglePlay });
  useHotkeyAction({ id: 'annotate.frame-back', keys: ['d', 'ArrowLeft'], description: 'Back one frame', group, run: () => void stepFrames(-1) });
  useHotkeyAction({ id: 'annotate.frame-forward', keys: ['f', 'ArrowRight'], description: 'Forward one frame', group, run: () => void stepFrames(1) });
  useHotkeyAction({ id: 'annotate.ten-back', keys: ['c'], description: 'Back ten frames', group, run: () => void stepFrames(-10) });
  useHotkeyAction({ id: 'annotate.ten-forward', keys: ['v'], description: 'Forward ten frames', group, run: () => void stepFrames(10) });
  useHotkeyAction({
    id: 'annotate.mark-in',
    keys: ['i'],
    description: 'Mark in at the current frame (visual reference start)',
    group,
    run: () => useAnnotateStore.getState().set({ markIn: useAnnotateStore.getState().frame }),
  });
  useHotkeyAction({
    id: 'annotate.mark-out',
    keys: ['o'],
    description: 'Mark out at the current frame (visual reference end)',
    group,
    run: () => useAnnotateStore.getState().set({ markOut: useAnnotateStore.getState().frame }),
  });
  useHotkeyAction({
    id: 'annotate.loop',
    keys: ['l'],
    description: 'Loop the marked range, or stop looping',
    group,
    run: () => {
      const { loop, markIn, markOut, set } = useAnnotateStore.getState();
      if (loop) set({ loop: null });
      else if (markIn !== null && markOut !== null) set({ loop: { start: Math.min(markIn, markOut), end: Math.max(markIn, markOut) } });
    },
  });
  useHotkeyAction({ id: 'annotate.next-task', keys: ['n', 'Alt+ArrowDown'], description: 'Next task in the queue', group, run: () => goTask(1) });
  useHotkeyAction({ id: 'annotate.previous-task', keys: ['p', 'Alt+ArrowUp'], description: 'Previous task in the queue', group, run: () => goTask(-1) });
  useHotkeyAction({
    id: 'annotate.submit',
    keys: ['Ctrl+Enter'],
    description: 'Submit the task (or reopen it)',
    group,
    run: () => {
      const { record, edit } = useAnnotateStore.getState();
      if (record) edit({ status: record.status === 'submitted' ? 'draft' : 'submitted' });
    },
  });
}
