// The ground-truth audit in a worker thread (the scoring worker's bundle): for the hosts, so a
// scenario whose SQL never finishes cannot stop the host from answering, and for `egostudio audit
// --time-limit`. The worker stamps each seed statement and call in a watch buffer
// (evaluation/watchdog.ts): past a limit the worker is ended and the message names what was running.
import { Worker } from 'node:worker_threads';
import { StudioError } from '../../shared/api/studio-error';
import type { AuditReport } from '../../shared/eval/gt-audit-dataset';
import type { ScenarioDef } from '../../shared/format/types';
import { overrun, overrunSite, watchBuffer } from './evaluation/watchdog';

/** Longest an audit may run in the hosts. */
export const AUDIT_TIME_LIMIT_MS = 120_000;
const CHECK_EVERY_MS = 100;

export interface AuditInWorkerOptions {
  /** Longest the whole audit may run (ms); default AUDIT_TIME_LIMIT_MS, Infinity for none. */
  limitMs?: number;
  /** Longest one seed or one call may run (ms); none: only the whole audit is limited. */
  stretchLimitMs?: number;
  trajectoryPaths?: string[];
  minAgree?: number;
}

export interface AuditOutcome {
  report: AuditReport;
  datasetName: string;
  taskCount: number;
}

type FromAuditWorker = { ready?: true; auditScenarios?: ScenarioDef[]; audit?: AuditOutcome; auditError?: string };

export function auditInWorker(workerUrl: URL, root: string, options: AuditInWorkerOptions = {}): Promise<AuditOutcome> {
  const { limitMs = AUDIT_TIME_LIMIT_MS, stretchLimitMs, trajectoryPaths, minAgree } = options;
  const worker = new Worker(workerUrl);
  const watch = watchBuffer();
  let scenarios = new Map<string, ScenarioDef>();
  /** What the worker is running right now, in words with its file, or '' when nothing is known. */
  const runningNow = (ranFor: number) => {
    const stuck = overrun(watch, [...scenarios.keys()], ranFor);
    if (!stuck) return '';
    const { file, line, running } = overrunSite(stuck, scenarios);
    return `scenario "${stuck.scenario}": ${running} (${file}${line > 0 ? `:${line}` : ''})`;
  };
  return new Promise<AuditOutcome>((resolve, reject) => {
    const stop = (message: string) => {
      finish();
      reject(new StudioError('internal', message));
    };
    const timer = Number.isFinite(limitMs)
      ? setTimeout(() => {
          const running = runningNow(0);
          stop(
            `The audit stopped after ${Math.round(limitMs / 1000)} s${running ? `: ${running} was still running` : ''}. ` +
              "A scenario's seed SQL or a call may not finish: evaluate the dataset in Replay, its problems name the scenario.",
          );
        }, limitMs)
      : undefined;
    const checks =
      stretchLimitMs === undefined
        ? undefined
        : setInterval(() => {
            const running = runningNow(stretchLimitMs);
            if (running) stop(`The audit stopped: ${running} ran longer than ${stretchLimitMs / 1000} s.`);
          }, CHECK_EVERY_MS);
    const finish = () => {
      clearTimeout(timer);
      clearInterval(checks);
      void worker.terminate();
    };
    worker.on('message', (message: FromAuditWorker) => {
      if (message.ready) worker.postMessage({ audit: { root, minAgree, trajectoryPaths, watch } });
      else if (message.auditScenarios) scenarios = new Map(message.auditScenarios.map((s) => [s.id, s]));
      else if (message.audit) {
        finish();
        resolve(message.audit);
      } else if (message.auditError !== undefined) stop(`The audit failed: ${message.auditError}`);
    });
    worker.on('error', (error) => {
      finish();
      reject(error);
    });
  });
}
