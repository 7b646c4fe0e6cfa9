// The per-task conflict choice, on the studio's one Dialog: tasks changed both here and in
// annotations/<annotator>.jsonl since this client last read it (write-through, Export or Import).
// The user sees each task's two versions side by side and picks one per task; nothing is written
// until every task has its pick (none is made for them: a wrong default loses someone's work).
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { annotationFilePath, type SyncConflict } from '../../db/annotationFile';
import { ConflictDetail, ConflictTask, type Side } from './ConflictTask';

export type { Side } from './ConflictTask';

export interface ConflictDialogProps {
  annotator: string;
  conflicts: SyncConflict[];
  /** What the confirm button does after the choice: "save", "export", "import". */
  action: string;
  onResolve(choice: Record<string, Side>): void;
  onCancel(): void;
}

/** A pick is for the two versions shown: a conflict replaced while the dialog is open (the file moved again) asks anew. */
const pickKey = (conflict: SyncConflict) => `${conflict.task}\u0000${conflict.mine.revision}\u0000${conflict.theirs.revision}`;

export function ConflictDialog({ annotator, conflicts, action, onResolve, onCancel }: ConflictDialogProps) {
  const [picks, setPicks] = useState<Record<string, Side>>({});
  const [shownTask, setShownTask] = useState<string | undefined>(conflicts[0]?.task);
  const shown = conflicts.find((conflict) => conflict.task === shownTask) ?? conflicts[0];
  const pickOf = (conflict: SyncConflict): Side | undefined => picks[pickKey(conflict)];
  const undecided = conflicts.filter((conflict) => !pickOf(conflict)).length;
  const chooseAll = (side: Side) => setPicks(Object.fromEntries(conflicts.map((conflict) => [pickKey(conflict), side])));
  const resolve = () => onResolve(Object.fromEntries(conflicts.map((conflict) => [conflict.task, pickOf(conflict)!])));
  return (
    <Dialog
      open
      onClose={onCancel}
      title={`${annotationFilePath(annotator)} changed on disk`}
      description="These tasks were changed both here and in the file since it was last read. Compare the two versions and pick the one to keep for each task; nothing is overwritten until you do."
      className="conflict-dialog"
      testId="sync-conflict"
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
            onClick={resolve}
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
            side={pickOf(conflict)}
            shown={conflict === shown}
            onShow={() => setShownTask(conflict.task)}
            onChoose={(side) => {
              setPicks((before) => ({ ...before, [pickKey(conflict)]: side }));
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
