// The report of the open dataset, built from the session's evaluation (scored in the host's workers
// with the same core as `egostudio evaluate`, shared with Replay) and the reviews under reviews/.
import { useEffect, useMemo, useState } from 'react';
import { StudioError } from '../../../../shared/api/studio-error';
import type { EvaluationState } from '../../state/evaluationSlice';
import { evaluationRunOf, loadReport, type LoadedReport } from './load-report';

/** What the last evaluation of (dataset, generation) gave. */
interface Outcome {
  datasetId: string;
  /** The host run and the reviews' generation it was built from. */
  generation: string;
  loaded?: LoadedReport;
  error?: string;
}

/** The report to show (null: none yet) and why the current run's report could not be built. */
export function useDatasetReport(datasetId: string | null, evaluation: EvaluationState): { loaded: LoadedReport | null; error: string | undefined } {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { status, summary, finishedAt, rows, problems, importedProblems, reviewsGeneration, runId } = evaluation;
  const evaluated = useMemo(
    () => evaluationRunOf({ status, summary, finishedAt, rows, problems, importedProblems }),
    [status, summary, finishedAt, rows, problems, importedProblems],
  );

  // A finished run, or changed reviews (overrides), rebuild the report.
  useEffect(() => {
    if (!datasetId || !evaluated || evaluation.datasetId !== datasetId) return;
    let current = true;
    const generation = `${runId}:${reviewsGeneration}`;
    loadReport(datasetId, evaluated).then(
      (loaded) => current && setOutcome({ datasetId, generation, loaded }),
      (error) => current && setOutcome({ datasetId, generation, error: StudioError.from(error).message }),
    );
    return () => {
      current = false;
    };
  }, [datasetId, evaluated, evaluation.datasetId, runId, reviewsGeneration]);

  const settled = outcome && outcome.datasetId === datasetId && outcome.generation === `${runId}:${reviewsGeneration}` ? outcome : null;
  // While a new run loads, the last one of this dataset stays on screen.
  const loaded = settled?.loaded ?? (outcome?.datasetId === datasetId ? (outcome.loaded ?? null) : null);
  return { loaded, error: settled?.error };
}
