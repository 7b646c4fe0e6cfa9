import { useAnnotateStore } from './annotateStore';

/** After an import, export or clear: the statuses read again, and the task open then (not when the work began) shown afresh. */
export async function reopenOpenTask(): Promise<void> {
  await useAnnotateStore.getState().refreshStatuses();
  const { taskId, openTask } = useAnnotateStore.getState();
  if (taskId) await openTask(taskId);
}
