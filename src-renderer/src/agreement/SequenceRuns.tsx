// Runs A's, B's and the merged sequence on the scenario's seed database, each with its state
// change: whether the merged calls end where either annotator's do. A result is shown only for the
// merged calls it was run with (a choice since makes it old). Merged comes first, across the
// column: it is what Finalize writes; A's and B's follow, side by side where they fit.
import { useState } from 'react';
import type { ToolCall } from '../../../shared/format/types';
import { StateDiffTable } from '../components/StateDiffTable';
import { agreementClient } from './agreementClient';
import type { RunOutcome } from './protocol';

interface Props {
  scenarioId: string;
  names: readonly [string, string];
  callsA: readonly ToolCall[];
  callsB: readonly ToolCall[];
  merged: readonly ToolCall[];
  /** The merged sequence cannot run (a row's edit that does not parse). */
  blocked: boolean;
}

export function SequenceRuns({ scenarioId, names, callsA, callsB, merged, blocked }: Props) {
  const [runs, setRuns] = useState<{ of: string; a: RunOutcome; b: RunOutcome; merged: RunOutcome } | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mergedKey = JSON.stringify(merged);
  const shown = runs?.of === mergedKey ? runs : null;

  const runAll = async () => {
    setRunning(true);
    setError(null);
    try {
      const [a, b, m] = await Promise.all([agreementClient.run(scenarioId, [...callsA]), agreementClient.run(scenarioId, [...callsB]), agreementClient.run(scenarioId, [...merged])]);
      setRuns({ of: mergedKey, a, b, merged: m });
    } catch (failure) {
      setError(`Run failed: ${(failure as Error).message}`);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="runs">
      <button type="button" onClick={() => void runAll()} disabled={running || blocked} data-testid="run-sequences">
        Run {names[0]}, {names[1]} and merged
      </button>
      {error && (
        <div className="agreement-error" role="alert" data-testid="run-error">
          {error}
        </div>
      )}
      {shown && (
        <div className="run-grid" data-testid="run-results">
          {(
            [
              ['merged', shown.merged],
              [names[0], shown.a],
              [names[1], shown.b],
            ] as const
          ).map(([label, outcome]) => (
            <div key={label} className={label === 'merged' ? 'run-column run-merged' : 'run-column'}>
              <h4>
                {label}{' '}
                <span className="muted">
                  {outcome.results.filter((r) => !r.ok).length} failed call(s)
                  {label === 'merged' && (outcome.stateKey === shown.a.stateKey ? ` · state = ${names[0]}` : '')}
                  {label === 'merged' && (outcome.stateKey === shown.b.stateKey ? ` · state = ${names[1]}` : '')}
                </span>
              </h4>
              <StateDiffTable diffs={outcome.diff} testId="adjudication-state-diff" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
