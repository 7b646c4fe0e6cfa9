// A task with ground truth but not two annotations (an imported release, a line written by hand):
// nothing to adjudicate, but its ground truth is shown, run on the seed database, each call with
// what it gave, so a call that fails (the audit lists them) is seen with its message and the
// final state's change beside it; and it can be corrected there (GroundTruthEditor), the correction
// in progress kept as it is typed (useCorrectionKeeper) and taken up again when the task is shown.
import { useEffect, useRef, useState } from 'react';
import type { GroundTruth, ToolCall, ToolLibrary } from '../../../shared/format/types';
import { StateDiffTable } from '../components/StateDiffTable';
import { isJsonObject } from '../../../shared/format/own-data';
import { safeJsonParse } from '../../../shared/format/safe-json';
import { agreementClient } from './agreementClient';
import { callsText, GroundTruthEditor, parseCallsText } from './GroundTruthEditor';
import type { RunOutcome } from './protocol';
import { changeTime } from './adjudicationDrafts';
import type { Correction } from './correctionDraft';
import type { DraftHost, DraftHostStatus } from './draftWriteThrough';
import { isToolCall } from './mergeCalls';
import { correctionKept, useCorrectionKeeper } from './useCorrectionKeeper';

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

/** The text and note being edited, the line it began from (what a write must still find), and the last calls the text held. */
interface Editing {
  text: string;
  note: string;
  base: GroundTruth;
  calls: ToolCall[];
}

/** Editing as a kept correction was left, or null when its line is no ground-truth line of this task (a file edited by hand). */
function editingOf(correction: Correction, taskId: string): Editing | null {
  const base = safeJsonParse(correction.truth);
  if (!base.ok || !isJsonObject(base.value)) return null;
  const truth = base.value as Partial<Record<keyof GroundTruth, unknown>>;
  const fits =
    truth.task_id === taskId &&
    Array.isArray(truth.calls) &&
    truth.calls.every(isToolCall) &&
    (truth.note === undefined || typeof truth.note === 'string') &&
    (truth.visual_refs === undefined || Array.isArray(truth.visual_refs));
  if (!fits) return null;
  const parsed = parseCallsText(correction.text);
  return { text: correction.text, note: correction.note, base: truth as GroundTruth, calls: 'calls' in parsed ? parsed.calls : (truth as GroundTruth).calls };
}

interface Props {
  datasetId: string;
  truth: GroundTruth;
  scenarioId: string;
  library: ToolLibrary | undefined;
  adjudicator: string;
  /** The adjudicator's file of drafts, where a correction in progress is kept too (null: this browser only), and how its last write went. */
  drafts: DraftHost | null;
  draftStatus: DraftHostStatus | null;
  /** Why this page may not write the ground truth (a team's annotator link), or null. */
  refusal: string | null;
}

export function GroundTruthAlone({ datasetId, truth, scenarioId, library, adjudicator, drafts, draftStatus, refusal }: Props) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [changed, setChanged] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const keeper = useCorrectionKeeper(datasetId, truth.task_id, refusal === null ? drafts : null);
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
  // While the text does not parse, the last calls it held stay shown and run (not the ground truth's).
  const calls = editing ? editing.calls : truth.calls;
  const shown = useRun(scenarioId, calls);
  const failed = shown?.outcome?.results.filter((r) => !r.ok).length ?? 0;
  const change = (next: Editing) => {
    setEditing(next);
    setChanged(true);
    keeper.keep({ text: next.text, note: next.note, truth: JSON.stringify(next.base), updatedAt: changeTime() });
  };
  const edit = (text: string) => {
    if (!editing) return;
    const parsed = parseCallsText(text);
    change({ ...editing, text, calls: 'calls' in parsed ? parsed.calls : editing.calls });
  };
  const close = (done: string | null) => {
    setEditing(null);
    setChanged(false);
    keeper.keep(null);
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
            onClick={() => (setMessage(null), setEditing({ text: callsText(truth.calls), note: truth.note ?? '', base: truth, calls: truth.calls }))}
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
        <GroundTruthEditor
          datasetId={datasetId}
          base={editing.base}
          current={truth}
          library={library}
          adjudicator={adjudicator}
          text={editing.text}
          onText={edit}
          note={editing.note}
          onNote={(note) => change({ ...editing, note })}
          kept={correctionKept(refusal === null ? drafts : null, draftStatus, changed)}
          onClose={close}
        />
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
