// Whole-folder jobs in a worker thread (the scoring worker's bundle): the ground-truth audit, for
// the hosts (a scenario whose SQL never finishes cannot stop the host from answering) and for
// `egostudio audit`, and the agreement of `egostudio agreement`. The worker stamps each seed
// statement and call in a watch buffer (evaluation/watchdog.ts): past a limit it is ended and the
// error names what was running.
import { parentPort, Worker } from 'node:worker_threads';
import { StudioError } from '../../shared/api/studio-error';
import type { AuditReport } from '../../shared/eval/gt-audit-dataset';
import type { LoadedDataset } from '../../shared/format/loader';
import type { ScenarioDef } from '../../shared/format/types';
import { agreementFolder, type AgreementOutcome, type FolderJobOptions } from './agreement-folder';
import { auditFolder } from './audit-folder';
import { overrun, overrunSite, watchBuffer } from './evaluation/watchdog';

/** Longest an audit may run in the hosts. */
export const AUDIT_TIME_LIMIT_MS = 120_000;
const CHECK_EVERY_MS = 100;

export interface AuditOutcome {
  report: AuditReport;
  datasetName: string;
  taskCount: number;
}

export type FolderJob =
  | { kind: 'audit'; root: string; minAgree?: number; trajectoryPaths?: string[] }
  | { kind: 'agreement'; root: string; a: string; b: string };
export type Outcome<J extends FolderJob> = J extends { kind: 'audit' } ? AuditOutcome : AgreementOutcome;

export interface WatchOptions {
  /** Longest the whole job may run (ms); none: no limit. */
  limitMs?: number;
  /** Longest one seed statement or one call may run (ms); none: only the whole job is limited. */
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
          taskCount: dataset.tasks.size,
        }))
      : agreementFolder(job.root, job.a, job.b, options);
  return outcome as Promise<Outcome<J>>;
}

/** The worker's side: runs a job sent by runWatchedJob, stamping its SQL in `watch`. */
export function runFolderJob(job: FolderJob, watch: SharedArrayBuffer): void {
  const post = (message: FromJobWorker) => parentPort!.postMessage(message);
  const onLoaded = (dataset: LoadedDataset) => post({ jobScenarios: [...dataset.scenarios.values()] });
  folderJobOutcome(job, { watch, onLoaded }).then(
    (jobOutcome) => post({ jobOutcome }),
    (error: Error) => post({ jobError: error.message }),
  );
}

/** Runs a job in a fresh worker of `workerUrl`, ended past a limit with an error naming what was running. */
export function runWatchedJob<J extends FolderJob>(workerUrl: URL, job: J, { limitMs, stretchLimitMs }: WatchOptions): Promise<Outcome<J>> {
  const worker = new Worker(workerUrl);
  const watch = watchBuffer();
  let scenarios = new Map<string, ScenarioDef>();
  /** What the worker has been running for longer than `ms`, in words with its file, or ''. */
  const runningFor = (ms: number) => {
    const stuck = overrun(watch, [...scenarios.keys()], ms);
    if (!stuck) return '';
    const { file, line, running } = overrunSite(stuck, scenarios);
    return `scenario "${stuck.scenario}": ${running} (${file}${line > 0 ? `:${line}` : ''})`;
  };
  return new Promise<Outcome<J>>((resolve, reject) => {
    const stop = (message: string) => {
      finish();
      reject(new StudioError('internal', message));
    };
    const timer =
      limitMs === undefined
        ? undefined
        : setTimeout(() => {
            const running = runningFor(0);
            stop(
              `The ${job.kind} stopped after ${Math.round(limitMs / 1000)} s${running ? `: ${running} was still running` : ''}. ` +
                "A scenario's seed SQL or a call may not finish: evaluate the dataset in Replay, its problems name the scenario.",
            );
          }, limitMs);
    const checks =
      stretchLimitMs === undefined
        ? undefined
        : setInterval(() => {
            const running = runningFor(stretchLimitMs);
            if (running) stop(`The ${job.kind} stopped: ${running} ran longer than ${stretchLimitMs / 1000} s.`);
          }, CHECK_EVERY_MS);
    const finish = () => {
      clearTimeout(timer);
      clearInterval(checks);
      void worker.terminate();
    };
    worker.on('message', (message: FromJobWorker) => {
      if (message.ready) worker.postMessage({ job, watch });
      else if (message.jobScenarios) scenarios = new Map(message.jobScenarios.map((s) => [s.id, s]));
      else if (message.jobOutcome) {
        finish();
        resolve(message.jobOutcome as Outcome<J>);
      } else if (message.jobError !== undefined) stop(`The ${job.kind} failed: ${message.jobError}`);
    });
    worker.on('error', (error) => {
      finish();
      reject(error);
    });
  });
}
