// Annotate's open task in the address (#/annotate/<task id>): a reload, or a link, opens it again
// once the dataset is loaded and the annotator known.
import { useEffect, useRef } from 'react';
import { useStudioStore } from '../../state/store';
import { useTaskLink } from '../taskLink';
import { useAnnotateStore } from './annotateStore';

export function useTaskAddress(): void {
  const { linked, show } = useTaskLink('annotate');
  const taskId = useAnnotateStore((state) => state.taskId);
  const loaded = useAnnotateStore((state) => (state.annotator !== null ? state.dataset : null));

  useEffect(() => {
    if (!loaded || linked === null || linked === useAnnotateStore.getState().taskId) return;
    if (!loaded.tasks.has(linked)) {
      useStudioStore.getState().showMessage(`The link names task ${linked}, which ${loaded.meta.name} does not have`, 'error');
      show(useAnnotateStore.getState().taskId);
      return;
    }
    void useAnnotateStore.getState().openTask(linked);
  }, [loaded, linked, show]);

  // A task closed (another dataset, another annotator) leaves the address; one opened enters it.
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (taskId !== null || previous.current !== null) show(taskId);
    previous.current = taskId;
  }, [taskId, show]);
}
