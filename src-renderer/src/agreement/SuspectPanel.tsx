// A suspect of the ground-truth audit beside the task's ground truth, in Adjudicate: the runs
// that agree, the value, what it and the ground truth find, and the decision. Keep writes the
// ground truth unchanged with the note; Correct writes it with the runs' value (or call); both
// through the adjudication's finalize (this task's line of ground_truth.jsonl replaced).
import { useEffect, useState } from 'react';
import type { Suspect } from '../../../shared/eval/gt-audit';
import type { GroundTruth } from '../../../shared/format/types';
import { studioApi } from '../api/studio';
import { auditReport, describeSuspect } from '../workspaces/replay/audit/auditClient';
import { FoundRows } from '../workspaces/replay/audit/FoundRows';
import '../workspaces/replay/audit/audit.css';
import { GROUND_TRUTH_PATH, useAgreementData } from './agreementData';
import { writeGroundTruthLines } from './groundTruthWrite';
import { groundTruthLine } from './model';
import { correction } from './suspectCorrection';

function useSuspect(datasetId: string, taskId: string, index: number) {
  const [suspect, setSuspect] = useState<Suspect | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    auditReport(datasetId).then(
      (report) => live && setSuspect(report.tasks.find((t) => t.task_id === taskId)?.suspects[index] ?? null),
      () => live && setSuspect(null),
    );
    return () => {
      live = false;
    };
  }, [datasetId, taskId, index]);
  return suspect;
}

export function SuspectPanel({ datasetId, taskId, index, adjudicator }: { datasetId: string; taskId: string; index: number; adjudicator: string }) {
  const suspect = useSuspect(datasetId, taskId, index);
  const truth: GroundTruth | null = useAgreementData((s) => s.groundTruth.get(taskId) ?? null);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<{ text: string; kind: 'info' | 'error' } | null>(null);
  if (suspect === undefined) return <p className="muted">Loading the audit…</p>;
  if (suspect === null) return <p className="muted">No suspect {index + 1} for {taskId} in the audit.</p>;

  const decide = async (decision: 'keep' | 'correct') => {
    if (!truth) return;
    setMessage(null);
    try {
      const calls = decision === 'keep' ? truth.calls : correction(truth.calls, suspect).calls;
      const why = `${decision === 'keep' ? 'Audit: kept' : 'Audit: corrected'} (${describeSuspect(suspect)}; ${suspect.runs.length} runs agree)`;
      const line = groundTruthLine({ taskId, calls, visualRefs: truth.visual_refs, agree: false, callsA: [], adjudicator, note: note.trim() ? `${why}. ${note.trim()}` : why });
      // The adjudication's conditional write: refused if someone changed this task's line since it was shown.
      await writeGroundTruthLines(studioApi(), datasetId, [line], new Map([[taskId, truth]]));
      await useAgreementData.getState().reload(datasetId, [GROUND_TRUTH_PATH]);
      setMessage({ text: `Written to ${GROUND_TRUTH_PATH}: ${decision === 'keep' ? 'ground truth kept' : 'ground truth corrected'}.`, kind: 'info' });
    } catch (error) {
      setMessage({ text: `Cannot write ${GROUND_TRUTH_PATH}: ${(error as Error).message}`, kind: 'error' });
    }
  };

  const gtCall = suspect.kind === 'value' ? truth?.calls[suspect.gt_call] : null;
  const wholeCall = truth !== null && correction(truth.calls, suspect).wholeCall;
  return (
    <section className="suspect-panel" aria-label="Audit suspect" data-testid="suspect-panel">
      <h3>
        Audit suspect: {suspect.runs.length} runs {suspect.models > 1 ? `of ${suspect.models} models` : 'of one model'} agree on something the ground truth lacks
      </h3>
      <div className="suspect-sides">
        <div>
          <h4>Ground truth</h4>
          {gtCall ? <code data-testid="suspect-truth">{`${gtCall.tool_name} ${JSON.stringify(gtCall.parameters)}`}</code> : <span className="muted">no such call</span>}
          {suspect.kind === 'value' ? <FoundRows found={suspect.truth_found} title="What the ground truth finds" /> : null}
        </div>
        <div>
          <h4>The runs</h4>
          <code data-testid="suspect-value">{describeSuspect(suspect)}</code>
          <FoundRows found={suspect.found} title="What the runs' call finds" />
          <p className="muted">{suspect.runs.join(', ')}</p>
        </div>
      </div>
      {wholeCall && suspect.kind === 'value' ? (
        <p className="agreement-error" data-testid="suspect-whole-call">
          The ground truth&apos;s value is not in one place of its call (in two list items, or in none): Correct writes the first agreeing run&apos;s whole call ({suspect.runs[0]}), its other values too, which the other runs may not
          share: <code>{`${suspect.call.tool_name} ${JSON.stringify(suspect.call.parameters)}`}</code>. Check it, or correct the ground truth by hand in Adjudicate.
        </p>
      ) : null}
      <label>
        Note <textarea value={note} rows={2} onChange={(e) => setNote(e.target.value)} data-testid="suspect-note" placeholder="Why the ground truth stays or changes" />
      </label>
      <div className="suspect-actions">
        <button type="button" disabled={!truth || !adjudicator.trim()} onClick={() => void decide('keep')} data-testid="suspect-keep">
          Keep the ground truth
        </button>
        <button type="button" disabled={!truth || !adjudicator.trim()} onClick={() => void decide('correct')} data-testid="suspect-correct">
          {wholeCall ? 'Correct it to this run’s whole call' : 'Correct it to the runs’ value'}
        </button>
        {!adjudicator.trim() ? <span className="muted">Give the adjudicator&apos;s name above first.</span> : null}
      </div>
      {message ? (
        <div className={message.kind === 'error' ? 'agreement-error' : 'agreement-ok'} data-testid="suspect-message">
          {message.text}
        </div>
      ) : null}
    </section>
  );
}
