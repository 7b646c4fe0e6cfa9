// The correction of a ground truth shown alone (GroundTruthAlone): Edit begins it from the line,
// each change of its text or note is kept as it is typed (useCorrectionKeeper), a correction left
// in progress is taken up again once, and closing it (written or cancelled) forgets it and puts the
// focus back on Edit.
import { useRef, useState } from 'react';
import type { GroundTruth } from '../../../shared/format/types';
import { changeTime } from './adjudicationDrafts';
import { editingOf, type Editing } from './correctionEditing';
import type { DraftHost, DraftHostStatus } from './draftWriteThrough';
import { callsText, parseCallsText } from './GroundTruthEditor';
import { correctionKept, useCorrectionKeeper } from './useCorrectionKeeper';

interface Input {
  datasetId: string;
  truth: GroundTruth;
  /** The adjudicator's file of drafts, where the correction is kept too (null: this browser only), and how its last write went. */
  drafts: DraftHost | null;
  draftStatus: DraftHostStatus | null;
  /** Why this page may not write the ground truth (a team's annotator link), or null. */
  refusal: string | null;
}

export function useGroundTruthCorrection({ datasetId, truth, drafts, draftStatus, refusal }: Input) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [changed, setChanged] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const host = refusal === null ? drafts : null;
  const keeper = useCorrectionKeeper(datasetId, truth.task_id, host);
  // A correction left in progress (a reload, another task opened, the browser closed) is taken up again, once.
  const [resumed, setResumed] = useState(false);
  if (!resumed && keeper.found !== undefined) {
    setResumed(true);
    const again = keeper.found && editing === null && refusal === null ? editingOf(keeper.found, truth.task_id) : null;
    if (again) {
      setEditing(again);
      setMessage('Your correction in progress is back, as you left it.');
    }
  }
  const change = (next: Editing) => {
    setEditing(next);
    setChanged(true);
    keeper.keep({ text: next.text, note: next.note, truth: JSON.stringify(next.base), updatedAt: changeTime() });
  };
  return {
    /** What is being edited, or null: the ground truth is shown as it is. */
    editing,
    /** What to say above it (the correction taken up again, written), or null. */
    message,
    /** Edit, focused again when the editor closes. */
    editButton,
    /** Where the changes are kept, as the editor says it. */
    kept: correctionKept(host, draftStatus, changed),
    begin: () => {
      setMessage(null);
      setEditing({ text: callsText(truth.calls), note: truth.note ?? '', base: truth, calls: truth.calls });
    },
    editText: (text: string) => {
      if (!editing) return;
      const parsed = parseCallsText(text);
      change({ ...editing, text, calls: 'calls' in parsed ? parsed.calls : editing.calls });
    },
    editNote: (note: string) => {
      if (editing) change({ ...editing, note });
    },
    close: (done: string | null) => {
      setEditing(null);
      setChanged(false);
      keeper.keep(null);
      setMessage(done);
      requestAnimationFrame(() => editButton.current?.focus());
    },
  };
}
