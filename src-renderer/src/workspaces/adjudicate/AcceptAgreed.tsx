// "Accept N agreed task(s)": writes a ground-truth line for every task both annotators of the pair
// submitted with the same calls ending in the same state (agreeAsIs), after saying which and where.
import { useState } from 'react';
import type { GroundTruth, ToolCall } from '../../../../shared/format/types';
import { callProblems } from '../../agreement/mergeCalls';
import { GROUND_TRUTH_PATH, useAgreementData } from '../../agreement/agreementData';
import { agreedLine, type AnnotationsByAnnotator } from '../../agreement/model';
import { writeGroundTruthLines } from '../../agreement/groundTruthWrite';
import { studioApi } from '../../api/studio';
import { useConfirm } from '../../components/useConfirm';
import { describeHostFailure } from '../../state/hostErrors';
import { useStudioStore } from '../../state/store';
import { useTeam } from '../../shell/teamIdentity';

interface Props {
  datasetId: string;
  pair: readonly [string, string] | null;
  annotations: AnnotationsByAnnotator;
  agreedIds: readonly string[];
  adjudicator: string;
  /** Tasks an annotator of the pair changed after submitting (ChangedAfterSubmit): named in the question. */
  changedAfterSubmit: ReadonlySet<string>;
}

const SHOWN = 12;

/** A task's calls checked against its scenario's tools.json (callProblems), as Finalize checks the merged calls. */
function callProblemsOf(taskId: string, calls: readonly ToolCall[]): string[] {
  const dataset = useAgreementData.getState().dataset;
  const scenario = dataset?.scenarios.get(dataset.tasks.get(taskId)?.scenario ?? '');
  return scenario ? callProblems(calls, scenario.library) : [];
}

export function AcceptAgreed({ datasetId, pair, annotations, agreedIds, adjudicator, changedAfterSubmit }: Props) {
  const [message, setMessage] = useState<string | null>(null);
  const confirmation = useConfirm('accept-agreed-confirm');
  const notAdjudicator = (useTeam()?.role ?? 'adjudicator') !== 'adjudicator';
  const n = agreedIds.length;
  const plural = n === 1 ? '' : 's';

  const accept = async () => {
    if (!pair) return;
    const [a, b] = pair;
    const ids = [...agreedIds]; // what the question names is what gets written
    // The ground truth as it is now, when the tasks are named: a line someone writes while the
    // question is open is a conflict for the write to refuse, not a line to replace.
    const seen = useAgreementData.getState().groundTruth;
    const listed = (list: string[]) => (list.length <= SHOWN ? list.join(', ') : `${list.slice(0, SHOWN).join(', ')} and ${list.length - SHOWN} more`);
    const named = listed(ids);
    const reopened = ids.filter((id) => changedAfterSubmit.has(id));
    const reopenedNote = reopened.length > 0 ? ` ${listed(reopened)} ${reopened.length === 1 ? 'was' : 'were'} changed by an annotator after submitting (marked ↺ in the list): where annotation is blind, their agreement may have followed the other's work, so open them first if it matters.` : '';
    // Both may have written the same wrong call (a tool the scenario lacks fails alike for both): asked, as Finalize asks.
    const faulty = ids.flatMap((id) => {
      const problems = callProblemsOf(id, annotations.get(a)!.get(id)!.calls);
      return problems.length > 0 ? [`${id}: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`] : [];
    });
    const yes = await confirmation.ask({
      title: faulty.length > 0 ? `Accept ${n} agreed task${plural}, ${faulty.length} with call problems?` : `Accept ${n} agreed task${plural}?`,
      detail: (
        <>
          {`${a} and ${b} wrote the same calls, ending in the same state, for ${named}. Each gets a line in ${GROUND_TRUTH_PATH} with those calls and the visual references of both (one per entity, ${a}'s where both marked it), adjudicated by ${adjudicator}. No other line changes.${reopenedNote}`}
          {faulty.length > 0 && (
            <>
              <p>Against their scenario's tools.json, these would hold calls no agent run can get right:</p>
              <ul data-testid="accept-agreed-problems">
                {faulty.slice(0, SHOWN).map((line) => (
                  <li key={line}>{line}</li>
                ))}
                {faulty.length > SHOWN && <li>and {faulty.length - SHOWN} more</li>}
              </ul>
            </>
          )}
        </>
      ),
      confirm: faulty.length > 0 ? `Write ${n} line${plural} anyway` : `Write ${n} line${plural}`,
    });
    if (!yes) return;
    const lines: GroundTruth[] = ids.map((id) => {
      return agreedLine(id, annotations.get(a)!.get(id)!, annotations.get(b)?.get(id), adjudicator);
    });
    try {
      await writeGroundTruthLines(studioApi(), datasetId, lines, seen);
      await useAgreementData.getState().reload(datasetId, [GROUND_TRUTH_PATH]);
      setMessage(`Accepted ${lines.length} agreed task(s) into ${GROUND_TRUTH_PATH}.`);
    } catch (e) {
      useStudioStore.getState().showMessage(describeHostFailure(`Cannot write ${GROUND_TRUTH_PATH}`, e), 'error');
    }
  };

  return (
    <>
      <button
        type="button"
        disabled={n === 0 || adjudicator.trim() === '' || notAdjudicator}
        title={notAdjudicator ? "Your team link is an annotator's: an adjudicator accepts" : undefined}
        onClick={() => void accept()}
        data-testid="accept-agreed"
      >
        Accept {n} agreed task(s)
      </button>
      {message && <div className="agreement-ok">{message}</div>}
      {confirmation.dialog}
    </>
  );
}
