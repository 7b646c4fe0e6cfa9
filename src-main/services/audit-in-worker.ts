// The ground-truth audit for the hosts: in a worker thread (the scoring worker's bundle), so a
// scenario whose SQL never finishes cannot stop the host from answering; past the limit the
// worker is ended and the call fails with a message saying what to do.
import { Worker } from 'node:worker_threads';
import { StudioError } from '../../shared/api/studio-error';
import type { AuditReport } from '../../shared/eval/gt-audit-dataset';

/** Longest an audit may run in the hosts. */
export const AUDIT_TIME_LIMIT_MS = 120_000;

export function auditInWorker(workerUrl: URL, root: string, limitMs = AUDIT_TIME_LIMIT_MS): Promise<AuditReport> {
  const worker = new Worker(workerUrl);
  return new Promise<AuditReport>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(
        new StudioError(
          'internal',
          `The audit stopped after ${Math.round(limitMs / 1000)} s: a scenario's seed SQL or a call may not finish. Evaluate the dataset in Replay: its problems name the scenario.`,
        ),
      );
      void worker.terminate();
    }, limitMs);
    const finish = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.on('message', (message: { ready?: true; audit?: AuditReport; auditError?: string }) => {
      if (message.ready) worker.postMessage({ audit: { root } });
      else if (message.audit) {
        finish();
        resolve(message.audit);
      } else if (message.auditError !== undefined) {
        finish();
        reject(new StudioError('internal', `The audit failed: ${message.auditError}`));
      }
    });
    worker.on('error', (error) => {
      finish();
      reject(error);
    });
  });
}
