// The replay's middle panel: the call stepped to with the database change it made, or before the
// first call, the final state against the ground truth's.
import type { TableDiff } from '../../../../shared/engine/state';
import { StateDiffTable } from '../../components/StateDiffTable';
import type { ReplayStep } from '../../evaluation/protocol';
import { CallDetail } from './CallPanels';

export function CurrentCallPanel({ step, evidenceAt, finalDiff }: { step: ReplayStep | null; evidenceAt: number | null; finalDiff: TableDiff[] }) {
  return (
    <section className="panel call-panel" aria-label="Call">
      {step ? (
        <>
          <CallDetail step={step} evidenceHere={step.index === evidenceAt} />
          <h4>Database after this call</h4>
          <StateDiffTable diffs={step.diff} empty={step.replayed.ok ? 'No change (read or no-op).' : 'No change: the call failed.'} />
        </>
      ) : (
        <>
          <p className="muted">Step through the calls with j / k (Shift+J / K: the next or previous run), or pick one on the timeline.</p>
          <h4>Final state against the ground truth’s</h4>
          <StateDiffTable diffs={finalDiff} empty="Same final state as the ground truth (ResultSucc)." testId="state-diff" />
        </>
      )}
    </section>
  );
}
