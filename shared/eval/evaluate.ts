// Evaluation of trajectory lines against a loaded dataset (SPEC §6-§10), host-agnostic: the
// CLI runs it in worker threads, the studio in a Web Worker.
import type { z } from 'zod';
import type { ScenarioEngine } from '../engine/types';
import { admissionProblem, parseJsonlLine, repeatedTrajectoryMessage, type LoadedDataset } from '../format/loader';
import { trajectorySchema } from '../format/schemas';
import { trajectoryWholeReals } from '../format/whole-reals';
import { fastTrajectory } from '../format/trajectory-fast';
import type { Problem, Trajectory } from '../format/types';
import { aggregate, type ModelFigures, type ScoredTrajectory } from './aggregate';
import { capProblemsPerFile, countedProblems } from '../format/problem-cap';
import type { Label, ScoringProfile } from './profile';
import { profileFor } from './profiles';

/** The engine of a scenario, or the reason it cannot be built (its seed SQL failed). */
export type EngineProvider = (scenarioId: string) => ScenarioEngine | { error: string; file: string };

export function profileOf(dataset: LoadedDataset): { profile: ScoringProfile; labels: readonly Label[] } {
  return profileFor(dataset.meta);
}

/** What became of one line of a trajectory file. */
export interface LineRecord {
  line: number;
  /** Known when the line parsed, so repeats can be found across files. */
  id?: string;
  problem?: string;
  row?: ScoredTrajectory;
  /** Every call entry of the trajectory, malformed ones included (the list's "calls" column). */
  calls?: number;
  /** Stands for this many problem lines from `line` on, counted and not kept one by one (problem-cap.ts). */
  omitted?: number;
}

export function roundsOf(t: Trajectory): number {
  return t.rounds_count ?? t.dialogue.filter((m) => m.role === 'agent').length;
}

export function tokensOf(t: Trajectory): number {
  return (t.input_tokens ?? 0) + (t.output_tokens ?? 0);
}

/** Scores one parsed trajectory; unknown tasks and missing ground truth give a problem. */
export function scoreTrajectory(
  dataset: LoadedDataset,
  engines: EngineProvider,
  profile: ScoringProfile,
  trajectory: Trajectory,
): { row?: ScoredTrajectory; problem?: string } {
  const task = dataset.tasks.get(trajectory.task_id);
  const groundTruth = dataset.groundTruth.get(trajectory.task_id);
  if (!task || !groundTruth) return { problem: admissionProblem(trajectory, dataset, new Set()) ?? 'not admitted' };
  const scenario = dataset.scenarios.get(task.scenario)!;
  const engine = engines(task.scenario);
  if ('error' in engine) return { problem: `trajectory "${trajectory.id}": scenario "${task.scenario}" cannot run (${engine.error}); left out` };
  try {
    const score = profile.score({ task, groundTruth, scenario, engine, trajectory });
    // Fields written out rather than spread: one object shape for every row, built without a generic copy.
    const row: ScoredTrajectory = {
      id: trajectory.id,
      task_id: trajectory.task_id,
      model: trajectory.model,
      mode: trajectory.mode,
      scenario: task.scenario,
      matched: score.matched,
      gt_calls: score.gt_calls,
      agent_calls: score.agent_calls,
      tool_succ: score.tool_succ,
      result_succ: score.result_succ,
      joint_succ: score.joint_succ,
      label: score.label,
      evidence: score.evidence,
      rounds: roundsOf(trajectory),
      tokens: tokensOf(trajectory),
    };
    return { row };
  } catch (error) {
    return { problem: `trajectory "${trajectory.id}" could not be evaluated: ${(error as Error).message}` };
  }
}

/** Said of a trajectory line that opens a JSON array: the likely file, and the way in. */
const ARRAY_HINT =
  ' (a trajectory file holds one JSON object per line, SPEC §6; an EgoBench release\'s result file, a JSON array of runs, goes in with `egostudio import-egobench <release> --results <folder> --out <dataset> --trajectories-only`)';

