// Human override: the form for one trajectory, each save or removal written through to
// reviews/<reviewer>.jsonl on the host (reviewChanges.ts), and undone from here.
import { useRef, useState } from 'react';
import type { Label } from '../../../../../shared/eval/profile';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { useHotkeyAction } from '../../../hotkeys/useHotkeys';
import { REVIEWER_KEY } from '../../../state/identityKeys';
import { TEAM_NAME_TITLE } from '../../../shell/teamIdentity';
import { rememberName, useRememberedName } from '../../../shell/useRememberedName';
import { OverrideActions } from './OverrideActions';
import { OverrideList } from './OverrideList';
import { correctOverFailureNote, shownOverride, withLabelChosen, withReasonTyped } from './overrideForm';
import { changeReview, refusedByBrowser, undoLastChange } from './reviewChanges';
import { useTrajectoryReviews } from './useDatasetReviews';
import { useOverrideDraft } from './useOverrideDraft';

export function OverridePanel({ datasetId, row, labels }: { datasetId: string; row: TrajectoryRow; labels: readonly Label[] }) {
  const reviews = useTrajectoryReviews(datasetId, row.id);
  // Who reviews: the team link's name, or the one typed (the form of the next run opened, or a reload, has it).
  const { name: reviewer, setName: setReviewer, team } = useRememberedName(REVIEWER_KEY);
  const teamName = team?.name ?? null;
  const mine = reviews.find((r) => r.reviewer === reviewer.trim());
  const { typed, label, reason, setLabel, setReason, setDraft } = useOverrideDraft(datasetId, row.id);
  const [error, setError] = useState<string | null>(null);
  const { label: shownLabel, reason: shownReason } = shownOverride(typed, mine, row.label);
  const correctNote = correctOverFailureNote(shownLabel, row);

  const saveButton = useRef<HTMLButtonElement>(null);
  const labelSelect = useRef<HTMLSelectElement>(null);
  const clearDraft = () => {
    setLabel('');
    setReason('');
  };
  const save = async () => {
    const name = reviewer.trim();
    if (!name) return setError('Enter your name as the reviewer.');
    if (!shownReason.trim()) return setError('Give a reason for the override.');
    rememberName(REVIEWER_KEY, name);
    try {
      await changeReview(datasetId, row.id, name, mine, { label: shownLabel, autoLabel: row.label, reason: shownReason.trim() });
    } catch (failure) {
      return setError(refusedByBrowser('The override', failure));
    }
    setError(null);
    clearDraft();
    // Out of the Reason, where Shift+J would be typed: the next run is one key away.
    if (formHasFocus(saveButton.current)) saveButton.current?.focus();
  };
  const remove = async () => {
    if (!mine) return;
    try {
      await changeReview(datasetId, row.id, mine.reviewer, mine, null);
    } catch (failure) {
      return setError(refusedByBrowser('The removal', failure));
    }
    setError(null);
    // Its label and reason stay in the form, unsaved: Save override puts it back (so does Undo).
    setLabel(mine.label);
    setReason(mine.reason);
    // The button goes with the review: the focus would fall to <body>.
    saveButton.current?.focus();
  };
  const undo = async () => {
    try {
      if (await undoLastChange(datasetId, row.id)) clearDraft(); // the form shows the review put back
      setError(null);
    } catch (failure) {
      setError(refusedByBrowser('The undo', failure));
    }
  };
  useHotkeyAction('replay.review', () => labelSelect.current?.focus());
  useHotkeyAction('replay.save-review', () => void save());
  useHotkeyAction('replay.undo-review', () => void undo());

  return (
    <form
      className="override-panel"
      data-testid="label-override"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="override-fields">
        <label>
          Label{' '}
          <select ref={labelSelect} value={shownLabel} onChange={(e) => setDraft((t) => withLabelChosen(t, mine, row.label, e.target.value as Label))} aria-label="Override label">
            {labels.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label>
          Reviewer{' '}
          <input
            value={reviewer}
            onChange={(e) => setReviewer(e.target.value)}
            readOnly={teamName !== null}
            title={teamName !== null ? TEAM_NAME_TITLE : undefined}
            aria-label="Reviewer"
            placeholder="your name"
            size={12}
          />
        </label>
      </div>
      <label className="override-reason">
        Reason
        <textarea
          value={shownReason}
          onChange={(e) => setDraft((t) => withReasonTyped(t, mine, row.label, e.target.value))}
          aria-label="Reason"
          rows={2}
          placeholder="why the automatic label is wrong (or right)"
        />
      </label>
      {correctNote ? (
        <p className="muted override-note" role="note" data-testid="override-correct-note">
          {correctNote}
        </p>
      ) : null}
      {row.imported ? (
        <p className="muted override-imported" data-testid="override-imported">
          This run was imported for this page only: its override goes to reviews/ like any other, but Reports counts it only once the run&apos;s file is under trajectories/.
        </p>
      ) : null}
      <OverrideActions datasetId={datasetId} trajectoryId={row.id} saveButton={saveButton} saved={mine !== undefined} unsaved={label !== '' || reason !== ''} error={error} onRemove={() => void remove()} onUndo={() => void undo()} />
      {reviews.length > 0 ? <OverrideList reviews={reviews} /> : null}
    </form>
  );
}

/** The focus is in the form (the keyboard's review), not elsewhere in the page. */
function formHasFocus(inForm: HTMLButtonElement | null): boolean {
  return !!inForm && !!document.activeElement && inForm.form?.contains(document.activeElement) === true;
}
