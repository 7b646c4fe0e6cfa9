// The dataset-wide agreement of a pair of annotators, from the files and this browser's rows,
// recomputed in the worker (debounced) whenever any annotation changes.
import { useEffect, useMemo, useState } from 'react';
import type { AgreementDashboard } from '../../../shared/eval/agreement-report';
import { agreementClient } from './agreementClient';
import { useAgreementDataset, useDatasetRows } from './agreementData';
import { annotatorsOf, choosePair, effectiveAnnotations, type AnnotationsByAnnotator } from './model';

export interface DashboardState {
  annotations: AnnotationsByAnnotator;
  available: string[];
  pair: [string, string] | null;
  dashboard: AgreementDashboard | null;
  computing: boolean;
  error: string | null;
}

const RECOMPUTE_DELAY_MS = 250;
/**
 * From this many tasks both annotated, the dashboard comes in two steps: the figures of each task
 * (the task list's stages wait for them) first, alpha_dice after, its comparison of every pooled
 * pair growing with the square of the tasks (1,590 distinct tasks: 4.7 s; 20,000: minutes).
 */
const ALPHA_LATER_FROM_TASKS = 300;

export function useDashboard(datasetId: string | null, preferred: readonly (string | null | undefined)[]): DashboardState {
  const data = useAgreementDataset(datasetId);
  const rows = useDatasetRows(datasetId);
  const annotations = useMemo(() => effectiveAnnotations(data.files, rows), [data.files, rows]);
  const available = useMemo(() => annotatorsOf(annotations), [annotations]);
  const preferredKey = preferred.join('\u0000');
  const pair = useMemo(() => choosePair(available, preferredKey.split('\u0000')), [available, preferredKey]);
  const [result, setResult] = useState<{ dashboard: AgreementDashboard | null; error: string | null; for: unknown } | null>(null);
  const tasks = data.dataset?.tasks;

  useEffect(() => {
    if (!tasks || !pair) return;
    let live = true;
    const [a, b] = pair;
    let both = 0;
    for (const id of annotations.get(a)?.keys() ?? []) if (annotations.get(b)?.has(id)) both++;
    const show = (dashboard: AgreementDashboard | null) => {
      if (live && dashboard) setResult({ dashboard, error: null, for: annotations });
    };
    const timer = window.setTimeout(() => {
      const asked =
        both < ALPHA_LATER_FROM_TASKS
          ? agreementClient.dashboard([...tasks.values()], annotations, a, b).then(show)
          : agreementClient.dashboardInTwo([...tasks.values()], annotations, a, b, show, () => live).then(show);
      asked.catch((error: unknown) => live && setResult({ dashboard: null, error: error instanceof Error ? error.message : String(error), for: annotations }));
    }, RECOMPUTE_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [tasks, annotations, pair]);

  const samePair = result?.dashboard && pair && result.dashboard.annotators.join() === pair.join();
  return {
    annotations,
    available,
    pair,
    dashboard: samePair ? result!.dashboard : null,
    computing: !!pair && result?.for !== annotations,
    error: data.error ?? result?.error ?? null,
  };
}
