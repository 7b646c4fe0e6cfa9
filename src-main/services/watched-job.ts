// Whole-folder jobs in a worker thread (the scoring worker's bundle): the ground-truth audit, for
// the hosts (a scenario whose SQL never finishes cannot stop the host from answering) and for
// `egostudio audit`, and the agreement of `egostudio agreement`. The worker stamps each seed
// statement and call in a watch buffer (evaluation/watchdog.ts): past a limit it is ended and the
// error names what was running.
import { parentPort, Worker } from 'node:worker_threads';
import { StudioError } from '../../shared/api/studio-error';
import type { AuditReport } from '../../shared/eval/gt-audit-dataset';
import { nothingRead, type LoadedDataset } from '../../shared/format/loader';
import type { Problem, ScenarioDef } from '../../shared/format/types';
import { agreementFolder, type AgreementOutcome, type FolderJobOptions } from './agreement-folder';
import { auditFolder } from './audit-folder';
import { blockedAfter, overrun, overrunProblem, overrunSite, watchBuffer, type BlockedScenario, type Overrun } from './evaluation/watchdog';

/** Longest an audit may run in the hosts. */
export const AUDIT_TIME_LIMIT_MS = 120_000;
const CHECK_EVERY_MS = 100;

export interface AuditOutcome {
  report: AuditReport;
  datasetName: string;
  /** SPEC §12's exit code 1: no task, scenario or trajectory could be read (loader.ts nothingRead). */
  nothingRead: boolean;
}

export type FolderJob =
  | { kind: 'audit'; root: string; minAgree?: number; trajectoryPaths?: string[] }
  | { kind: 'agreement'; root: string; a: string; b: string };
export type Outcome<J extends FolderJob> = J extends { kind: 'audit' } ? AuditOutcome : AgreementOutcome;

export interface WatchOptions {
  /** Longest the whole job may run (ms); none: no limit. */
  limitMs?: number;
  /** Longest one seed statement or one call may run (ms); none or 0: only the whole job is limited. */
  stretchLimitMs?: number;
}

/** What the job's worker sends back: the scenarios first (so what runs can be named), then the outcome or the error. */
type FromJobWorker = { ready?: true; jobScenarios?: ScenarioDef[]; jobOutcome?: AuditOutcome | AgreementOutcome; jobError?: string };

/** A job's outcome, run on this thread (its SQL stamped in `options.watch` when given). */
export function folderJobOutcome<J extends FolderJob>(job: J, options: FolderJobOptions = {}): Promise<Outcome<J>> {
  const outcome: Promise<AuditOutcome | AgreementOutcome> =
    job.kind === 'audit'
      ? auditFolder(job.root, { ...options, minAgree: job.minAgree, trajectoryPaths: job.trajectoryPaths }).then(({ dataset, report }) => ({
          report,
          datasetName: dataset.meta.name,
          nothingRead: nothingRead(dataset, report.trajectories),
        }))
      : agreementFolder(job.root, job.a, job.b, options);
  return outcome as Promise<Outcome<J>>;
}

/** The worker's side: runs a job sent by runWatchedJob, stamping its SQL in `watch`, without the scenarios given up on. */
export function runFolderJob(job: FolderJob, watch: SharedArrayBuffer, blocked: [string, BlockedScenario][] = []): void {
  const post = (message: FromJobWorker) => parentPort!.postMessage(message);
  const onLoaded = (dataset: LoadedDataset) => post({ jobScenarios: [...dataset.scenarios.values()] });
  folderJobOutcome(job, { watch, onLoaded, blocked: new Map(blocked) }).then(
    (jobOutcome) => post({ jobOutcome }),
    (error: Error) => post({ jobError: error.message }),
  );
}

/**
 * Runs a job in a fresh worker of `workerUrl`. A scenario whose seed statement or call runs past
 * `stretchLimitMs` ends that worker and becomes a problem naming its file and line, or its tool;
 * the job then starts again in a new worker with the scenario answered as unbuildable, as the
 * evaluation goes on without it (worker-pool.ts). Past `limitMs` the whole job is ended with an
 * error naming what was running.
 */
