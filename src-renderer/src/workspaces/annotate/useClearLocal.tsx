// Clear local: removes the annotator's rows of this dataset from this browser (the file is not
// touched), refused while any edit of theirs has not reached the host, asked before and checked
// again after the question (the page goes on while it is open).
import type { ReactNode } from 'react';
import { clearAnnotations, listAnnotations } from '../../db/annotationRepo';
import { countPending } from '../../db/outbox';
import { useConfirm } from '../../components/useConfirm';
import { useStudioStore } from '../../state/store';
import { editsNotStored, useAnnotateStore } from './annotateStore';
import { reopenOpenTask } from './reopenOpenTask';

/**
 * The dataset and annotator are the bar's as rendered, as for useExportImport: the question and the
 * checks after it stay with those of the click. Before both are known (the bar shows nothing then),
 * `clearLocal` does nothing.
 */
export function useClearLocal(datasetId: string | null, annotator: string | null): { clearLocal: () => Promise<void>; dialog: ReactNode } {
  const confirmation = useConfirm('clear-local-confirm');
  const clearLocal = async () => {
    if (!datasetId || !annotator) return;
    const message = useStudioStore.getState().showMessage;
    /**
     * Edits not on the host yet: those the outbox holds, those the browser has not stored, one on
     * screen still waiting for its save, and calls text that does not parse (kept in this browser only).
     */
    const unsent = async () =>
      (await countPending(datasetId, annotator)) +
      editsNotStored(datasetId, annotator).length +
      (useAnnotateStore.getState().saveState === 'pending' ? 1 : 0) +
      (await listAnnotations(datasetId, annotator)).filter((row) => row.editor_text !== null).length;
    const refuseClear = (count: number) =>
      message(`${count} edit(s) are not on the host yet (or are calls text that does not parse yet): clearing would lose them. Wait until the host takes them, or fix the text.`, 'error');
    const before = await unsent();
    if (before > 0) return refuseClear(before);
    const yes = await confirmation.ask({
      title: 'Clear local annotations?',
      detail: `Remove ${annotator}'s annotations of this dataset from this browser. The file is not touched.`,
      confirm: 'Remove',
    });
    if (!yes) return;
    // The question does not stop the page: an edit made while it was open must not be cleared either.
    const after = await unsent();
    if (after > 0) return refuseClear(after);
    await clearAnnotations(datasetId, annotator);
    useAnnotateStore.getState().forgetUnsaved();
    await reopenOpenTask();
  };
  return { clearLocal, dialog: confirmation.dialog };
}
