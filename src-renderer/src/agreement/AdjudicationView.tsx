// Settling one task: the task's clip with both annotators' visual references, the two sequences
// side by side (a Monaco diff of the canonical JSON and the call-level alignment), per call take
// A, take B or edit, the calls' order (A's, B's or moved row by row), runs of A, B and the merged sequence with their state changes, the visual
// references per entity (take A, B, keep or drop), a rationale, and finalize: the task's line in
// ground_truth.jsonl (a conditional write).
import { useCallback, useMemo, useState } from 'react';
import { agreeAsIs } from '../../../shared/eval/agreement';
import { studioApi } from '../api/studio';
import { useConfirm } from '../components/useConfirm';
import { useHotkeyAction } from '../hotkeys/useHotkeys';
import { useTeam } from '../shell/teamIdentity';
import { useSettled } from '../state/useSettled';
import { AdjudicationClip } from './AdjudicationClip';
import { GROUND_TRUTH_PATH, useAgreementData } from './agreementData';
import { AlignmentTable } from './AlignmentTable';
import { CanonicalDiff } from './CanonicalDiff';
import { ChangedAfterSubmit } from './ChangedAfterSubmit';
import { GroundTruthAlone } from './GroundTruthAlone';
import { writeGroundTruthLines } from './groundTruthWrite';
import { finalizeDoubts } from './finalizeDoubts';
import { callProblems, decisionsFor, defaultChoice, isToolCall, mergeSequence, type Choice, type RowChoice } from './mergeCalls';
import { addedRows, moveRow, orderedRows, orderOfB, orderOwner, rowKey, type MergeRow } from './mergeOrder';
import { groundTruthLine, mergedReferences, referenceRows, type RefChoice } from './model';
import { MergedCalls } from './MergedCalls';
import { MergeToolbar } from './MergeToolbar';
import { ReferenceRows } from './ReferenceRows';
import { SequenceRuns } from './SequenceRuns';
import { draftHost, type DraftHostStatus } from './draftWriteThrough';
import { DraftStatus } from './DraftStatus';
import { draftKey, type RowDecisions } from './adjudicationDrafts';
import { useAdjudicationDraft } from './useAdjudicationDraft';
import { useTaskAgreement } from './useTaskAgreement';