/** Parses and scores one line of a trajectory file; null for a blank line. */
export function evaluateLine(
  dataset: LoadedDataset,
  engines: EngineProvider,
  profile: ScoringProfile,
  file: string,
  lineNumber: number,
  text: string,
): LineRecord | null {
  const parsed = parseJsonlLine(text, lineNumber, trajectorySchema, fastTrajectory as (v: unknown) => z.infer<typeof trajectorySchema> | null, trajectoryWholeReals(dataset.meta));
  if (parsed === null) return null;
  if (!parsed.ok) return { line: lineNumber, problem: text.trimStart().startsWith('[') ? `${parsed.message}${ARRAY_HINT}` : parsed.message };
  // The parsed value is a fresh object (the fast path's or zod's): it takes its source in place.
  const trajectory = parsed.value as Trajectory;
  trajectory.source = { file, line: lineNumber };
  let calls = 0;
  for (const item of trajectory.tool_calls) calls += item.calls.length;
  const scored = scoreTrajectory(dataset, engines, profile, trajectory);
  return scored.row ? { line: lineNumber, id: trajectory.id, calls, row: scored.row } : { line: lineNumber, id: trajectory.id, calls, problem: scored.problem };
}

export interface EvaluationReport {
  trajectories: (Omit<ScoredTrajectory, 'rounds' | 'tokens'>)[];
  models: Record<string, ModelFigures>;
  problems: Problem[];
}

export function taskCountByScenario(dataset: LoadedDataset): Map<string, number> {
  const counts = new Map<string, number>();
  for (const task of dataset.tasks.values()) counts.set(task.scenario, (counts.get(task.scenario) ?? 0) + 1);
  return counts;
}

/**
 * Assembles the report from the records of each file, files in read order: a repeated id is a
 * problem and left out, whatever became of the earlier line (SPEC §6).
 */
export function assembleReport(
  dataset: LoadedDataset,
  files: readonly { file: string; records: readonly LineRecord[]; problems?: readonly Problem[] }[],
  extraProblems: readonly Problem[] = [],
): EvaluationReport & { rows: ScoredTrajectory[] } {
  const problems: Problem[] = [...dataset.problems, ...extraProblems];
  const rows: ScoredTrajectory[] = [];
  const seen = new Set<string>();
  for (const { file, records, problems: fileProblems } of files) {
    if (fileProblems) problems.push(...fileProblems);
    keepRecords(file, records, seen, problems, (row) => rows.push(row));
  }
  const { labels } = profileOf(dataset);
  const models = aggregate(rows, taskCountByScenario(dataset), labels);
  const trajectories = rows.map(reportTrajectory);
  return { trajectories, models, problems: capProblemsPerFile(problems), rows };
}

/**
 * One file's records in order, as the report keeps them: a repeated id (across all files seen so
 * far, `seen`) is a problem and left out, whatever became of the earlier line; a line's own
 * problem goes to `problems`; every other scored row is handed to `keep` with its record.
 */
export function keepRecords(
  file: string,
  records: readonly LineRecord[],
  seen: Set<string>,
  problems: Problem[],
  keep: (row: ScoredTrajectory, record: LineRecord) => void,
): void {
  for (const record of records) {
    if (record.id !== undefined) {
      if (seen.has(record.id)) {
        problems.push({ file, line: record.line, message: repeatedTrajectoryMessage(record.id) });
        continue;
      }
      seen.add(record.id);
    }
    if (record.omitted !== undefined) problems.push(countedProblems(file, record.line, record.omitted));
    else if (record.problem) problems.push({ file, line: record.line, message: record.problem });
    else if (record.row) keep(record.row, record);
  }
}

type ReportTrajectory = EvaluationReport['trajectories'][number];

/** A scored trajectory as the SPEC §12 report lists it (a row's other fields stay out); also Reports' view of the host's rows. */
export function reportTrajectory(r: ReportTrajectory): ReportTrajectory {
  return {
    id: r.id,
    task_id: r.task_id,
    model: r.model,
    mode: r.mode,
    scenario: r.scenario,
    matched: r.matched,
    gt_calls: r.gt_calls,
    agent_calls: r.agent_calls,
    tool_succ: r.tool_succ,
    result_succ: r.result_succ,
    joint_succ: r.joint_succ,
    label: r.label,
    evidence: r.evidence,
  };
}
