// The per-task conflict choice, on the studio's one Dialog: tasks changed both here and in
// annotations/<annotator>.jsonl since this client last read it (write-through, Export or Import).
// The user sees each task's two versions side by side and picks one per task; nothing is written
// until every task has its pick (none is made for them: a wrong default loses someone's work).
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { annotationFilePath, pickFor, pickOn, type ConflictPicks, type SyncConflict } from '../../db/annotationFile';
import { ConflictDetail, ConflictTask, type Side } from './ConflictTask';

export interface ConflictDialogProps {
  annotator: string;
  conflicts: SyncConflict[];
  /** What the confirm button does after the choice: "save", "export", "import". */
  action: string;
  /** The picks, each with the versions it was made on (a side that moved on since is asked again). */
  onResolve(picks: ConflictPicks): void;
  onCancel(): void;
}

export function ConflictDialog({ annotator, conflicts, action, onResolve, onCancel }: ConflictDialogProps) {
  // A pick is for the two versions shown: a conflict replaced while the dialog is open (the file moved again) asks anew.
  const [picks, setPicks] = useState<ConflictPicks>({});
  const [shownTask, setShownTask] = useState<string | undefined>(conflicts[0]?.task);
  const shown = conflicts.find((conflict) => conflict.task === shownTask) ?? conflicts[0];
  const undecided = conflicts.filter((conflict) => !pickFor(picks, conflict)).length;
  const chooseAll = (side: Side) => setPicks(Object.fromEntries(conflicts.map((conflict) => [conflict.task, pickOn(conflict, side)])));
  return (
    <Dialog
      open
      onClose={onCancel}
      title={`${annotationFilePath(annotator)} changed on disk`}
      description="These tasks were changed both here and in the file since it was last read. Compare the two versions and pick the one to keep for each task; nothing is overwritten until you do."
      className="conflict-dialog"
      testId="sync-conflict"
      focusItself
      actions={
        <>
          {conflicts.length > 1 && (
            <>
              <button type="button" onClick={() => chooseAll('mine')} data-testid="conflicts-all-mine">
                All mine
              </button>
              <button type="button" onClick={() => chooseAll('theirs')} data-testid="conflicts-all-file">
                All from the file
              </button>
            </>
          )}
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            data-testid="resolve-conflicts"
            disabled={undecided > 0}
            aria-describedby="conflicts-undecided"
            onClick={() => onResolve(picks)}
          >
            Resolve and {action}
          </button>
        </>
      }
    >
      <div className="conflict-tasks">
        {conflicts.map((conflict) => (
          <ConflictTask
            key={conflict.task}
            conflict={conflict}
            side={pickFor(picks, conflict)}
            shown={conflict === shown}
            onShow={() => setShownTask(conflict.task)}
            onChoose={(side) => {
              setPicks((before) => ({ ...before, [conflict.task]: pickOn(conflict, side) }));
              setShownTask(conflict.task);
            }}
          />
        ))}
      </div>
      <p id="conflicts-undecided" className="muted" role="status" data-testid="conflicts-undecided">
        {undecided > 0 ? `${undecided} of ${conflicts.length} task(s) left to pick a version for.` : 'Every task has its version picked.'}
      </p>
      {shown && <ConflictDetail key={shown.task} conflict={shown} />}
    </Dialog>
  );
}
