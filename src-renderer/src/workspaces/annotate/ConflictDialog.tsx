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

export function ConflictDialog({ annotator, conflicts, action, onResolve, onCancel }: ConflictDialogProps) {
  const [choice, setChoice] = useState<Record<string, Side>>({});
  const [shownTask, setShownTask] = useState<string | undefined>(conflicts[0]?.task);
  const shown = conflicts.find((conflict) => conflict.task === shownTask) ?? conflicts[0];
  const undecided = conflicts.filter((conflict) => !choice[conflict.task]).length;
  const chooseAll = (side: Side) => setChoice(Object.fromEntries(conflicts.map((conflict) => [conflict.task, side])));
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
            title={undecided > 0 ? `Pick a version for ${undecided} more task(s)` : undefined}
            onClick={() => onResolve(choice)}
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
            side={choice[conflict.task]}
            shown={conflict === shown}
            onShow={() => setShownTask(conflict.task)}
            onChoose={(side) => {
              setChoice((before) => ({ ...before, [conflict.task]: side }));
              setShownTask(conflict.task);
            }}
          />
        ))}
      </div>
      {shown && <ConflictDetail conflict={shown} />}
    </Dialog>
  );
}
