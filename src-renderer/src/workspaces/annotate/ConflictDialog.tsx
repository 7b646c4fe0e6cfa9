// The per-task conflict choice, on the studio's one Dialog: tasks changed both here and in
// annotations/<annotator>.jsonl since this client last read it (write-through, Export or Import).
// The user picks a side per task; nothing is written until they do.
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { annotationFilePath, contentKey, type SyncConflict } from '../../db/annotationFile';

export type Side = 'mine' | 'theirs';

export interface ConflictDialogProps {
  annotator: string;
  conflicts: SyncConflict[];
  /** What the confirm button does after the choice: "save", "export", "import". */
  action: string;
  onResolve(choice: Record<string, Side>): void;
  onCancel(): void;
}

function callNames(value: SyncConflict['mine'] | SyncConflict['theirs']): string {
  return (JSON.parse(contentKey(value)) as { calls: { tool_name: string }[] }).calls.map((call) => call.tool_name).join(' → ');
}

export function ConflictDialog({ annotator, conflicts, action, onResolve, onCancel }: ConflictDialogProps) {
  const [choice, setChoice] = useState<Record<string, Side>>(() => Object.fromEntries(conflicts.map((c) => [c.task, 'mine' as const])));
  return (
    <Dialog
      open
      onClose={onCancel}
      title={`${annotationFilePath(annotator)} changed on disk`}
      description="These tasks were changed both here and in the file since it was last read. Pick the version to keep; nothing is overwritten until you do."
      className="conflict-dialog"
      testId="sync-conflict"
      actions={
        <>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="primary" data-testid="resolve-conflicts" onClick={() => onResolve(choice)}>
            Resolve and {action}
          </button>
        </>
      }
    >
      {conflicts.map((conflict) => (
        <fieldset key={conflict.task}>
          <legend>{conflict.task}</legend>
          {(['mine', 'theirs'] as const).map((side) => {
            const value = side === 'mine' ? conflict.mine : conflict.theirs;
            return (
              <label key={side}>
                <input type="radio" name={conflict.task} checked={(choice[conflict.task] ?? 'mine') === side} onChange={() => setChoice({ ...choice, [conflict.task]: side })} />
                {side === 'mine' ? `Mine (rev ${value.revision})` : `File (rev ${value.revision})`}
                <pre>{callNames(value)}</pre>
              </label>
            );
          })}
        </fieldset>
      ))}
    </Dialog>
  );
}
