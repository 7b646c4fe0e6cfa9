// The ground-truth audit of a dataset, computed by the host (`audit.run`, the same code as
// `egostudio audit`) and kept per dataset until asked again; and the link that opens one suspect
// in Adjudicate (`#/adjudicate/suspect/<task id>/<suspect number>`).
import { useEffect, useState } from 'react';
import type { AuditReport } from '../../../../../shared/eval/gt-audit-dataset';
import { callWhere, type Suspect } from '../../../../../shared/eval/gt-audit';
import { studioApi } from '../../../api/studio';
import { useHashValue } from '../../useHashValue';
import { onFilesChanged } from '../../../state/datasetChanges';

export type { AuditReport, Suspect };

const reports = new Map<string, Promise<AuditReport>>();

/** Files whose change changes the audit: the ground truth, the runs, the scenarios and tasks. */
export const decidesAudit = (paths: readonly string[]): boolean =>
  paths.some((p) => p === 'ground_truth.jsonl' || p === 'tasks.jsonl' || p === 'dataset.json' || p.startsWith('trajectories/') || p.startsWith('scenarios/'));

let forgetting: (() => void) | null = null;

/** Quiet this long after the last change of its files before the audit shown runs again. */
const AUDIT_SETTLE_MS = 1000;

export function auditReport(datasetId: string, again = false): Promise<AuditReport> {
  // A report kept across views is forgotten when its files change (a ground truth corrected in Adjudicate).
  forgetting ??= onFilesChanged((change) => {
    if (decidesAudit(change.paths)) reports.delete(change.datasetId);
  });
  let report = reports.get(datasetId);
  if (!report || again) {
    const run = studioApi().audit.run(datasetId);
    report = run;
    reports.set(datasetId, run);
    run.catch(() => reports.get(datasetId) === run && reports.delete(datasetId)); // a newer run stays
  }
  return report;
}

interface AuditState {
  report: AuditReport | null;
  error: string | null;
  generation: number;
}

/** The report asked for again: none shown until the new one comes. */
const auditAgain = (s: AuditState): AuditState => ({ report: null, error: null, generation: s.generation + 1 });

export function useAuditReport(datasetId: string | null) {
  const [state, setState] = useState<AuditState>({ report: null, error: null, generation: 0 });
  const { generation } = state;
  useEffect(() => {
    if (!datasetId) return;
    let live = true;
    auditReport(datasetId, generation > 0).then(
      (report) => live && setState((s) => ({ ...s, report, error: null })),
      (error: unknown) => live && setState((s) => ({ ...s, error: (error as Error).message })),
    );
    return () => {
      live = false;
    };
  }, [datasetId, generation]);
  const again = () => setState(auditAgain);
  // Shown while its files change: audited again once they settle (a correction is heard twice,
  // written and then watched; a runner writing run files writes many times), one audit for a burst.
  useEffect(() => {
    if (!datasetId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onFilesChanged((change) => {
      if (change.datasetId !== datasetId || !decidesAudit(change.paths)) return;
      clearTimeout(timer);
      timer = setTimeout(() => setState(auditAgain), AUDIT_SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [datasetId]);
  return { report: state.report, error: state.error, again };
}

export function suspectHash(taskId: string, index: number): string {
  return `#/adjudicate/suspect/${encodeURIComponent(taskId)}/${index + 1}`;
}

export function parseSuspectHash(hash: string): { taskId: string; index: number } | null {
  const match = /^#?\/?adjudicate\/suspect\/([^/]+)\/(\d+)$/.exec(hash);
  if (!match) return null;
  try {
    return { taskId: decodeURIComponent(match[1]), index: Number(match[2]) - 1 };
  } catch {
    return null;
  }
}

/** The suspect link of the address bar, kept in step with it. */
export function useSuspectLink() {
  return useHashValue(parseSuspectHash)[0];
}

/** A suspect in one line: what the runs agree on. */
export function describeSuspect(s: Suspect): string {
  if (s.kind === 'call') return `${s.call.tool_name} ${JSON.stringify(s.call.parameters)} (${callWhere(s.in_truth).replace(/^is /, '')})`;
  return `${s.tool_name}.${s.path}: ground truth ${JSON.stringify(s.truth)}, runs ${JSON.stringify(s.value)}`;
}
