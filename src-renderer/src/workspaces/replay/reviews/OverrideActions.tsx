// The override form's buttons: Save (or Update), Remove mine, and Undo of the run's latest change
// made in this page, which says what it puts back.
import type { RefObject } from 'react';
import { undoDescription, useLastReviewChange } from './reviewUndo';

interface Props {
  datasetId: string;
  trajectoryId: string;
  saveButton: RefObject<HTMLButtonElement | null>;
  /** The reviewer has a review of the run. */
  saved: boolean;
  /** Something is typed and not saved. */
  unsaved: boolean;
  error: string | null;
  onRemove(): void;
  onUndo(): void;
}

export function OverrideActions({ datasetId, trajectoryId, saveButton, saved, unsaved, error, onRemove, onUndo }: Props) {
  const lastChange = useLastReviewChange(datasetId, trajectoryId);
  return (
    <div className="override-actions">
      <button type="submit" ref={saveButton}>
        {saved ? 'Update override' : 'Save override'}
      </button>
      {unsaved ? (
        <span className="muted" data-testid="override-unsaved">
          not saved yet (kept while you look at other runs)
        </span>
      ) : null}
      {saved ? (
        <button type="button" className="link-button" onClick={onRemove}>
          Remove mine
        </button>
      ) : null}
      {lastChange ? (
        <button type="button" className="link-button" onClick={onUndo} data-testid="override-undo" title={`Puts back ${lastChange.reviewer}'s review as it was: ${undoDescription(lastChange)} (Ctrl+Z)`}>
          Undo ({lastChange.before ? `back to ${lastChange.before.label}` : 'no review'})
        </button>
      ) : null}
      {error ? <span className="error-text">{error}</span> : null}
    </div>
  );
}
