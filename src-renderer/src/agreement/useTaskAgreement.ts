// One task's agreement between two annotators, recomputed in the worker whenever either side's
// calls change (this browser's rows live from dexie, other annotators' files on change).
import { useEffect, useMemo, useState } from 'react';
import type { Annotation } from '../../../shared/format/types';
import { agreementClient } from './agreementClient';
import { useAgreementDataset, useTaskRows } from './agreementData';
import { annotatorsOf, choosePair, effectiveAnnotations, type AnnotationsByAnnotator } from './model';
import type { TaskComparison } from './protocol';

export interface TaskAgreementState {
  loading: boolean;
  error: string | null;
  /** Annotators with work on the task. */
  available: string[];
  pair: [string, string] | null;
  a: Annotation | null;
  b: Annotation | null;
  comparison: TaskComparison | null;
  /** The comparison shown is of earlier calls than `a` and `b` (a recompute runs): its rows do not index theirs. */
  stale: boolean;
  scenarioId: string | null;
  annotations: AnnotationsByAnnotator;
}

/** The annotator this tab works as (the Annotate workspace keeps it per tab). */
export function tabAnnotator(): string | null {
  try {
    return window.sessionStorage.getItem('egobench.annotator');
  } catch {
    return null;
  }
}

export function useTaskAgreement(datasetId: string, taskId: string, preferred: readonly (string | null | undefined)[]): TaskAgreementState {
  const data = useAgreementDataset(datasetId);
  const rows = useTaskRows(datasetId, taskId);
  const annotations = useMemo(() => {
    const files: AnnotationsByAnnotator = new Map();
    for (const [name, byTask] of data.files) {
      const line = byTask.get(taskId);
      if (line) files.set(name, new Map([[taskId, line]]));
    }
    return effectiveAnnotations(files, rows);
  }, [data.files, rows, taskId]);
  const available = useMemo(() => annotatorsOf(annotations, taskId), [annotations, taskId]);
  const preferredKey = preferred.join('\u0000');
  const pair = useMemo(() => choosePair(available, preferredKey.split('\u0000')), [available, preferredKey]);
  const a = pair ? (annotations.get(pair[0])?.get(taskId) ?? null) : null;
  const b = pair ? (annotations.get(pair[1])?.get(taskId) ?? null) : null;
  const scenarioId = data.dataset?.tasks.get(taskId)?.scenario ?? null;
  const callsKey = a && b && scenarioId ? JSON.stringify([scenarioId, a.calls, b.calls]) : null;
  const [result, setResult] = useState<{ key: string; comparison: TaskComparison | null; error: string | null } | null>(null);

  useEffect(() => {
    if (!callsKey) return;
    let live = true;
    const [scenario, callsA, callsB] = JSON.parse(callsKey) as [string, Annotation['calls'], Annotation['calls']];
    agreementClient.compare(scenario, callsA, callsB).then(
      (comparison) => live && setResult({ key: callsKey, comparison, error: null }),
      (error: unknown) => live && setResult({ key: callsKey, comparison: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [callsKey]);

  const current = result && result.key === callsKey ? result : null;
  return {
    loading: !data.dataset || (callsKey !== null && !current),
    error: data.error ?? current?.error ?? null,
    available,
    pair,
    a,
    b,
    // Keep showing the last figures while a recompute runs (no flicker on every keystroke).
    comparison: current?.comparison ?? (callsKey ? (result?.comparison ?? null) : null),
    stale: callsKey !== null && current === null && result !== null,
    scenarioId,
    annotations,
  };
}
