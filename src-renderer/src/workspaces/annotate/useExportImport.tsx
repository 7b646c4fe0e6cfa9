// Export and Import between this browser's rows and the annotator's file: what moved is said when
// done; tasks edited on both sides since the file was read are shown in the conflict dialog, and
// the action runs again with the sides picked there.
import { useState, type ReactNode } from 'react';
import { annotationFilePath, type ConflictPicks, type SyncConflict } from '../../db/annotationFile';
import { useStudioStore } from '../../state/store';
import { ConflictDialog } from './ConflictDialog';
import { exportAnnotations, importAnnotations, type SyncReport } from './fileSync';
import { reopenOpenTask } from './reopenOpenTask';

export type SyncMode = 'export' | 'import';

export interface ExportImport {
  run: (mode: SyncMode) => void;
  /** Conflicts of an Export or Import are being asked about. */
  asking: boolean;
  dialog: ReactNode;
}

/** Before a dataset is open and someone signs in (the bar shows nothing then), `run` does nothing. */
export function useExportImport(datasetId: string | null, annotator: string | null): ExportImport {
  const [pending, setPending] = useState<{ mode: SyncMode; conflicts: SyncConflict[] } | null>(null);
  const message = useStudioStore.getState().showMessage;

  const after = async (mode: SyncMode, annotator: string, report: SyncReport) => {
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
  const run = (mode: SyncMode, picks: ConflictPicks = {}) => {
    if (!datasetId || !annotator) return;
    void (mode === 'export' ? exportAnnotations(datasetId, annotator, picks) : importAnnotations(datasetId, annotator, picks)).then(
      (report) => after(mode, annotator, report),
      (error: unknown) => message(`${mode} failed: ${error instanceof Error ? error.message : String(error)}`, 'error'),
    );
  };
  const dialog = pending && annotator && <ConflictDialog annotator={annotator} conflicts={pending.conflicts} action={pending.mode} onCancel={() => setPending(null)} onResolve={(picks) => run(pending.mode, picks)} />;
  return { run, asking: pending !== null, dialog };
}
