// One task's merge in progress (AdjudicationView): the adjudicator's decisions on the pair's
// alignment, kept as a draft (this browser, and the dataset's file of the adjudicator's drafts),
// with undo and redo, and the rows and merged sequence those decisions give.
import { useCallback, useMemo, useState } from 'react';
import type { Annotation, GroundTruth } from '../../../shared/format/types';
import { studioApi } from '../api/studio';
import { useHotkeyAction } from '../hotkeys/useHotkeys';
import { useSettled } from '../state/useSettled';
import { annotationContent, draftKey, type Made, type RowDecisions } from './adjudicationDrafts';
import { draftHost, type DraftHostStatus } from './draftWriteThrough';
import { decisionsFor, isToolCall, mergeSequence, type RowChoice } from './mergeCalls';
import { addedRows, orderedRows, type MergeRow } from './mergeOrder';
import type { RefChoice } from './model';
import type { TaskComparison } from './protocol';
import { useAdjudicationDraft } from './useAdjudicationDraft';

export interface AdjudicationMergeInput {
  datasetId: string;
  taskId: string;
  a: Annotation | null;
  b: Annotation | null;
  /** The comparison of `a` and `b` (null while it is computed or of earlier calls). */
  comparison: TaskComparison | null;
  /** The task's ground-truth line now. */
  existing: GroundTruth | null;
  adjudicator: string;
  /** A team's annotator: no file of drafts is written for them. */
  notAdjudicator: boolean;
}

export function useAdjudicationMerge({ datasetId, taskId, a, b, comparison, existing, adjudicator, notAdjudicator }: AdjudicationMergeInput) {
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
  // What the decisions are made on: a line edited in place (its revision kept) has other rows.
  const made = useMemo((): Made | null => (a && b ? [annotationContent(a), annotationContent(b)] : null), [a, b]);
  const draft = useAdjudicationDraft<RowChoice, RefChoice>(
    a && b && comparison ? draftKey(datasetId, taskId, a, b) : null,
    existing ? JSON.stringify(existing) : null,
    { decisionsFor: decisionsOf, mergedOf, truth: existing, made },
    keeper,
    draftStatus?.kind === 'conflict' ? draftStatus.conflicts : null,
  );
  useHotkeyAction('adjudicate.undo', draft.undo);
  useHotkeyAction('adjudicate.redo', draft.redo);

  const rows = useMemo(() => rowsWith(draft.added), [rowsWith, draft.added]);
  const ordered = useMemo(() => orderedRows(rows, draft.order), [rows, draft.order]);
  const merged = useMemo(() => mergeSequence(ordered, draft.choices, callsA, callsB), [ordered, draft.choices, callsA, callsB]);
  return { draft, keeper, draftStatus, aligned, callsA, callsB, rows, ordered, merged };
}

export type AdjudicationMerge = ReturnType<typeof useAdjudicationMerge>;
export type MergeDraft = AdjudicationMerge['draft'];
