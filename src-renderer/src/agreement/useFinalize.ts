// Finalize (AdjudicationView): asks what finalizeDoubts finds, then writes the task's line of
// ground_truth.jsonl from the merge, reads it back and says how the write went.
import { useState } from 'react';
import { agreeAsIs } from '../../../shared/eval/agreement';
import type { Annotation, GroundTruth, ToolCall, ToolLibrary } from '../../../shared/format/types';
import { studioApi } from '../api/studio';
import type { ConfirmQuestion } from '../components/useConfirm';
import { GROUND_TRUTH_PATH, useAgreementData } from './agreementData';
import { finalizeDoubts, unnamedReferences } from './finalizeDoubts';
import { writeGroundTruthLines } from './groundTruthWrite';
import { callProblems } from './mergeCalls';
import { agreementClient } from './agreementClient';
import { callText, groundTruthLine, mergedReferences, type ReferenceRow } from './model';
import type { TaskComparison } from './protocol';
import type { AdjudicationMerge } from './useAdjudicationMerge';

/** What Finalize writes from, once the pair's annotations are compared. */
export interface FinalizeInput {
  datasetId: string;
  taskId: string;
  a: Annotation;
  b: Annotation;
  comparison: TaskComparison;
  existing: GroundTruth | null;
  library: ToolLibrary | undefined;
  /** The task's scenario: the merged calls are run on its seed before writing. */
  scenarioId: string;
  /** The merge in progress: its draft (the rationale, the references' choices, the line it began from) and the calls it gives. */
  merge: Pick<AdjudicationMerge, 'draft' | 'merged' | 'callsA'>;
  refRows: readonly ReferenceRow[];
  adjudicator: string;
  ask(question: ConfirmQuestion): Promise<boolean>;
  onFinalized?(taskId: string): void;
}

export function useFinalize() {
  const [finalizing, setFinalizing] = useState(false);
  const [message, setMessage] = useState<{ text: string; kind: 'info' | 'error' } | null>(null);
  const finalize = async ({ datasetId, taskId, a, b, comparison, existing, library, scenarioId, merge, refRows, adjudicator, ask, onFinalized }: FinalizeInput) => {
    const { draft, callsA } = merge;
    const { note, refChoices } = draft;
    const merged = merge.merged.calls;
    // The ground truth the questions are asked on (`existing` is of it): a line landing meanwhile is refused by the write, not replaced unseen.
    const asked = useAgreementData.getState().groundTruth;
    // Checks that read the host first (the draft's file, a run of the calls): Finalize is busy meanwhile, so a second press starts nothing.
    setFinalizing(true);
    let failedCalls: string[];
    try {
      if (draft.conflict || (await draft.otherDraftInFile())) {
        setMessage({ text: "Another tab or browser saved a draft of this task: take that draft or keep this page's (above), then Finalize.", kind: 'error' });
        return;
      }
      failedCalls = await failingCalls(scenarioId, merged);
    } finally {
      setFinalizing(false);
    }
    const doubts = finalizeDoubts({
      taskId,
      callProblems: library ? callProblems(merged, library) : [],
      failedCalls,
      unnamedReferences: unnamedReferences(refRows, refChoices, merged),
      existing,
      changedSinceBegun: draft.truth !== (existing ? JSON.stringify(existing) : null),
      merged,
      setBack: draft.setBack,
      drafts: [a, b].filter((annotation) => annotation.status !== 'submitted').map((annotation) => annotation.annotator),
    });
    for (const doubt of doubts) if (!(await ask(doubt))) return;
    setFinalizing(true);
    setMessage(null);
    try {
      const line = groundTruthLine({
        taskId,
        calls: merged,
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
  return { finalizing, message, finalize };
}

/** The calls that fail when run in order from the seed, as Finalize names them; none when the run itself cannot be made (the seed's own problem, said elsewhere). */
async function failingCalls(scenarioId: string, calls: readonly ToolCall[]): Promise<string[]> {
  const outcome = await agreementClient.run(scenarioId, [...calls]).catch(() => null);
  if (!outcome) return [];
  return outcome.results.flatMap((result, i) => (result.ok ? [] : [`call ${i + 1} ${callText(calls[i])}: ${result.result.message}`]));
}
