// Shell state that is not the main store's: the EgoBench import report shown as a dialog, and a
// counter that remounts the workspace when the dataset's clips are served from somewhere new
// (a video folder was chosen), so players that showed "missing" load their source again.
import type { EgobenchImportEvent } from '../../../shared/api/studio-events';
import { create } from 'zustand';
import { forgetHeldClips } from '../video/clipCache';

export type ImportReport = Extract<EgobenchImportEvent, { state: 'done' }>;

interface ShellExtras {
  importReport: ImportReport | null;
  clipsEpoch: number;
  showImportReport(report: ImportReport | null): void;
  clipsMoved(): void;
}

export const useShellExtras = create<ShellExtras>()((set) => ({
  importReport: null,
  clipsEpoch: 0,
  showImportReport: (importReport) => set({ importReport }),
  clipsMoved: () => set((state) => ({ clipsEpoch: state.clipsEpoch + 1 })),
}));

/**
 * The dataset's clips are served from somewhere new (a video folder chosen or forgotten, a missing
 * file put back): held clips are dropped (one may be a stale miss) and the workspace remounts.
 */
export function reloadClips(): void {
  forgetHeldClips();
  useShellExtras.getState().clipsMoved();
}

/** The status bar line for a finished import. */
export function importSummaryLine(report: ImportReport): string {
  const s = report.summary;
  return (
    `Imported ${s.tasks} task(s) in ${s.scenarios} scenario(s) and ${s.trajectories} trajectories into ${report.out}: ` +
    `${report.warnings.length} warning(s), ${report.problems.length} problem(s), ${s.videos} clip(s) not in the release`
  );
}
