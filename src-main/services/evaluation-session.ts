// The studio's evaluation of an opened dataset (evaluation.start): scored in the host's worker
// threads with the score cache, rows pushed to the renderers as they become final
// (evaluation.rows), then the figures (evaluation.done). The thread that answers API calls only
// loads the dataset and hands out work: a scenario whose SQL never ends costs a worker, not the host.
// A reopen whose inputs did not change sends the last listing again (evaluation/listed-run.ts).
import type { EvaluationRunId } from '../../shared/api/studio-api';
import { profileOf, taskCountByScenario } from '../../shared/eval/evaluate';
import { packRows, type PackedRows, type TrajectoryRow } from '../../shared/eval/trajectory-row';
import type { Problem } from '../../shared/format/types';
import { readsOf } from './evaluation/dataset-memo';
import { readListedRun, trajectoryStamps, writeListedRun, type ListedRun } from './evaluation/listed-run';
import type { KeptWorkers } from './evaluation/kept-workers';
import { evaluateFolder, scoringBuildOf } from './evaluation/run-evaluation';
import type { StudioEventBus } from './event-bus';

/** Longest one seed statement, one call or one trajectory's score may run in a host worker. */
export const HOST_TIME_LIMIT_MS = 10_000;

export interface EvaluationSessionOptions {
  events: StudioEventBus;
  /** The host bundle's eval-worker; none (tests): the CLI's build (out/cli/eval-worker.mjs). */
  workerUrl?: URL;
  /** The host's scoring workers, kept warm between evaluations (they run `workerUrl`). */
  keptWorkers?: KeptWorkers;
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

/** Rows are sent in events of at most this many (as evaluateFolder hands them on). */
const SEND_BATCH = 20_000;

/** Rows `start` to `end` of packed rows (the strings table shared). */
function slicePacked(packed: PackedRows, start: number, end: number): PackedRows {
  const part = { ...packed };
  for (const key of Object.keys(part) as (keyof PackedRows)[]) {
    if (key !== 'strings' && key !== 'evidence') (part[key] as unknown[]) = packed[key].slice(start, end);
  }
  return part;
}

/**
 * Starts a run and returns at once; what it finds arrives as events tagged with `runId`. The
 * promise settles after evaluation.done, once the listing for the next open is written; never rejects.
 */
export function startEvaluation(options: EvaluationSessionOptions, datasetId: string, root: string, runId: EvaluationRunId): Promise<void> {
  const { events } = options;
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const scoringBuild = scoringBuildOf(options);
  const send = (rows: PackedRows, problems: Problem[], progress: { done: number; total: number }) =>
    events.emit('evaluation.rows', { datasetId, runId, rows, problems, progress });

  /** The last listing again (listed-run.ts): nothing it came from changed since. */
  const sendListed = ({ rows, problems, summary }: ListedRun) => {
    const none = { done: 0, total: 0 };
    if (rows.id.length === 0) send(rows, problems, none);
    for (let start = 0; start < rows.id.length; start += SEND_BATCH) send(slicePacked(rows, start, start + SEND_BATCH), start === 0 ? problems : [], none);
    const files = summary.scoredFiles + summary.cachedFiles;
    events.emit('evaluation.done', { datasetId, runId, summary: { ...summary, seconds: seconds(), scoredFiles: 0, cachedFiles: files } });
  };

  const evaluate = async (cacheDir: string | undefined) => {
    // Stamped before the run: a file changed while it runs makes the listing's stamp differ next time.
    const trajectories = cacheDir ? await trajectoryStamps(root) : null;
    let progress = { done: 0, total: 0 };
    const sent: { rows: TrajectoryRow[][]; problems: Problem[][] } = { rows: [], problems: [] };
    const { dataset, report, scoredFiles, cachedFiles, inCache } = await evaluateFolder(root, {
      scoreOnCaller: false,
      workerUrl: options.workerUrl,
      keptWorkers: options.keptWorkers,
      cacheDir,
      evidence: false, // the rows go out without it (listedRows)
      timeLimitMs: options.timeLimitMs ?? HOST_TIME_LIMIT_MS,
      onProgress: (done, total) => {
        progress = { done, total };
        send(listedRows([]), [], progress);
      },
      onRows: ({ rows, problems }) => {
        sent.rows.push(rows);
        sent.problems.push(problems);
        send(listedRows(rows), problems, progress);
      },
    });
    const { profile, labels } = profileOf(dataset);
    const summary = {
      trajectories: report.trajectories.length,
      models: report.models,
      problems: report.problems.length,
      task_counts: Object.fromEntries(taskCountByScenario(dataset)),
      scoredFiles,
      cachedFiles,
      profile: profile.id,
      labels: [...labels],
      listedModes: [...dataset.meta.modes],
    };
    events.emit('evaluation.done', { datasetId, runId, summary: { ...summary, seconds: seconds() } });
    const reads = readsOf(dataset);
    // Kept for the next open when every score is in the cache (none ran past the time limit) and
    // no file had changed a moment before the run (its stamp could not tell a rewrite in that tick).
    if (cacheDir && inCache && reads && trajectories !== null) {
      const run = { rows: listedRows(sent.rows.flat()), problems: sent.problems.flat(), summary };
      // Not written (a full disk): the next open makes the run again, nothing else is lost.
      await writeListedRun(cacheDir, root, scoringBuild, { dataset: reads, trajectories }, run).catch(() => undefined);
    }
  };

  const { cacheDir } = options;
  return (async () => {
    // A listing that cannot be read or checked is none: the run is made again, and says what fails.
    const listed = cacheDir ? await readListedRun(cacheDir, root, scoringBuild).catch(() => null) : null;
    if (listed) sendListed(listed);
    else await evaluate(cacheDir);
  })().catch((error: Error) => events.emit('evaluation.done', { datasetId, runId, error: error.message }));
}
