// The ground-truth audit of a whole dataset: every admitted trajectory scored with the dataset's
// profile (a run fails when JointSucc does not hold) and grouped by task, then gt-audit.ts's rule
// per task, comparing calls as that profile does (gt-audit-matching.ts). Host-agnostic: the CLI and the studio's audit call run it on a Node dataset source.
import { compareCodePoints } from '../format/codepoint';
import { admissionProblem, type LoadedDataset } from '../format/loader';
import type { Problem, Trajectory } from '../format/types';
import { scoreTrajectory, profileOf, type EngineProvider } from './evaluate';
import { scenarioCache } from './calls';
import { auditFindings, auditTask, runCalls, truthFailures, type AuditOptions, type AuditRun, type TaskAudit, type TruthFailure } from './gt-audit';
import { byNaturalName } from '../format/natural-order';
import { auditMatching } from './gt-audit-matching';
import { matchContext } from './match-context';

export interface AuditReport {
  /** Tasks with suspects or where every run fails (of at least two), most agreeing runs first. */
  tasks: TaskAudit[];
  /** Tasks that have runs, and the runs read. */
  audited_tasks: number;
  trajectories: number;
  /** The fixed number of agreeing runs asked for, or null for the default (half, at least 3). */
  min_agree: number | null;
  /** Every task whose ground-truth calls fail on their own (run or not), in task order. */
  failing_truth: TruthCheck[];
  problems: Problem[];
}

/** A task whose ground truth has calls that fail (truthFailures). */
export interface TruthCheck {
  task_id: string;
  scenario: string;
  failures: TruthFailure[];
}

/** The tasks with a ground-truth line whose calls fail, whether or not any run of them was read. */
function failingTruth(dataset: LoadedDataset, engines: EngineProvider): TruthCheck[] {
  const checks: TruthCheck[] = [];
  for (const [taskId, groundTruth] of dataset.groundTruth) {
    const task = dataset.tasks.get(taskId);
    const engine = task && engines(task.scenario);
    if (!engine || 'error' in engine) continue; // the dataset's problems say why
    const failures = truthFailures(groundTruth, engine);
    if (failures.length > 0) checks.push({ task_id: taskId, scenario: task.scenario, failures });
  }
  return checks.sort((a, b) => byNaturalName(a.task_id, b.task_id));
}

export async function auditDataset(
  dataset: LoadedDataset,
  engines: EngineProvider,
  trajectories: AsyncIterable<Trajectory> | Iterable<Trajectory>,
  options: AuditOptions = {},
  /** Problems of the trajectory files found while `trajectories` is read (read once it is done). */
  extraProblems: readonly Problem[] = [],
): Promise<AuditReport> {
  const problems: Problem[] = [];
  const { profile } = profileOf(dataset);
  const seen = new Set<string>();
  const runsByTask = new Map<string, AuditRun[]>();
  let count = 0;
  for await (const trajectory of trajectories) {
    const where = { file: trajectory.source?.file ?? '', line: trajectory.source?.line ?? 0 };
    const refused = admissionProblem(trajectory, dataset, seen);
    if (refused) {
      problems.push({ ...where, message: refused });
      continue;
    }
    const { row, problem } = scoreTrajectory(dataset, engines, profile, trajectory);
    if (!row) {
      problems.push({ ...where, message: problem ?? 'not scored' });
      continue;
    }
    count++;
    const runs = runsByTask.get(trajectory.task_id) ?? [];
    runs.push({ id: trajectory.id, model: trajectory.model, mode: trajectory.mode, calls: runCalls(trajectory), failed: !row.joint_succ });
    runsByTask.set(trajectory.task_id, runs);
  }
  const audits: TaskAudit[] = [];
  for (const [taskId, runs] of runsByTask) {
    const task = dataset.tasks.get(taskId)!;
    const engine = engines(task.scenario);
    if ('error' in engine) continue; // scoring already reported it
    const scenario = dataset.scenarios.get(task.scenario)!;
    const matching = auditMatching(profile, scenarioCache(scenario).tools, engine, matchContext(engine));
    audits.push(auditTask({ taskId, groundTruth: dataset.groundTruth.get(taskId)!, scenario, engine, matching, runs }, options));
  }
  // The trajectory files' problems (unread lines, found while reading; admission and scoring, found after) in file and line order, as evaluate lists them.
  const inOrder = [...extraProblems, ...problems].sort((a, b) => compareCodePoints(a.file, b.file) || a.line - b.line);
  return {
    tasks: auditFindings(audits),
    audited_tasks: runsByTask.size,
    trajectories: count,
    min_agree: options.minAgree ?? null,
    failing_truth: failingTruth(dataset, engines),
    problems: [...dataset.problems, ...inOrder],
  };
}
