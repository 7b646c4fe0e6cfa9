// What the report's figures do not show by themselves: runs imported in Replay left out (the report
// is the dataset's), modes dataset.json does not list, each scored as a mode of its own, and
// overrides that are stale or name no run of the report.
import { useMemo } from 'react';
import { unlistedModeNote, unlistedModes } from '../../../../shared/eval/unlisted-modes';
import type { ReportModel } from '../../../../shared/report/build';
import { overrideNotesOf } from '../../../../shared/report/override-notes';
import type { EvaluationRun } from '../../../../shared/report/types';

interface Props {
  run: EvaluationRun;
  overrides: ReportModel['overrides'];
  importedRuns: number;
  /** dataset.json's modes, as the host read them (none: not known). */
  listedModes: readonly string[] | undefined;
}

export function ReportNotes({ run, overrides, importedRuns, listedModes }: Props) {
  const modes = useMemo(() => [...unlistedModes(listedModes ?? [], run.trajectories)], [listedModes, run]);
  const overrideNotes = overrideNotesOf(overrides);
  if (importedRuns === 0 && modes.length === 0 && overrideNotes.length === 0) return null;
  return (
    <ul className="report-notes muted" data-testid="report-notes">
      {importedRuns > 0 && (
        <li data-testid="report-imported-note">
          {importedRuns} run(s) imported in Replay are not in this report, which is the dataset&apos;s: put their files under trajectories/ to include them.
        </li>
      )}
      {overrideNotes.map((note) => (
        <li key={note} data-testid="report-override-note">
          {note}
        </li>
      ))}
      {modes.map(([mode, models]) => (
        <li key={mode} data-testid="report-mode-note">
          Note: {unlistedModeNote(mode, models, listedModes ?? [])}.
        </li>
      ))}
    </ul>
  );
}

