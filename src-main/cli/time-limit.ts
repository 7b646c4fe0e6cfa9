// The scoring commands' --time-limit: how long one seed statement, one call or (evaluate, report)
// one trajectory's score may run (SQL in datasets from other people may never end). Given as seconds; 0 turns it off.
import { scoringBuildOf, type EvaluateOptions } from '../services/evaluation/run-evaluation';
import { folderJobOutcome, runWatchedJob, type FolderJob, type Outcome } from '../services/watched-job';
import { wholeNumber, type CommandSpec } from './command-line';
import { DEFAULT_TIME_LIMIT_S } from './commands';
import { cliEvalWorker } from './worker-url';

/** The option's seconds: the default when it is not given, 0 for none. */
export function timeLimitSeconds(spec: CommandSpec, value: string | undefined): number {
  return wholeNumber(spec, 'time-limit', value, 0) ?? DEFAULT_TIME_LIMIT_S;
}

/**
 * How evaluateFolder scores under a limit: in watched worker threads only, as the studio's hosts
 * do (this thread could not be stopped), `--workers N` still meaning N threads beside this one's
 * share. Without one: this thread scores too, beside `workers` more.
 */
export function watchedScoring(seconds: number, workers: number | undefined): Pick<EvaluateOptions, 'workers' | 'scoreOnCaller' | 'timeLimitMs'> {
  if (seconds === 0) return { workers };
  return { scoreOnCaller: false, timeLimitMs: seconds * 1000, workers: workers === undefined ? undefined : Math.max(1, workers + 1) };
}

/** A whole-folder job (audit, agreement) under a limit: in a watched worker, or on this thread when it is 0. */
export function folderJobWithin<J extends FolderJob>(seconds: number, job: J): Promise<Outcome<J>> {
  if (seconds === 0) return folderJobOutcome(job);
  return runWatchedJob(scoringBuildOf({ workerUrl: cliEvalWorker }), job, { stretchLimitMs: seconds * 1000 });
}
