// A task with ground truth but not two annotations (an imported release, a line written by hand):
// nothing to adjudicate, but its ground truth is shown, run on the seed database, each call with
// what it gave, so a call that fails (the audit lists them) is seen with its message and the
// final state's change beside it; and it can be corrected there (GroundTruthEditor).
import { useEffect, useRef, useState } from 'react';
import type { GroundTruth, ToolCall, ToolLibrary } from '../../../shared/format/types';
import { StateDiffTable } from '../components/StateDiffTable';
import { agreementClient } from './agreementClient';
import { callsText, GroundTruthEditor, parseCallsText } from './GroundTruthEditor';
import type { RunOutcome } from './protocol';

/** The outcome of running `calls` on the scenario's seed, for the calls it was run with. */
function useRun(scenarioId: string, calls: readonly ToolCall[]) {
  const key = JSON.stringify(calls);
  const [run, setRun] = useState<{ of: string; outcome: RunOutcome | null; error: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    agreementClient.run(scenarioId, JSON.parse(key) as ToolCall[]).then(
      (outcome) => live && setRun({ of: key, outcome, error: null }),
      (error: unknown) => live && setRun({ of: key, outcome: null, error: (error as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [key, scenarioId]);
  return run?.of === key ? run : null;
}

/** The text being edited, the line it began from (what a write must still find), and the last calls the text held. */
interface Editing {
  text: string;
  base: GroundTruth;
  calls: ToolCall[];
}

interface Props {
  datasetId: string;
  truth: GroundTruth;
  scenarioId: string;
  library: ToolLibrary | undefined;
  adjudicator: string;
  /** Why this page may not write the ground truth (a team's annotator link), or null. */
  refusal: string | null;
}

export function GroundTruthAlone({ datasetId, truth, scenarioId, library, adjudicator, refusal }: Props) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // While the text does not parse, the last calls it held stay shown and run (not the ground truth's).
  const calls = editing ? editing.calls : truth.calls;
  const shown = useRun(scenarioId, calls);
  const failed = shown?.outcome?.results.filter((r) => !r.ok).length ?? 0;
  const edit = (text: string) =>
    setEditing((now) => {
      if (!now) return now;
      const parsed = parseCallsText(text);
      return { ...now, text, calls: 'calls' in parsed ? parsed.calls : now.calls };
    });
  const close = (done: string | null) => {
    setEditing(null);
    setMessage(done);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <section className="ground-truth-alone" aria-label="Ground truth" data-testid="ground-truth-alone">
      <h3>
        {editing === null ? 'Ground truth' : 'Ground truth, as edited'} <span className="muted">({[truth.source, truth.adjudicator].filter(Boolean).join(', ')})</span>{' '}
        {shown?.outcome ? <span className={failed > 0 ? 'error-text' : 'muted'}>{failed} failed call(s) when run from the seed</span> : null}{' '}
        {editing === null ? (
          <button
            type="button"
            ref={editButton}
            disabled={refusal !== null}
            title={refusal ?? 'Correct the calls and write the line again'}
            onClick={() => (setMessage(null), setEditing({ text: callsText(truth.calls), base: truth, calls: truth.calls }))}
            data-testid="ground-truth-edit"
          >
            Edit
          </button>
        ) : null}
      </h3>
      {truth.note && editing === null ? <p className="muted">{truth.note}</p> : null}
      {message ? (
        <div className="agreement-ok" role="status" data-testid="ground-truth-message">
          {message}
        </div>
      ) : null}
      {editing !== null ? (
        <GroundTruthEditor datasetId={datasetId} base={editing.base} current={truth} library={library} adjudicator={adjudicator} text={editing.text} onText={edit} onClose={close} />
      ) : null}
      <ol className="mono">
        {calls.map((call, i) => {
          const result = shown?.outcome?.results[i];
          return (
            <li key={i} data-testid="ground-truth-call">
              {call.tool_name} {JSON.stringify(call.parameters)}
              {result && !result.ok ? <div className="error-text">fails: {result.result.message}</div> : null}
            </li>
          );
        })}
      </ol>
      {shown?.error ? <div className="agreement-error">Cannot run the ground truth: {shown.error}</div> : null}
      {shown?.outcome ? <StateDiffTable diffs={shown.outcome.diff} testId="ground-truth-state-diff" /> : <p className="muted">Running the ground truth…</p>}
    </section>
  );
}
