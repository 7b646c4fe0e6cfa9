// A task with ground truth but not two annotations (an imported release, a line written by hand):
// nothing to adjudicate, but its ground truth is shown, run on the seed database, each call with
// what it gave, so a call that fails (the audit lists them) is seen with its message and the
// final state's change beside it.
import { useEffect, useState } from 'react';
import type { GroundTruth } from '../../../shared/format/types';
import { StateDiffTable } from '../components/StateDiffTable';
import { agreementClient } from './agreementClient';
import type { RunOutcome } from './protocol';

function failureMessage(result: unknown): string {
  const message = result && typeof result === 'object' ? (result as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : JSON.stringify(result);
}

export function GroundTruthAlone({ truth, scenarioId }: { truth: GroundTruth; scenarioId: string }) {
  const [run, setRun] = useState<{ of: GroundTruth; outcome: RunOutcome | null; error: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    agreementClient.run(scenarioId, [...truth.calls]).then(
      (outcome) => live && setRun({ of: truth, outcome, error: null }),
      (error: unknown) => live && setRun({ of: truth, outcome: null, error: (error as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [truth, scenarioId]);
  const shown = run?.of === truth ? run : null;
  const failed = shown?.outcome?.results.filter((r) => !r.ok).length ?? 0;
  return (
    <section className="ground-truth-alone" aria-label="Ground truth" data-testid="ground-truth-alone">
      <h3>
        Ground truth <span className="muted">({[truth.source, truth.adjudicator].filter(Boolean).join(', ')})</span>{' '}
        {shown?.outcome ? <span className={failed > 0 ? 'error-text' : 'muted'}>{failed} failed call(s) when run from the seed</span> : null}
      </h3>
      {truth.note ? <p className="muted">{truth.note}</p> : null}
      <ol className="mono">
        {truth.calls.map((call, i) => {
          const result = shown?.outcome?.results[i];
          return (
            <li key={i} data-testid="ground-truth-call">
              {call.tool_name} {JSON.stringify(call.parameters)}
              {result && !result.ok ? <div className="error-text">fails: {failureMessage(result.result)}</div> : null}
            </li>
          );
        })}
      </ol>
      {shown?.error ? <div className="agreement-error">Cannot run the ground truth: {shown.error}</div> : null}
      {shown?.outcome ? <StateDiffTable diffs={shown.outcome.diff} testId="ground-truth-state-diff" /> : <p className="muted">Running the ground truth…</p>}
    </section>
  );
}
