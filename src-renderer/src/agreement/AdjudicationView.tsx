// Settling one task: the task's clip with both annotators' visual references, the two sequences
// side by side (a Monaco diff of the canonical JSON and the call-level alignment), per call take
// A, take B or edit, the calls' order (A's, B's or moved row by row), runs of A, B and the merged sequence with their state changes, the visual
// references per entity (take A, B, keep or drop), a rationale, and finalize: the task's line in
// ground_truth.jsonl (a conditional write).
import { useMemo } from 'react';
import { useConfirm } from '../components/useConfirm';
import { useTeam } from '../shell/teamIdentity';
import { AdjudicationClip } from './AdjudicationClip';
import { useAgreementData } from './agreementData';
import { AlignmentTable } from './AlignmentTable';
import { CanonicalDiff } from './CanonicalDiff';
import { ChangedAfterSubmit } from './ChangedAfterSubmit';
import { FinalizeBar } from './FinalizeBar';
import { GroundTruthAlone } from './GroundTruthAlone';
import { mergeActions } from './mergeActions';
import { orderOwner } from './mergeOrder';
import { referenceRows } from './model';
import { MergedCalls } from './MergedCalls';
import { MergeToolbar } from './MergeToolbar';
import { ReferenceRows } from './ReferenceRows';
import { SequenceRuns } from './SequenceRuns';
import { useAdjudicationMerge } from './useAdjudicationMerge';
import { useFinalize } from './useFinalize';
import { useTaskAgreement } from './useTaskAgreement';

const NOT_ADJUDICATOR = "Your team link is an annotator's: an adjudicator finalizes";

export interface AdjudicationViewProps {
  datasetId: string;
  taskId: string;
  pair: [string, string] | null;
  adjudicator: string;
  onFinalized?(taskId: string): void;
}

export function AdjudicationView({ datasetId, taskId, pair, adjudicator, onFinalized }: AdjudicationViewProps) {
  const state = useTaskAgreement(datasetId, taskId, pair ?? []);
  const existing = useAgreementData((s) => s.groundTruth.get(taskId) ?? null);
  const library = useAgreementData((s) => (state.scenarioId ? s.dataset?.scenarios.get(state.scenarioId)?.library : undefined));
  const ask = useConfirm('finalize-confirm');
  const { a, b, scenarioId } = state;
  // The annotators compared: the header's pair when both annotated the task, else the pair that did
  // (useTaskAgreement falls back); every label below names them, never the header's choice.
  const names = state.pair;
  const otherPair = pair && names && (pair[0] !== names[0] || pair[1] !== names[1]) ? pair : null;
  // A comparison of earlier calls (an annotator saved; the recompute runs) indexes other calls than
  // a's and b's: nothing is built on it (the carry-over took its rows for the new ones' and lost the choices).
  const comparison = state.stale ? null : state.comparison;
  // A team's annotator may compare, not write the ground truth (the host refuses it): said on the button, not after a click.
  const notAdjudicator = (useTeam()?.role ?? 'adjudicator') !== 'adjudicator';
  const merge = useAdjudicationMerge({ datasetId, taskId, a, b, comparison, existing, adjudicator, notAdjudicator });
  const { draft, keeper, draftStatus, callsA, callsB, rows, ordered, merged } = merge;
  const { choices, note, setNote, refChoices, order } = draft;
  const { finalizing, message, finalize } = useFinalize();

  const refRows = useMemo(() => referenceRows(a?.visual_refs ?? [], b?.visual_refs ?? [], existing?.visual_refs ?? []), [a, b, existing]);

  if (!names || !a || !b)
    return (
      <>
        <p className="muted">Two annotations of this task are needed to adjudicate it.</p>
        {existing && scenarioId ? <GroundTruthAlone datasetId={datasetId} truth={existing} scenarioId={scenarioId} library={library} adjudicator={adjudicator} drafts={keeper} draftStatus={draftStatus} refusal={notAdjudicator ? NOT_ADJUDICATOR : null} /> : null}
      </>
    );
  if (!comparison || !scenarioId)
    return state.error ? <div className="agreement-error" data-testid="adjudication-error">Cannot compare the two annotations: {state.error}</div> : <p className="muted">Comparing…</p>;

  const act = mergeActions(merge);
  // The button and Ctrl+Enter alike; Ctrl+Enter says why when it cannot.
  const canFinalize = !finalizing && merged.errors.length === 0 && adjudicator.trim() !== '' && !notAdjudicator;
  const finalizeBlocked = notAdjudicator
    ? NOT_ADJUDICATOR
    : adjudicator.trim() === ''
      ? 'Not finalized: enter the adjudicator name first'
      : merged.errors.length > 0
        ? `Not finalized: ${merged.errors.length === 1 ? 'a row of the merged sequence does not parse' : `${merged.errors.length} rows of the merged sequence do not parse`} (${merged.errors[0]})`
        : null;
  const finalizeNow = () =>
    void finalize({ datasetId, taskId, a, b, comparison, existing, library, scenarioId, merge, refRows, adjudicator, ask: ask.ask, onFinalized });

  return (
    <div className="adjudication" data-testid="adjudication-view" data-task-id={taskId}>
      {otherPair && (
        <p className="muted" role="status" data-testid="adjudication-other-pair">
          {otherPair[0]} and {otherPair[1]} did not both annotate this task: {names[0]} and {names[1]} are compared.
        </p>
      )}
      <AdjudicationClip datasetId={datasetId} taskId={taskId} names={names} a={a} b={b} />
      <ChangedAfterSubmit taskId={taskId} names={names} current={[a, b]} />
      <CanonicalDiff a={callsA} b={callsB} names={names} />
      {draft.setBack && (
        <div className="agreement-error" role="status" data-testid="adjudication-set-back">
          {draft.setBack}
        </div>
      )}
      <MergeToolbar
        names={names}
        owner={orderOwner(rows, order)}
        onTakeAll={act.takeAll}
        onOrder={act.takeOrder}
        onAddCall={() => {
          act.addCall();
          // The new row's call is typed next: its box takes the focus once drawn (the added row is last).
          requestAnimationFrame(() => [...document.querySelectorAll<HTMLElement>('[data-testid="alignment-table"] tr.edit-row textarea')].at(-1)?.focus());
        }}
        undo={{ run: draft.undo, can: draft.canUndo }}
        redo={{ run: draft.redo, can: draft.canRedo }}
      />
      <AlignmentTable rows={ordered} names={names} callsA={callsA} callsB={callsB} choices={choices} onChoose={act.choose} onEdit={act.edit} onMove={act.move} />
      <MergedCalls merged={merged} />
      <SequenceRuns scenarioId={scenarioId} names={names} callsA={callsA} callsB={callsB} merged={merged.calls} blocked={merged.errors.length > 0} />
      <div className="alignment-tools">
        <strong>Visual references</strong>
      </div>
      <ReferenceRows rows={refRows} names={names} choices={refChoices} onChoose={act.chooseReference} />
      <FinalizeBar
        note={note}
        onNote={setNote}
        draft={draft}
        draftStatus={draftStatus}
        draftPath={keeper?.path ?? null}
        canFinalize={canFinalize}
        finalizeBlocked={finalizeBlocked}
        onFinalize={finalizeNow}
        adjudicator={adjudicator}
        refusal={notAdjudicator ? NOT_ADJUDICATOR : null}
        existing={existing}
        message={message}
      />
      {ask.dialog}
    </div>
  );
}
