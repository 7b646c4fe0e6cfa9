// The studio's evaluation of an opened dataset (evaluation.start): scored in the host's worker
// threads with the score cache, rows pushed to the renderers as they become final
// (evaluation.rows), then the figures (evaluation.done). The thread that answers API calls only
// loads the dataset and hands out work: a scenario whose SQL never ends costs a worker, not the host.
import type { EvaluationRunId } from '../../shared/api/studio-api';
import { profileOf, taskCountByScenario } from '../../shared/eval/evaluate';
import { packRows, type PackedRows, type TrajectoryRow } from '../../shared/eval/trajectory-row';
import type { StudioEventBus } from './event-bus';
import { evaluateFolder } from './evaluation/run-evaluation';

/** Longest one scenario's seed SQL or one call may run in a host worker. */
export const HOST_TIME_LIMIT_MS = 10_000;

export interface EvaluationSessionOptions {
  events: StudioEventBus;
  /** The host bundle's eval-worker; none (tests): the CLI's build (out/cli/eval-worker.mjs). */
  workerUrl?: URL;
  cacheDir?: string;
  timeLimitMs?: number;
}

/**
 * Rows as the list needs them: without their evidence (the calls, paths and values a label points
 * at), which is two thirds of a 40,000-row stream's bytes (232 -> 74 bytes of JSON a row on the
 * bench corpus), serialized here and parsed in the renderer on every open. Shown for one
 * trajectory at a time, it is computed again by its replay (the renderer's evaluation worker);
 * a report export reads it with evaluation.run.
 */
export function listedRows(rows: readonly TrajectoryRow[]): PackedRows {
  return { ...packRows(rows), evidence: [] };
}

/** Starts a run and returns at once; what it finds arrives as events tagged with `runId`. */
export function startEvaluation(options: EvaluationSessionOptions, datasetId: string, root: string, runId: EvaluationRunId): void {
  const { events } = options;
  const started = performance.now();
  let progress = { done: 0, total: 0 };
  evaluateFolder(root, {
    scoreOnCaller: false,
    workerUrl: options.workerUrl,
    cacheDir: options.cacheDir,
    evidence: false, // the rows go out without it (listedRows)
    timeLimitMs: options.timeLimitMs ?? HOST_TIME_LIMIT_MS,
    onProgress: (done, total) => {
      progress = { done, total };
      events.emit('evaluation.rows', { datasetId, runId, rows: listedRows([]), problems: [], progress });
    },
    onRows: ({ rows, problems }) => events.emit('evaluation.rows', { datasetId, runId, rows: listedRows(rows), problems, progress }),
  }).then(
    ({ dataset, report, scoredFiles, cachedFiles }) =>
      events.emit('evaluation.done', {
        datasetId,
        runId,
        summary: {
          trajectories: report.trajectories.length,
          models: report.models,
          problems: report.problems.length,
          task_counts: Object.fromEntries(taskCountByScenario(dataset)),
          seconds: (performance.now() - started) / 1000,
          scoredFiles,
          cachedFiles,
          profile: profileOf(dataset).profile.id,
          labels: [...profileOf(dataset).labels],
        },
      }),
    (error: Error) => events.emit('evaluation.done', { datasetId, runId, error: error.message }),
  );
}
