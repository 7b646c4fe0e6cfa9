// Human overrides: the form for one trajectory (each save or removal written through to
// reviews/<reviewer>.jsonl on the host), and the dataset's agreement of automatic and human labels
// (Cohen's kappa, confusion matrix) with the export of every override to reviews/<reviewer>.jsonl.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { confusion } from '../../../../../shared/eval/kappa';
import type { Label } from '../../../../../shared/eval/profile';
import { studioApi } from '../../../api/studio';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { describeHostFailure } from '../../../state/hostErrors';
import { REVIEWER_KEY } from '../../../state/identityKeys';
import { useStudioStore } from '../../../state/store';
import { readTabJson, writeTabJson } from '../../../state/tabStorage';
import { TEAM_NAME_TITLE, useTeam } from '../../../shell/teamIdentity';
import { exportReviews, writeReviewThrough } from './reviewWriteThrough';
import { recordReview, reviewsDb, type Review } from './reviewsDb';

const noReviews: Review[] = [];

/** All reviews of a dataset, live. */
export function useDatasetReviews(datasetId: string | null): Review[] {
  return useLiveQuery(() => (datasetId ? reviewsDb.reviews.where('datasetId').equals(datasetId).toArray() : noReviews), [datasetId]) ?? noReviews;
}

/** The status bar hears where each override (or its removal) went: written to reviews/<reviewer>.jsonl, or kept here for later. */
const reportWrite =
  (what: 'Override' | 'Removal of the override') =>
  (error: unknown | null, path: string): void => {
    const { showMessage } = useStudioStore.getState();
    if (error === null) showMessage(`${what} written to ${path}`, 'info');
    else showMessage(describeHostFailure(`${what} kept in this browser, not yet in ${path}`, error), 'error');
  };

const TYPED_PREFIX = 'egobench-studio.override-typed\u0000';

/** An override typed and not saved: the label chosen and the reason written so far. */
interface Typed {
  label: Label | '';
  reason: string;
}

function readTyped(key: string): Typed {
  const value = readTabJson(key) as Partial<Typed> | null;
  return { label: typeof value?.label === 'string' ? (value.label as Label) : '', reason: typeof value?.reason === 'string' ? value.reason : '' };
}

/** Keeps what is typed for the tab (a reload keeps it too); nothing typed removes it. */
function keepTyped(key: string, typed: Typed): Typed {
  writeTabJson(key, typed.label === '' && typed.reason === '' ? undefined : typed);
  return typed;
}

