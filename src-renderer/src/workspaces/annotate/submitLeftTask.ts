// Submit pressed, then another task opened before the calls were checked (Ctrl+Enter, Escape, n
// at once): the annotator asked to submit, so the task left behind is submitted as it was saved,
// unless its row changed since (another tab, a line taken from the file) or its text does not parse.
// Its lint was not asked about (the check was of the task on screen): the message says so.
import { sameLineContent } from '../../db/annotationFile';
import { getAnnotation, saveAnnotation } from '../../db/annotationRepo';
import type { AnnotationRecord } from '../../db/schema';
import { useStudioStore } from '../../state/store';
import { useAnnotateStore } from './annotateStore';
import { submitCheck } from './lint';
import { requestDrain } from './writeThrough';

export async function submitLeftTask(left: AnnotationRecord): Promise<void> {
  const say = useStudioStore.getState().showMessage;
  const unparsed = submitCheck(left.editor_text, []);
  if (unparsed?.refused) return say(`${left.task} ${unparsed.message}`, 'error');
  // Its last edit, saved as the view left it, is in the row first.
  await useAnnotateStore.getState().flush();
  const key = { dataset: left.dataset, task: left.task, annotator: left.annotator };
  const stored = await getAnnotation(key);
  if (stored?.status === 'submitted') return;
  if (!stored || !sameLineContent(stored, left)) {
    return say(`${left.task} not submitted: it changed after Submit was pressed (another tab, or its line in the file). Open it again and submit.`, 'error');
  }
  try {
    await saveAnnotation(key, { status: 'submitted' }, { revision: stored.revision, updated_at: stored.updated_at });
  } catch (error) {
    return say(`${left.task} not submitted: this browser did not store it (${(error as Error).message}). Open it again and submit.`, 'error');
  }
  void requestDrain();
  await useAnnotateStore.getState().refreshStatuses();
  say(`${left.task} submitted; its calls were not checked, as another task was opened first (open it to see their lint)`, 'info');
}