/** An added call's text to begin from. */
const NEW_CALL = { tool_name: '', parameters: {} };

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
  // A comparison of earlier calls (an annotator saved; the recompute runs) indexes other calls than
  // a's and b's: nothing is built on it (the carry-over took its rows for the new ones' and lost the choices).
  const comparison = state.stale ? null : state.comparison;
  // A team's annotator may compare, not write the ground truth (the host refuses it): said on the button, not after a click.
  const notAdjudicator = (useTeam()?.role ?? 'adjudicator') !== 'adjudicator';
  const aligned = useMemo(() => comparison?.alignment ?? [], [comparison]);
  // The alignment's rows and, after them, the calls the adjudicator added (neither annotator wrote them).
  const rowsWith = useCallback((added: number): MergeRow[] => [...aligned, ...addedRows(added)], [aligned]);
  const callsA = useMemo(() => a?.calls ?? [], [a]);
  const callsB = useMemo(() => b?.calls ?? [], [b]);
  // Between the draft's decisions and the calls they give, both ways (the draft keeps its merged sequence).
  const mergedOf = useCallback((d: RowDecisions<RowChoice>) => mergeSequence(orderedRows(rowsWith(d.added), d.order), d.choices, callsA, callsB).calls, [rowsWith, callsA, callsB]);
  const decisionsOf = useCallback((calls: readonly unknown[]) => (calls.every(isToolCall) ? decisionsFor(aligned, calls, callsA, callsB) : null), [aligned, callsA, callsB]);
  // The draft goes to the dataset's file of the adjudicator's drafts too, once the adjudicator is named (a team's annotator may not write it).
  const [draftStatus, setDraftStatus] = useState<DraftHostStatus | null>(null);
  // The name as typed once it settles: a file is read and written for it.
  const named = useSettled(adjudicator.trim(), 600);
  const keeper = useMemo(() => (named !== '' && !notAdjudicator ? draftHost(studioApi(), datasetId, named, setDraftStatus) : null), [datasetId, named, notAdjudicator]);
  const draft = useAdjudicationDraft<RowChoice, RefChoice>(
    a && b && comparison ? draftKey(datasetId, taskId, a, b) : null,
    existing ? JSON.stringify(existing) : null,
    { decisionsFor: decisionsOf, mergedOf, truth: existing },
    keeper,
    draftStatus?.kind === 'conflict' ? draftStatus.conflicts : null,
  );
  const { choices, setChoices, note, setNote, refChoices, setRefChoices, order, setOrder, remember } = draft;
  useHotkeyAction('adjudicate.undo', draft.undo);
  useHotkeyAction('adjudicate.redo', draft.redo);
  const [finalizing, setFinalizing] = useState(false);
  const [message, setMessage] = useState<{ text: string; kind: 'info' | 'error' } | null>(null);

  const rows = useMemo(() => rowsWith(draft.added), [rowsWith, draft.added]);
  const ordered = useMemo(() => orderedRows(rows, order), [rows, order]);
  const merged = useMemo(() => mergeSequence(ordered, choices, callsA, callsB), [ordered, choices, callsA, callsB]);

  const refRows = useMemo(() => referenceRows(a?.visual_refs ?? [], b?.visual_refs ?? [], existing?.visual_refs ?? []), [a, b, existing]);

  if (!pair || !a || !b)
    return (
      <>
        <p className="muted">Two annotations of this task are needed to adjudicate it.</p>
        {existing && scenarioId ? <GroundTruthAlone datasetId={datasetId} truth={existing} scenarioId={scenarioId} library={library} adjudicator={adjudicator} drafts={keeper} draftStatus={draftStatus} refusal={notAdjudicator ? NOT_ADJUDICATOR : null} /> : null}
      </>
    );
  if (!comparison || !scenarioId)
    return state.error ? <div className="agreement-error" data-testid="adjudication-error">Cannot compare the two annotations: {state.error}</div> : <p className="muted">Comparing…</p>;

  const choose = (row: MergeRow, choice: Choice) => {
    const key = rowKey(row);
    remember();
    setChoices((current) => {
      const previous = current[key];
      const source = previous?.choice === 'b' || (previous === undefined && defaultChoice(row) === 'b') ? 'b' : 'a';
      const base = choice !== 'edit' ? null : source === 'b' && 'b' in row ? callsB[row.b] : 'a' in row ? callsA[row.a] : 'b' in row ? callsB[row.b] : NEW_CALL;
      return { ...current, [key]: choice === 'edit' ? { choice, text: previous?.text ?? JSON.stringify(base, null, 1) } : { choice } };
    });
  };
  // A call neither annotator wrote (both missed it): a row of its own, an edit, last in the sequence.
  const addCall = () => {
    remember();
    const key = rowKey({ kind: 'added', n: draft.added + 1 });
    draft.setAdded(draft.added + 1);
    setChoices((current) => ({ ...current, [key]: { choice: 'edit', text: JSON.stringify(NEW_CALL, null, 1) } }));
  };
  const reorder = (next: string[] | null) => {
    remember();
    setOrder(next);
  };
  // Taking all of one annotator's calls takes their order too.
  const takeAll = (choice: 'a' | 'b') => {
    remember();
    // The calls added stay as they are.
    setChoices((current) => ({ ...Object.fromEntries(Object.entries(current).filter(([key]) => key.startsWith('added:'))), ...Object.fromEntries(aligned.map((row) => [rowKey(row), { choice }])) }));
    setOrder(choice === 'b' ? orderOfB(rows) : null);
  };

  // The button and Ctrl+Enter alike.
  const canFinalize = !finalizing && merged.errors.length === 0 && adjudicator.trim() !== '' && !notAdjudicator;
  const finalize = async () => {
    // The ground truth the questions are asked on: a line landing while one is open is refused by the write, not replaced unseen.
    const asked = useAgreementData.getState().groundTruth;
    const doubts = finalizeDoubts({
      taskId,
      callProblems: library ? callProblems(merged.calls, library) : [],
      existing,
      changedSinceBegun: draft.truth !== (existing ? JSON.stringify(existing) : null),
      merged: merged.calls,
      setBack: draft.setBack,
      drafts: [a, b].filter((annotation) => annotation.status !== 'submitted').map((annotation) => annotation.annotator),
    });
    for (const doubt of doubts) if (!(await ask.ask(doubt))) return;
    setFinalizing(true);
    setMessage(null);
    try {
      const line = groundTruthLine({
        taskId,
        calls: merged.calls,
        visualRefs: mergedReferences(refRows, refChoices),
        // Agreed only between two submitted annotations (a draft may still change).
        agree: agreeAsIs(comparison) && a.status === 'submitted' && b.status === 'submitted',
        callsA,
        adjudicator,
        note,
        settles: [a, b],
      });
      // Only this task's line replaced, and only if it is still the one shown here.
      await writeGroundTruthLines(studioApi(), datasetId, [line], asked);
      await useAgreementData.getState().reload(datasetId, [GROUND_TRUTH_PATH]);
      const written = useAgreementData.getState().groundTruth.get(taskId); // as read back, to compare as `existing` is
      draft.drop(written ? JSON.stringify(written) : null);
      setMessage({ text: `Written to ${GROUND_TRUTH_PATH} (source ${line.source}).`, kind: 'info' });
      onFinalized?.(taskId);
    } catch (error) {
      setMessage({ text: `Cannot write ${GROUND_TRUTH_PATH}: ${(error as Error).message}`, kind: 'error' });
      await useAgreementData.getState().reload(datasetId, [GROUND_TRUTH_PATH]);
    } finally {
      setFinalizing(false);
    }
  };

  const names = pair;
  return (
    <div className="adjudication" data-testid="adjudication-view" data-task-id={taskId}>
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
        onTakeAll={takeAll}
        onOrder={(side) => reorder(side === 'b' ? orderOfB(rows) : null)}
        onAddCall={addCall}
        undo={{ run: draft.undo, can: draft.canUndo }}
        redo={{ run: draft.redo, can: draft.canRedo }}
      />
      <AlignmentTable
        rows={ordered}
        names={names}
        callsA={callsA}
        callsB={callsB}
        choices={choices}
        onChoose={choose}
        onEdit={(row, text) => setChoices((all) => ({ ...all, [rowKey(row)]: { choice: 'edit', text } }))}
        onMove={(index, delta) => reorder(moveRow(rows, order, index, delta))}
      />
      <MergedCalls merged={merged} />
      <SequenceRuns scenarioId={scenarioId} names={names} callsA={callsA} callsB={callsB} merged={merged.calls} blocked={merged.errors.length > 0} />
      <div className="alignment-tools">
        <strong>Visual references</strong>
      </div>
      <ReferenceRows rows={refRows} names={names} choices={refChoices} onChoose={(key, choice) => {
          remember();
          setRefChoices((all) => ({ ...all, [key]: choice }));
        }}
      />
      <div className="finalize">
        <label>
          Rationale
          <textarea data-testid="adjudication-note" value={note} rows={3} onChange={(event) => setNote(event.target.value)} placeholder="Why this sequence is the ground truth" />
        </label>
        <DraftStatus status={draftStatus} path={keeper?.path ?? null} problems={draft.problems} conflict={draft.conflict} onResolve={draft.resolveConflict} finalized={draft.finalized} />
        {canFinalize && <FinalizeKey run={() => void finalize()} />}
        <button
          type="button"
          className="primary"
          data-testid="finalize-button"
          disabled={!canFinalize}
          title={notAdjudicator ? NOT_ADJUDICATOR : adjudicator.trim() === '' ? 'Enter the adjudicator name first' : `Write this task's line of ${GROUND_TRUTH_PATH}`}
          onClick={() => void finalize()}
        >
          Finalize
        </button>
        {existing && <span className="muted">ground truth exists ({existing.source ?? 'no source'}{existing.adjudicator ? `, ${existing.adjudicator}` : ''}): the rows began from its calls and rationale; finalizing replaces the line, its references kept unless dropped above</span>}
        {message && (
          <div className={message.kind === 'error' ? 'agreement-error' : 'agreement-ok'} data-testid="finalize-message">
            {message.text}
          </div>
        )}
      </div>
      {ask.dialog}
    </div>
  );
}

/**
 * Ctrl+Enter finalizes while the button can (a component of its own: the view's hooks come before
 * its early returns); not from a row's call being edited, where it reads as "done with this edit".
 */
function FinalizeKey({ run }: { run: () => void }) {
  useHotkeyAction('adjudicate.finalize', (event) => {
    if (event.target instanceof Element && event.target.closest('.call-edit')) return;
    run();
  });
  return null;
}
