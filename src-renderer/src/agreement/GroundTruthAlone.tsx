// A task with ground truth but not two annotations (an imported release, a line written by hand):
// nothing to adjudicate, but its ground truth is shown, run on the seed database, each call with
// what it gave, so a call that fails (the audit lists them) is seen with its message and the
// final state's change beside it (useSeedRun); and it can be corrected there (GroundTruthEditor), the
// correction in progress kept as it is typed and taken up again when the task is shown (useGroundTruthCorrection).
import type { GroundTruth, ToolLibrary } from '../../../shared/format/types';
import { StateDiffTable } from '../components/StateDiffTable';
import type { DraftHost, DraftHostStatus } from './draftWriteThrough';
import { GroundTruthEditor } from './GroundTruthEditor';
import { useGroundTruthCorrection } from './useGroundTruthCorrection';
import { useSeedRun } from './useSeedRun';

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
  const { editing, message, editButton, kept, begin, editText, editNote, close } = useGroundTruthCorrection({ datasetId, truth, drafts, draftStatus, refusal });
  // While the text does not parse, the last calls it held stay shown and run (not the ground truth's).
  const calls = editing ? editing.calls : truth.calls;
  const shown = useSeedRun(scenarioId, calls);
  const failed = shown?.outcome?.results.filter((r) => !r.ok).length ?? 0;
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
            onClick={begin}
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
          onText={editText}
          note={editing.note}
          onNote={editNote}
          kept={kept}
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