export function runWatchedJob<J extends FolderJob>(workerUrl: URL, job: J, { limitMs, stretchLimitMs }: WatchOptions): Promise<Outcome<J>> {
  /** The current worker's (start() makes one per worker: one being ended may still stamp what it began). */
  let watch!: SharedArrayBuffer;
  const blocked = new Map<string, BlockedScenario>();
  const overruns: Problem[] = [];
  let scenarios = new Map<string, ScenarioDef>();
  let worker: Worker | undefined;
  /** What the worker has been running for longer than `ms`, or null. */
  const stuckFor = (ms: number) => overrun(watch, [...scenarios.keys()], ms);
  const inWords = (stuck: Overrun) => {
    const { file, line, running } = overrunSite(stuck, scenarios);
    return `scenario "${stuck.scenario}": ${running} (${file}${line > 0 ? `:${line}` : ''})`;
  };
  return new Promise<Outcome<J>>((resolve, reject) => {
    let settled = false;
    const finish = () => {
      settled = true;
      clearTimeout(timer);
      clearInterval(checks);
      void worker?.terminate();
    };
    const stop = (message: string) => {
      finish();
      reject(new StudioError('internal', message));
    };
    const start = () => {
      const current = new Worker(workerUrl);
      worker = current;
      watch = watchBuffer();
      // A replaced worker may still deliver what it sent before it was ended: only the current one counts.
      const isCurrent = () => !settled && worker === current;
      current.on('message', (message: FromJobWorker) => {
        if (!isCurrent()) return;
        if (message.ready) current.postMessage({ job, watch, blocked: [...blocked] });
        else if (message.jobScenarios) scenarios = new Map(message.jobScenarios.map((s) => [s.id, s]));
        else if (message.jobOutcome) {
          finish();
          message.jobOutcome.report.problems.push(...overruns);
          resolve(message.jobOutcome as Outcome<J>);
        } else if (message.jobError !== undefined) stop(`The ${job.kind} failed: ${message.jobError}`);
      });
      current.on('error', (error) => {
        if (!isCurrent()) return;
        finish();
        reject(error);
      });
      current.on('exit', (code) => {
        if (isCurrent()) stop(`The ${job.kind} failed: its worker ended (exit code ${code}).`);
      });
    };
    /** Ends the worker stuck in a scenario and starts the job again without it; the whole job stops when that cannot help. */
    const leaveOut = (stuck: Overrun, stretchMs: number) => {
      if (!scenarios.has(stuck.scenario) || blocked.has(stuck.scenario)) {
        stop(`The ${job.kind} stopped: ${inWords(stuck)} ran longer than ${stretchMs / 1000} s.`);
        return;
      }
      const problem = overrunProblem(stuck, stretchMs, scenarios, job.kind === 'audit' ? 'its trajectories are left out' : 'its tasks are left out');
      overruns.push(problem);
      blocked.set(stuck.scenario, blockedAfter(stuck, problem.file));
      void worker?.terminate();
      start();
    };
    const timer =
      limitMs === undefined
        ? undefined
        : setTimeout(() => {
            const stuck = stuckFor(0);
            stop(
              `The ${job.kind} stopped after ${Math.round(limitMs / 1000)} s${stuck ? `: ${inWords(stuck)} was still running` : ''}. ` +
                "A scenario's seed SQL or a call may not finish: evaluate the dataset in Replay, its problems name the scenario.",
            );
          }, limitMs);
    const checks =
      stretchLimitMs === undefined || stretchLimitMs <= 0
        ? undefined
        : setInterval(() => {
            const stuck = stuckFor(stretchLimitMs);
            if (stuck) leaveOut(stuck, stretchLimitMs);
          }, CHECK_EVERY_MS);
    start();
  });
}
