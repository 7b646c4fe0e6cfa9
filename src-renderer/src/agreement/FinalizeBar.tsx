// The foot of the adjudication view: the rationale, where the draft is kept, Finalize (the button
// and Ctrl+Enter), the ground-truth line it would replace and how the last write went.
import type { GroundTruth } from '../../../shared/format/types';
import { useState } from 'react';
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
  /** Why Finalize cannot run now, said when Ctrl+Enter is pressed (null: it can, or it is already running). */
  finalizeBlocked: string | null;
  onFinalize(): void;
  adjudicator: string;
  /** Why this page may not write the ground truth (a team's annotator link), or null. */
  refusal: string | null;
  existing: GroundTruth | null;
  message: { text: string; kind: 'info' | 'error' } | null;
}

export function FinalizeBar({ note, onNote, draft, draftStatus, draftPath, canFinalize, finalizeBlocked, onFinalize, adjudicator, refusal, existing, message }: Props) {
  // After Ctrl+Enter could not finalize: why, said until Finalize can run (then forgotten).
  const [asked, setAsked] = useState(false);
  if (asked && canFinalize) setAsked(false);
  const shown = asked && !canFinalize && finalizeBlocked ? { text: finalizeBlocked, kind: 'error' as const } : message;
  return (
    <div className="finalize">
      <label>
        Rationale
        <textarea data-testid="adjudication-note" value={note} rows={3} onChange={(event) => onNote(event.target.value)} placeholder="Why this sequence is the ground truth" />
      </label>
      <DraftStatus status={draftStatus} path={draftPath} problems={draft.problems} conflict={draft.conflict} onResolve={draft.resolveConflict} finalized={draft.finalized} />
      <FinalizeKey run={canFinalize ? onFinalize : () => setAsked(true)} />
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
      {shown && (
        <div className={shown.kind === 'error' ? 'agreement-error' : 'agreement-ok'} data-testid="finalize-message" role="status">
          {shown.text}
        </div>
      )}
    </div>
  );
}

/**
 * Ctrl+Enter finalizes while the button can, else says why not, as Annotate's Submit does (`run`
 * is then the saying; a component of its own: the view's hooks come before its early returns); not from a row's
 * call being edited, where it reads as "done with this edit".
 */
function FinalizeKey({ run }: { run: () => void }) {
  useHotkeyAction('adjudicate.finalize', (event) => {
    if (event.target instanceof Element && event.target.closest('.call-edit')) return;
    run();
  });
  return null;
}
