// Submit, export, import and clear, with the conflict dialog: when the annotator's file changed on
// disk since it was read, each task edited on both sides is shown and the user picks a side.
import { useState } from 'react';
import { annotationFilePath, contentKey } from '../../db/annotationFile';
import { clearAnnotations } from '../../db/annotationRepo';
import type { SyncConflict } from '../../db/annotationFile';
import { useStudioStore } from '../../state/store';
import { useAnnotateStore } from './annotateStore';
import { exportAnnotations, importAnnotations, type SyncReport } from './fileSync';

type Mode = 'export' | 'import';

export function SyncBar() {
  const datasetId = useAnnotateStore((state) => state.datasetId);
  const annotator = useAnnotateStore((state) => state.annotator);
  const record = useAnnotateStore((state) => state.record);
  const saveState = useAnnotateStore((state) => state.saveState);
  const [pending, setPending] = useState<{ mode: Mode; conflicts: SyncConflict[]; choice: Record<string, 'mine' | 'theirs'> } | null>(null);
  if (!datasetId || !annotator) return null;
  const message = useStudioStore.getState().showMessage;

  const after = async (mode: Mode, report: SyncReport) => {
    if (report.conflicts.length > 0) {
      setPending({ mode, conflicts: report.conflicts, choice: Object.fromEntries(report.conflicts.map((c) => [c.task, 'mine' as const])) });
      return;
    }
    setPending(null);
    const store = useAnnotateStore.getState();
    await store.refreshStatuses();
    if (store.taskId) await store.openTask(store.taskId);
    const file = annotationFilePath(annotator);
    message(
      mode === 'export' ? `Exported ${report.written} annotation(s) to ${file}` : `Imported ${report.taken} annotation(s) from ${file}`,
      report.problems.length > 0 ? 'error' : 'info',
    );
  };
  const run = (mode: Mode, choice: Record<string, 'mine' | 'theirs'> = {}) =>
    void (mode === 'export' ? exportAnnotations(datasetId, annotator, choice) : importAnnotations(datasetId, annotator, choice)).then(
      (report) => after(mode, report),
      (error: unknown) => message(`${mode} failed: ${error instanceof Error ? error.message : String(error)}`, 'error'),
    );

  return (
    <div className="sync-bar">
      <span className={`save-state ${saveState}`} data-testid="save-state" title={record ? `revision ${record.revision}` : ''}>
        {saveState === 'pending' ? 'Saving…' : saveState === 'error' ? 'Not saved!' : `Saved · rev ${record?.revision ?? 0}`}
      </span>
      <button
        type="button"
        disabled={!record}
        data-testid="submit-task"
        onClick={() => useAnnotateStore.getState().edit({ status: record?.status === 'submitted' ? 'draft' : 'submitted' })}
      >
        {record?.status === 'submitted' ? 'Reopen' : 'Submit'}
      </button>
      <button type="button" onClick={() => run('export')} data-testid="export-annotations" title={`Append your changes to ${annotationFilePath(annotator)}`}>
        Export
      </button>
      <button type="button" onClick={() => run('import')} data-testid="import-annotations">
        Import
      </button>
      <button
        type="button"
        data-testid="clear-annotations"
        onClick={() => {
          if (!window.confirm(`Remove ${annotator}'s annotations of this dataset from this browser? The file is not touched.`)) return;
          void clearAnnotations(datasetId, annotator).then(async () => {
            const store = useAnnotateStore.getState();
            store.set({ saveState: 'saved' });
            await store.refreshStatuses();
            if (store.taskId) await store.openTask(store.taskId);
          });
        }}
      >
        Clear local
      </button>
      {pending && (
        <div className="overlay-backdrop">
          <div className="conflict-dialog" role="dialog" aria-modal="true" aria-label="Conflicts" data-testid="sync-conflict">
            <h2>{annotationFilePath(annotator)} changed on disk</h2>
            <p className="muted">These tasks were changed both here and in the file since it was last read. Pick the version to keep; nothing is overwritten until you do.</p>
            {pending.conflicts.map((conflict) => (
              <fieldset key={conflict.task}>
                <legend>{conflict.task}</legend>
                {(['mine', 'theirs'] as const).map((side) => {
                  const value = side === 'mine' ? conflict.mine : conflict.theirs;
                  return (
                    <label key={side}>
                      <input
                        type="radio"
                        name={conflict.task}
                        checked={pending.choice[conflict.task] === side}
                        onChange={() => setPending({ ...pending, choice: { ...pending.choice, [conflict.task]: side } })}
                      />
                      {side === 'mine' ? `Mine (rev ${value.revision})` : `File (rev ${value.revision})`}
                      <pre>{JSON.parse(contentKey(value)).calls.map((call: { tool_name: string }) => call.tool_name).join(' → ')}</pre>
                    </label>
                  );
                })}
              </fieldset>
            ))}
            <div className="dialog-actions">
              <button type="button" onClick={() => setPending(null)}>
                Cancel
              </button>
              <button type="button" className="primary" data-testid="resolve-conflicts" onClick={() => run(pending.mode, pending.choice)}>
                Resolve and {pending.mode}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
