// Human override: the form for one trajectory, each save or removal written through to
// reviews/<reviewer>.jsonl on the host.
import { useRef, useState } from 'react';
import type { Label } from '../../../../../shared/eval/profile';
import { studioApi } from '../../../api/studio';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { useHotkeyAction } from '../../../hotkeys/useHotkeys';
import { describeHostFailure } from '../../../state/hostErrors';
import { useStudioStore } from '../../../state/store';
import { REVIEWER_KEY } from '../../../state/identityKeys';
import { TEAM_NAME_TITLE } from '../../../shell/teamIdentity';
import { rememberName, useRememberedName } from '../../../shell/useRememberedName';
import { OverrideList } from './OverrideList';
import { shownOverride, withLabelChosen, withReasonTyped } from './overrideForm';
import { writeReviewThrough } from './reviewWriteThrough';
import { recordReview } from './reviewsDb';
import { useTrajectoryReviews } from './useDatasetReviews';
import { useOverrideDraft } from './useOverrideDraft';

/** The status bar hears where each override (or its removal) went: written to reviews/<reviewer>.jsonl, or kept here for later. */
const reportWrite =
  (what: 'Override' | 'Removal of the override') =>
  (error: unknown | null, path: string): void => {
    const { showMessage } = useStudioStore.getState();
    if (error === null) showMessage(`${what} written to ${path}`, 'info');
    else showMessage(describeHostFailure(`${what} kept in this browser, not yet in ${path}`, error), 'error');
  };

/** What the form says when the browser refuses to keep an override or its removal (storage off or full): nothing reached the file, and what was typed stays in the form. */
const refusedByBrowser = (what: string, failure: unknown) => `${what} is not saved: this browser refused to keep it (${failure instanceof Error ? failure.message : String(failure)}).`;

export function OverridePanel({ datasetId, row, labels }: { datasetId: string; row: TrajectoryRow; labels: readonly Label[] }) {
  const reviews = useTrajectoryReviews(datasetId, row.id);
  // Who reviews: the team link's name, or the one typed (the form of the next run opened, or a reload, has it).
  const { name: reviewer, setName: setReviewer, team } = useRememberedName(REVIEWER_KEY);
  const teamName = team?.name ?? null;
  const mine = reviews.find((r) => r.reviewer === reviewer.trim());
  const { typed, label, reason, setLabel, setReason, setDraft } = useOverrideDraft(datasetId, row.id);
  const [error, setError] = useState<string | null>(null);
  const { label: shownLabel, reason: shownReason } = shownOverride(typed, mine, row.label);

  const saveButton = useRef<HTMLButtonElement>(null);
  const labelSelect = useRef<HTMLSelectElement>(null);
  useHotkeyAction('replay.review', () => labelSelect.current?.focus());
  const save = async () => {
    const name = reviewer.trim();
    if (!name) return setError('Enter your name as the reviewer.');
    if (!shownReason.trim()) return setError('Give a reason for the override.');
    rememberName(REVIEWER_KEY, name);
    let queued: Awaited<ReturnType<typeof recordReview>>;
    try {
      queued = await recordReview(datasetId, row.id, name, { label: shownLabel, autoLabel: row.label, reason: shownReason.trim() });
    } catch (failure) {
      return setError(refusedByBrowser('The override', failure));
    }
    void writeReviewThrough(studioApi(), queued, reportWrite('Override'));
    setError(null);
    setLabel('');
    setReason('');
    // Out of the Reason, where Shift+J would be typed: the next run is one key away.
    if (formHasFocus(saveButton.current)) saveButton.current?.focus();
  };
  useHotkeyAction('replay.save-review', () => void save());

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
      {row.imported ? (
        <p className="muted override-imported" data-testid="override-imported">
          This run was imported for this page only: its override goes to reviews/ like any other, but Reports counts it only once the run&apos;s file is under trajectories/.
        </p>
      ) : null}
      <div className="override-actions">
        <button type="submit" ref={saveButton}>{mine ? 'Update override' : 'Save override'}</button>
        {label || reason ? (
          <span className="muted" data-testid="override-unsaved">
            not saved yet (kept while you look at other runs)
          </span>
        ) : null}
        {mine ? (
          <button
            type="button"
            className="link-button"
            onClick={() =>
              void recordReview(datasetId, row.id, mine.reviewer, null).then(
                (queued) => {
                  setError(null);
                  // Its label and reason stay in the form, unsaved: Save override puts it back (an undo).
                  setLabel(mine.label);
                  setReason(mine.reason);
                  // The button goes with the review: the focus would fall to <body>.
                  saveButton.current?.focus();
                  return writeReviewThrough(studioApi(), queued, reportWrite('Removal of the override'));
                },
                (failure: unknown) => setError(refusedByBrowser('The removal', failure)),
              )
            }
          >
            Remove mine
          </button>
        ) : null}
        {error ? <span className="error-text">{error}</span> : null}
      </div>
      {reviews.length > 0 ? <OverrideList reviews={reviews} /> : null}
    </form>
  );
}

/** The focus is in the form (the keyboard's review), not elsewhere in the page. */
function formHasFocus(inForm: HTMLButtonElement | null): boolean {
  return !!inForm && !!document.activeElement && inForm.form?.contains(document.activeElement) === true;
}
