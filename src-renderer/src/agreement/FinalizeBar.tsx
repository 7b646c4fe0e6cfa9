// The foot of the adjudication view: the rationale, where the draft is kept, Finalize (the button
// and Ctrl+Enter), the ground-truth line it would replace and how the last write went.
import type { GroundTruth } from '../../../shared/format/types';
import { useHotkeyAction } from '../hotkeys/useHotkeys';
import { GROUND_TRUTH_PATH } from './agreementData';
import { DraftStatus } from './DraftStatus';
import type { DraftHostStatus } from './draftWriteThrough';
import type { MergeDraft } from './useAdjudicationMerge';

interface Props {
  note: string;
  onNote(note: string): void;
  draft: Pick<MergeDraft, 'problems' | 'conflict' | 'resolveConflict' | 'finalized'>;
  draftStatus: DraftHostStatus | null;
  /** The adjudicator's file of drafts; null: none. */
  draftPath: string | null;
  canFinalize: boolean;
  onFinalize(): void;
  adjudicator: string;
  /** Why this page may not write the ground truth (a team's annotator link), or null. */
  refusal: string | null;
  existing: GroundTruth | null;
  message: { text: string; kind: 'info' | 'error' } | null;
}

export function FinalizeBar({ note, onNote, draft, draftStatus, draftPath, canFinalize, onFinalize, adjudicator, refusal, existing, message }: Props) {
  return (
    <div className="finalize">
      <label>
        Rationale
        <textarea data-testid="adjudication-note" value={note} rows={3} onChange={(event) => onNote(event.target.value)} placeholder="Why this sequence is the ground truth" />
      </label>
      <DraftStatus status={draftStatus} path={draftPath} problems={draft.problems} conflict={draft.conflict} onResolve={draft.resolveConflict} finalized={draft.finalized} />
      {canFinalize && <FinalizeKey run={onFinalize} />}
      <button
        type="button"
        className="primary"
        data-testid="finalize-button"
        disabled={!canFinalize}
        title={refusal ?? (adjudicator.trim() === '' ? 'Enter the adjudicator name first' : `Write this task's line of ${GROUND_TRUTH_PATH}`)}
        onClick={onFinalize}
      >
        Finalize
      </button>
      {existing && <span className="muted">ground truth exists ({existing.source ?? 'no source'}{existing.adjudicator ? `, ${existing.adjudicator}` : ''}): the rows began from its calls and rationale; finalizing replaces the line, its references kept unless dropped above</span>}
      {message && (
        <div className={message.kind === 'error' ? 'agreement-error' : 'agreement-ok'} data-testid="finalize-message">
          {message.text}
        </div>
      )}
    </div>
  );
}

/**
 * Ctrl+Enter finalizes while the button can (a component of its own: the view's hooks come before
 * its early returns); not from a row's call being edited, where it reads as "done with this edit".
 */
function FinalizeKey({ run }: { run: () => void }) {
  useHotkeyAction('adjudicate.finalize', (event) => {
    if (event.target instanceof Element && event.target.closest('.call-edit')) return;
    run();
  });
  return null;
}
