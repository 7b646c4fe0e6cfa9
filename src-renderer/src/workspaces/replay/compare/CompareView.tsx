// Two to four runs of one task side by side: each run's calls on the row of the ground-truth
// call they match (Replay's pairing), equal extra calls of several runs on one row, each call's
// state change, each run's label (a review's, as in the run's own header), and its first divergence
// from the ground truth marked.
// Route: #/replay/compare/<id>,<id>[,...].
import { useEffect, useMemo, useState } from 'react';
import { StateDiffTable } from '../../../components/StateDiffTable';
import { replayTrajectory, type ReplayDetail } from '../evaluationRows';
import { replayHash } from '../deepLink';
import { alignRuns, firstDivergence, type Divergence } from './compareModel';
import { CompareCell } from './CompareCell';
import { ReviewedLabelBadge } from '../reviews/ReviewedLabelBadge';
import type { LabelReview } from '../reviews/reviewedLabel';
import './compare.css';

function useDetails(ids: readonly string[]) {
  const key = ids.join('\u0000');
  const [state, setState] = useState<{ key: string; details: ReplayDetail[] | null; error: string | null }>({ key: '', details: null, error: null });
  useEffect(() => {
    let live = true;
    Promise.all(key.split('\u0000').map(replayTrajectory)).then(
      (details) => live && setState({ key, details, error: null }),
      (error: unknown) => live && setState({ key, details: null, error: (error as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  // What an earlier set of ids loaded is not shown for this one.
  return state.key === key ? state : { details: null, error: null };
}

/** `reviews`: the review that counts for each reviewed run (its label shows, as in the run's own header). */
export function CompareView({ ids, reviews }: { ids: string[]; reviews: ReadonlyMap<string, LabelReview> }) {
  const { details, error } = useDetails(ids);
  const rows = useMemo(() => (details ? alignRuns(details.map((d) => ({ steps: d.steps, gtCount: d.gt.length }))) : []), [details]);
  const divergences = useMemo<Divergence[]>(() => (details ? details.map((d) => firstDivergence({ steps: d.steps, gtCount: d.gt.length })) : []), [details]);

  if (ids.length < 2 || ids.length > 4) return <p className="error-text replay-empty">Compare takes two to four runs, not {ids.length}.</p>;
  if (error) return <p className="error-text replay-empty">Cannot compare: {error}</p>;
  if (!details) return <p className="muted replay-empty">Replaying {ids.length} runs…</p>;
  const tasks = new Set(details.map((d) => d.task.id));
  if (tasks.size > 1) return <p className="error-text replay-empty">Compare takes runs of one task; these are of {[...tasks].join(', ')}.</p>;
  const gt = details[0].gt;
  const diverged = (r: number, gtIndex: number | null, stepIndex: number | null) => {
    const d = divergences[r];
    return d !== null && ((d.kind === 'step' && d.index === stepIndex) || (d.kind === 'missing' && stepIndex === null && d.gtIndex === gtIndex));
  };

  return (
    <section className="compare-view" aria-label={`Compare runs of ${details[0].task.id}`} data-testid="compare-view">
      <h2>
        {details[0].task.id} <span className="muted">{details[0].task.scenario}</span>
      </h2>
      <table className="compare-table" style={{ ['--runs' as string]: details.length }}>
        <thead>
          <tr>
            <th scope="col">Ground truth</th>
            {details.map((d) => (
              <th scope="col" key={d.row.id} data-testid="compare-run">
                <a href={replayHash(d.row.id)}>{d.row.id}</a>{' '}
                <span data-testid="compare-label">
                  <ReviewedLabelBadge auto={d.row.label} review={reviews.get(d.row.id) ?? null} imported={d.row.imported} />
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} data-testid="compare-row" data-gt={row.gtIndex ?? 'extra'}>
              <th scope="row" className="compare-gt">
                {row.gtIndex !== null ? (
                  <code>
                    {gt[row.gtIndex].call.tool_name} {JSON.stringify(gt[row.gtIndex].call.parameters)}
                  </code>
                ) : (
                  <span className="muted">not in the ground truth</span>
                )}
              </th>
              {row.cells.map((step, r) => (
                <td key={r} className={diverged(r, row.gtIndex, step?.index ?? null) ? 'first-divergence' : undefined}>
                  <CompareCell step={step} gtIndex={row.gtIndex} divergence={diverged(r, row.gtIndex, step?.index ?? null)} />
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">Final state vs ground truth</th>
            {details.map((d) => (
              <td key={d.row.id}>
                <StateDiffTable diffs={d.finalDiff} empty="Same as the ground truth." testId="compare-final-diff" />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </section>
  );
}