export function OverridePanel({ datasetId, row, labels }: { datasetId: string; row: TrajectoryRow; labels: readonly Label[] }) {
  const reviews =
    useLiveQuery(() => reviewsDb.reviews.where('[datasetId+trajectoryId]').equals([datasetId, row.id]).toArray(), [datasetId, row.id]) ?? noReviews;
  const [typedReviewer, setTypedReviewer] = useState(() => localStorage.getItem(REVIEWER_KEY) ?? '');
  // The name is kept as it is typed: the form of the next run opened (or a reload) has it.
  const setReviewer = (name: string) => {
    setTypedReviewer(name);
    try {
      localStorage.setItem(REVIEWER_KEY, name);
    } catch {
      // storage off: the name lasts for this form
    }
  };
  const teamName = useTeam()?.name ?? null;
  const reviewer = teamName ?? typedReviewer;
  const mine = reviews.find((r) => r.reviewer === reviewer.trim());
  // What is typed and not saved yet stays with its run (opening another run dropped it without a word).
  const typedKey = `${TYPED_PREFIX}${datasetId}\u0000${row.id}`;
  const [typed, setTyped] = useState(() => readTyped(typedKey));
  const { label, reason } = typed;
  const setLabel = (next: Label | '') => setTyped((t) => keepTyped(typedKey, { ...t, label: next }));
  const setReason = (next: string) => setTyped((t) => keepTyped(typedKey, { ...t, reason: next }));
  const [error, setError] = useState<string | null>(null);
  const shownLabel = label || mine?.label || row.label;
  const shownReason = label || reason ? reason : (mine?.reason ?? '');

  const save = async () => {
    const name = reviewer.trim();
    if (!name) return setError('Enter your name as the reviewer.');
    if (!shownReason.trim()) return setError('Give a reason for the override.');
    localStorage.setItem(REVIEWER_KEY, name);
    const queued = await recordReview(datasetId, row.id, name, { label: shownLabel, autoLabel: row.label, reason: shownReason.trim() });
    void writeReviewThrough(studioApi(), queued, reportWrite('Override'));
    setError(null);
    setLabel('');
    setReason('');
  };

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
          <select value={shownLabel} onChange={(e) => setLabel(e.target.value as Label)} aria-label="Override label">
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
          onChange={(e) => {
            setReason(e.target.value);
            if (!label) setLabel(shownLabel);
          }}
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
        <button type="submit">{mine ? 'Update override' : 'Save override'}</button>
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
              void recordReview(datasetId, row.id, mine.reviewer, null).then((queued) => writeReviewThrough(studioApi(), queued, reportWrite('Removal of the override')))
            }
          >
            Remove mine
          </button>
        ) : null}
        {error ? <span className="error-text">{error}</span> : null}
      </div>
      {reviews.length > 0 ? (
        <ul className="override-list" aria-label="Overrides">
          {reviews.map((r) => (
            <li key={r.key} data-testid="override-entry">
              <span className={`label-chip label-${r.label}`}>{r.label}</span> by <strong>{r.reviewer}</strong>
              <span className="muted"> (auto: {r.autoLabel}, {new Date(r.updatedAt).toLocaleString()})</span>: {r.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}

/** Below this many reviewed runs the toolbar shows no κ: a figure over a handful is chance. */
const KAPPA_MIN_REVIEWS = 10;

export function AgreementPanel({ datasetId, rows, labels }: { datasetId: string; rows: TrajectoryRow[]; labels: readonly Label[] }) {
  const reviews = useDatasetReviews(datasetId);
  const [open, setOpen] = useState(false);
  const showMessage = useStudioStore((s) => s.showMessage);
  // Only the reviewed rows' labels: not a map of every row at each streamed batch (100,000 rows).
  const autoById = useMemo(() => {
    const reviewed = new Set(reviews.map((r) => r.trajectoryId));
    const out = new Map<string, TrajectoryRow['label']>();
    if (reviewed.size > 0) for (const r of rows) if (reviewed.has(r.id)) out.set(r.id, r.label);
    return out;
  }, [rows, reviews]);
  const result = useMemo(
    () =>
      confusion(
        reviews.map((r) => [autoById.get(r.trajectoryId) ?? r.autoLabel, r.label] as const),
        labels,
      ),
    [reviews, autoById, labels],
  );
  const exportToFiles = async () => {
    try {
      const files = await exportReviews(studioApi(), datasetId, reviews);
      showMessage(`Exported ${files.map((f) => `${f.path} (${f.count})`).join(', ')}, merged with the lines already there`, 'info');
    } catch (error) {
      showMessage(describeHostFailure('Cannot export the reviews to reviews/', error), 'error');
    }
  };
  return (
    <div className="agreement">
      <button type="button" className="link-button" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="review-count">
        {reviews.length} override{reviews.length === 1 ? '' : 's'}
        {result.kappa !== null && result.total >= KAPPA_MIN_REVIEWS ? ` · κ = ${result.kappa.toFixed(2)}` : ''}
      </button>
      {open ? (
        <div className="agreement-popover" role="dialog" aria-label="Agreement of automatic and human labels">
          <h3>Automatic vs human labels</h3>
          <p>
            {result.total} override{result.total === 1 ? '' : 's'}; observed agreement{' '}
            {result.observed === null ? '—' : `${(result.observed * 100).toFixed(0)}%`}; Cohen’s κ {result.kappa === null ? '—' : result.kappa.toFixed(3)}
          </p>
          {result.total < KAPPA_MIN_REVIEWS && (
            <p className="muted" data-testid="kappa-few">
              κ over fewer than {KAPPA_MIN_REVIEWS} overrides says little (one override gives 0 or 1 by chance), so the toolbar leaves it out: read the table.
            </p>
          )}
          <table className="confusion">
            <thead>
              <tr>
                <th>auto ↓ / human →</th>
                {result.labels.map((l) => (
                  <th key={l}>{l}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.labels.map((l, i) => (
                <tr key={l}>
                  <th>{l}</th>
                  {result.matrix[i].map((n, j) => (
                    <td key={j} className={n === 0 ? 'zero' : i === j ? 'diagonal' : 'off'}>
                      {n}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" onClick={() => void exportToFiles()} disabled={reviews.length === 0}>
            Export to reviews/&lt;reviewer&gt;.jsonl
          </button>
        </div>
      ) : null}
    </div>
  );
}
