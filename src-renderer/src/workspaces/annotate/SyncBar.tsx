// Submit, export, import and clear, the write-through state, and the conflict dialog: when the
// annotator's file changed on disk since it was read (seen by write-through, Export or Import),
// each task edited on both sides is shown and the user picks a side.
import { useState } from 'react';
import { annotationFilePath, conflictsKey } from '../../db/annotationFile';
import { useAnnotateStore } from './annotateStore';
import { ConflictDialog } from './ConflictDialog';
import { HeldFile } from './HeldFile';
import { SaveState } from './SaveState';
import { StrandedEdits } from './StrandedEdits';
import { useClearLocal } from './useClearLocal';
import { useExportImport } from './useExportImport';
import { useOpenWhenQuiet } from './useOpenWhenQuiet';
import { useSubmitTask } from './useSubmitTask';
import { resolveConflicts } from './writeThrough';

export function SyncBar() {
  const datasetId = useAnnotateStore((state) => state.datasetId);
  const annotator = useAnnotateStore((state) => state.annotator);
  const record = useAnnotateStore((state) => state.record);
  const saveState = useAnnotateStore((state) => state.saveState);
  const writeConflicts = useAnnotateStore((state) => state.writeThrough.conflicts);
  const heldTasks = useAnnotateStore((state) => state.writeThrough.held?.tasks);
  // Edits waiting while the host does not take them (offline, refused), retries included (they keep
  // the last failure's message until one succeeds); not an ordinary send.
  const writeUnsent = useAnnotateStore(({ writeThrough: w }) => (w.state === 'offline' || w.state === 'error' || (w.state === 'sending' && w.message !== null) ? w.unsent : 0));
  const exportImport = useExportImport(datasetId, annotator);
  // Put aside by Cancel or Escape until the file moves again (a drain finding the same conflicts does not ask again).
  const [writeDismissed, setWriteDismissed] = useState<string | null>(null);
  const clear = useClearLocal(datasetId, annotator);
  const submitTask = useSubmitTask();
  const conflicts = conflictsKey(writeConflicts);
  const wanted = writeConflicts.length > 0 && writeDismissed !== conflicts && !exportImport.asking;
  // Not over typing: it opens once the keyboard is quiet (the notice below opens it at once).
  const quiet = useOpenWhenQuiet(wanted ? conflicts : null);
  const [askedFor, setAskedFor] = useState<string | null>(null);
  if (!datasetId || !annotator) return null;
  const showWriteConflicts = wanted && (quiet || askedFor === conflicts);

  return (
    <div className="sync-bar">
      <SaveState
        record={record}
        saveState={saveState}
        conflicted={record !== null && writeConflicts.some((conflict) => conflict.task === record.task)}
        unsent={writeUnsent}
        held={record !== null && heldTasks !== undefined && heldTasks.includes(record.task)}
      />
      <StrandedEdits />
      <HeldFile />
      {writeConflicts.length > 0 && !showWriteConflicts && (
        <button
          type="button"
          className="link conflict-notice"
          onClick={() => {
            setWriteDismissed(null);
            setAskedFor(conflicts);
          }}
          data-testid="show-conflicts"
        >
          {writeConflicts.length} conflict(s)
        </button>
      )}
      <button
        type="button"
        disabled={!record}
        data-testid="submit-task"
        onClick={() => void submitTask.submit()}
      >
        {record?.status === 'submitted' ? 'Reopen' : 'Submit'}
      </button>
      <button type="button" onClick={() => exportImport.run('export')} data-testid="export-annotations" title={`Append your changes to ${annotationFilePath(annotator)}`}>
        Export
      </button>
      <button type="button" onClick={() => exportImport.run('import')} data-testid="import-annotations">
        Import
      </button>
      <button type="button" data-testid="clear-annotations" onClick={() => void clear.clearLocal()}>
        Clear local
      </button>
      {exportImport.dialog}
      {showWriteConflicts && (
        <ConflictDialog
          annotator={annotator}
          conflicts={writeConflicts}
          action="save"
          onCancel={() => setWriteDismissed(conflicts)}
          onResolve={(picks) => void resolveConflicts(picks)}
        />
      )}
      {clear.dialog}
      {submitTask.dialog}
    </div>
  );
}
