// The dataset's agreement of automatic and human labels (Cohen's kappa, confusion matrix), with the
// export of every override to reviews/<reviewer>.jsonl.
import { useMemo, useState } from 'react';
import type { Label } from '../../../../../shared/eval/profile';
import { studioApi } from '../../../api/studio';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { describeHostFailure } from '../../../state/hostErrors';
import { useStudioStore } from '../../../state/store';
import { reviewAgreement } from './reviewAgreement';
import { exportReviews } from './reviewWriteThrough';
import { useDatasetReviews } from './useDatasetReviews';

/** Below this many reviewed runs the toolbar shows no κ: a figure over a handful is chance. */
const KAPPA_MIN_REVIEWS = 10;

export function LabelAgreementPanel({ datasetId, rows, labels }: { datasetId: string; rows: TrajectoryRow[]; labels: readonly Label[] }) {
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
  const { counted, runs, leftOut, result } = useMemo(() => reviewAgreement(reviews, autoById, labels), [reviews, autoById, labels]);
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
        {counted.length} override{counted.length === 1 ? '' : 's'}
        {/* Each reviewer's override counts here; Reports takes the latest per run. */}
        {runs < counted.length ? ` on ${runs} runs` : ''}
        {result.kappa !== null && result.total >= KAPPA_MIN_REVIEWS ? ` · κ = ${result.kappa.toFixed(2)}` : ''}
      </button>
      {open ? (
        <div className="agreement-popover" role="dialog" aria-label="Agreement of automatic and human labels">
          <h3>Automatic vs human labels</h3>
          <p>
            {result.total} override{result.total === 1 ? '' : 's'}; observed agreement{' '}
            {result.observed === null ? '—' : `${(result.observed * 100).toFixed(0)}%`}; Cohen’s κ {result.kappa === null ? '—' : result.kappa.toFixed(3)}
          </p>
          {runs < counted.length && (
            <p className="muted" data-testid="overrides-per-reviewer">
              Each reviewer&apos;s override of a run counts here ({counted.length} on {runs} runs); Reports applies the latest of each run.
            </p>
          )}
          {leftOut > 0 && (
            <p className="muted" data-testid="overrides-left-out">
              {leftOut} override{leftOut === 1 ? ' names a run' : 's name runs'} this list does not have: left out.
            </p>
          )}
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
