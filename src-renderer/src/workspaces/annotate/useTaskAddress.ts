// Annotate's open task in the address (#/annotate/<task id>): a reload, or a link, opens it again
// once the dataset is loaded and the annotator known.
import { useEffect, useRef } from 'react';
import { useStudioStore } from '../../state/store';
import { useTaskLink } from '../taskLink';
import { useAnnotateStore, useLoadedDataset } from './annotateStore';

export function useTaskAddress(): void {
  const { linked, show } = useTaskLink('annotate');
  const taskId = useAnnotateStore((state) => state.taskId);
  // The open dataset's tasks, once the annotator is known.
  const held = useLoadedDataset();
  const signedIn = useAnnotateStore((state) => state.annotator !== null);
  const loaded = signedIn ? held : null;

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
  // Not at mount while the address names another task: that one is being opened.
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const mounting = previous.current === undefined;
    previous.current = taskId;
    if (mounting && linked !== null && linked !== taskId) return;
    if (taskId !== null || !mounting) show(taskId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the address follows the open task, not the other way round
  }, [taskId, show]);
}
