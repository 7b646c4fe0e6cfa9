// Submit, export, import and clear, the write-through state, and the conflict dialog: when the
// annotator's file changed on disk since it was read (seen by write-through, Export or Import),
// each task edited on both sides is shown and the user picks a side.
import { useState } from 'react';
import { annotationFilePath, conflictsKey, type ConflictPicks, type SyncConflict } from '../../db/annotationFile';
import { clearAnnotations, listAnnotations } from '../../db/annotationRepo';
import { countPending } from '../../db/outbox';
import { useConfirm } from '../../components/useConfirm';
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { useStudioStore } from '../../state/store';
import { editsNotStored, lintOfCallsNow, useAnnotateStore } from './annotateStore';
import { ConflictDialog } from './ConflictDialog';
import { SaveState } from './SaveState';
import { exportAnnotations, importAnnotations, type SyncReport } from './fileSync';
import { StrandedEdits } from './StrandedEdits';
import { resolveConflicts } from './writeThrough';

type Mode = 'export' | 'import';

/** After an import, export or clear: the statuses read again, and the task open then (not when the work began) shown afresh. */
async function reopenOpenTask(): Promise<void> {
  await useAnnotateStore.getState().refreshStatuses();
  const { taskId, openTask } = useAnnotateStore.getState();
  if (taskId) await openTask(taskId);
}

export function SyncBar() {
  const datasetId = useAnnotateStore((state) => state.datasetId);
  const annotator = useAnnotateStore((state) => state.annotator);
  const record = useAnnotateStore((state) => state.record);
  const saveState = useAnnotateStore((state) => state.saveState);
  const writeConflicts = useAnnotateStore((state) => state.writeThrough.conflicts);
  // Edits waiting while the host does not take them (offline, refused), retries included (they keep
  // the last failure's message until one succeeds); not an ordinary send.
  const writeUnsent = useAnnotateStore(({ writeThrough: w }) => (w.state === 'offline' || w.state === 'error' || (w.state === 'sending' && w.message !== null) ? w.unsent : 0));
  const [pending, setPending] = useState<{ mode: Mode; conflicts: SyncConflict[] } | null>(null);
  // Put aside by Cancel or Escape until the file moves again (a drain finding the same conflicts does not ask again).
  const [writeDismissed, setWriteDismissed] = useState<string | null>(null);
  const confirmation = useConfirm('clear-local-confirm');
  const submitting = useConfirm('submit-confirm');
  // Submit (the button, Ctrl+Enter): a task with no call at all, or with lint errors, is asked about first.
  const submit = async () => {
    const { record } = useAnnotateStore.getState();
    if (record && record.status !== 'submitted' && record.editor_text === null && record.calls.length === 0) {
      const yes = await submitting.ask({
        title: 'Submit with no calls?',
        detail: `${record.task} has no tool call: submitted, this annotation says the task needs none, and agreement compares it so.`,
        confirm: 'Submit',
      });
      if (!yes || useAnnotateStore.getState().record?.task !== record.task) return;
    }
    // Errors the lint finds (an unknown tool, an empty required value, a call that fails on replay) are asked about too: the calls' as they are now.
    const errors = record && record.status !== 'submitted' ? (await lintOfCallsNow()).filter((issue) => issue.severity === 'error') : [];
    if (useAnnotateStore.getState().record?.task !== record?.task) return;
    if (record && record.status !== 'submitted' && record.editor_text === null && errors.length > 0) {
      const yes = await submitting.ask({
        title: `Submit with ${errors.length} lint error${errors.length === 1 ? '' : 's'}?`,
        detail: (
          <>
            <ul data-testid="submit-lint-errors">
              {errors.slice(0, 8).map((issue, i) => (
                <li key={i}>
                  call {issue.call + 1}
                  {issue.param ? ` (${issue.param})` : ''}: {issue.message}
                </li>
              ))}
              {errors.length > 8 && <li>and {errors.length - 8} more</li>}
            </ul>
            Submitted, the annotation says these calls are the task&apos;s key calls as they are. Cancel to fix them.
          </>
        ),
        confirm: 'Submit anyway',
      });
      if (!yes || useAnnotateStore.getState().record?.task !== record.task) return;
    }
    useAnnotateStore.getState().toggleSubmitted();
  };
  useHotkeyAction('annotate.submit', () => void submit());
  if (!datasetId || !annotator) return null;
  const message = useStudioStore.getState().showMessage;

  const after = async (mode: Mode, report: SyncReport) => {
    if (report.conflicts.length > 0) {
      setPending({ mode, conflicts: report.conflicts });
      return;
    }
    setPending(null);
    await reopenOpenTask();
    const file = annotationFilePath(annotator);
    // Edits reach the file as they are made, so an Export usually has nothing left to write: said so.
    const exported = report.written === 0 ? `Nothing to export: ${file} already holds every annotation of yours` : `Exported ${report.written} annotation(s) to ${file}`;
    const parts = [mode === 'export' ? exported : `Imported ${report.taken} annotation(s) from ${file}`];
    if (mode === 'export' && report.taken > 0) parts.push(`${report.taken} taken from the file`);
    if (report.kept > 0) parts.push(`${report.kept} kept as yours, on their way to the file above its line`);
    if (report.problems.length > 0) parts.push(`${report.problems.length} problem(s), first: ${report.problems[0]}`);
    message(
      parts.join('; '),
      report.problems.length > 0 ? 'error' : 'info',
    );
  };
  const run = (mode: Mode, picks: ConflictPicks = {}) =>
    void (mode === 'export' ? exportAnnotations(datasetId, annotator, picks) : importAnnotations(datasetId, annotator, picks)).then(
      (report) => after(mode, report),
      (error: unknown) => message(`${mode} failed: ${error instanceof Error ? error.message : String(error)}`, 'error'),
    );
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
  const clearLocal = async () => {
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
  const showWriteConflicts = writeConflicts.length > 0 && writeDismissed !== conflictsKey(writeConflicts) && !pending;

  return (
    <div className="sync-bar">
      <SaveState
        record={record}
        saveState={saveState}
        conflicted={record !== null && writeConflicts.some((conflict) => conflict.task === record.task)}
        unsent={writeUnsent}
      />
      <StrandedEdits />
      {writeConflicts.length > 0 && !showWriteConflicts && (
        <button type="button" className="link" onClick={() => setWriteDismissed(null)} data-testid="show-conflicts">
          {writeConflicts.length} conflict(s)
        </button>
      )}
      <button
        type="button"
        disabled={!record}
        data-testid="submit-task"
        onClick={() => void submit()}
      >
        {record?.status === 'submitted' ? 'Reopen' : 'Submit'}
      </button>
      <button type="button" onClick={() => run('export')} data-testid="export-annotations" title={`Append your changes to ${annotationFilePath(annotator)}`}>
        Export
      </button>
      <button type="button" onClick={() => run('import')} data-testid="import-annotations">
        Import
      </button>
      <button type="button" data-testid="clear-annotations" onClick={() => void clearLocal()}>
        Clear local
      </button>
      {pending && <ConflictDialog annotator={annotator} conflicts={pending.conflicts} action={pending.mode} onCancel={() => setPending(null)} onResolve={(picks) => run(pending.mode, picks)} />}
      {showWriteConflicts && (
        <ConflictDialog
          annotator={annotator}
          conflicts={writeConflicts}
          action="save"
          onCancel={() => setWriteDismissed(conflictsKey(writeConflicts))}
          onResolve={(picks) => void resolveConflicts(picks)}
        />
      )}
      {confirmation.dialog}
      {submitting.dialog}
    </div>
  );
}
