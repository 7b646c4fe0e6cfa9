// The official evaluator's output beside the `egobench` profile's: reading an official eval file,
// scoring one imported result file, and naming the figures that differ (the import's drift notes
// and the comparison tests).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createEngine } from '../../../shared/engine/engine';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { egobenchProfile } from '../../../shared/eval/egobench/profile';
import type { TrajectoryScore } from '../../../shared/eval/profile';
import { loadDataset, readTrajectories } from '../../../shared/format/loader';
import type { Problem, Trajectory } from '../../../shared/format/types';
import { loadSqlJs } from '../sql-node';
import { nodeDatasetSource } from '../evaluation/node-source';

export interface OfficialTask {
  task_id: number | string;
  matches: number;
  total_gt_calls: number;
  total_interaction_calls: number;
  tool_success: boolean;
  result_success: boolean;
  joint_success: boolean;
}

export interface OfficialSummary {
  tool_success_rate: number;
  result_success_rate: number;
  joint_success_rate: number;
  micro_accuracy: number;
  total_correct_calls: number;
  total_ground_truth_calls: number;
  total_interaction_calls: number;
}

/** The per-task figures the official evaluator writes, in its order. */
export const OFFICIAL_FIELDS: ReadonlyArray<keyof OfficialTask> = ['matches', 'total_gt_calls', 'total_interaction_calls', 'tool_success', 'result_success', 'joint_success'];

/** Each figure of a task that differs between the official output and ours, as `field official X, here Y`. */
export function differingFields(official: OfficialTask, ours: OfficialTask | undefined, fields = OFFICIAL_FIELDS): string[] {
  return fields.filter((f) => ours?.[f] !== official[f]).map((f) => `${f} official ${String(official[f])}, here ${String(ours?.[f])}`);
}

/** The per-task figures and rates of an official `*_eval.json`. */
interface OfficialDetail {
  task_id: number | string;
  tool_based: { success: boolean; matches: number; total_gt_calls: number; total_interaction_calls: number };
  result_based: { success: boolean };
  joint_success: boolean;
}

interface OfficialEvalFile {
  detailed_results: OfficialDetail[];
  tool_based: { success_rate: number };
  result_based: { success_rate: number };
  joint_success: { success_rate: number };
  micro_tool_stats: { micro_accuracy: number; total_correct_calls: number; total_ground_truth_calls: number; total_interaction_calls: number };
}

export function readOfficial(doc: OfficialEvalFile): { tasks: OfficialTask[]; summary: OfficialSummary } {
  const tasks = doc.detailed_results.map((d) => ({
    task_id: d.task_id,
    matches: d.tool_based.matches,
    total_gt_calls: d.tool_based.total_gt_calls,
    total_interaction_calls: d.tool_based.total_interaction_calls,
    tool_success: d.tool_based.success,
    result_success: d.result_based.success,
    joint_success: d.joint_success,
  }));
  const micro = doc.micro_tool_stats;
  return {
    tasks,
    summary: {
      tool_success_rate: doc.tool_based.success_rate,
      result_success_rate: doc.result_based.success_rate,
      joint_success_rate: doc.joint_success.success_rate,
      micro_accuracy: micro.micro_accuracy,
      total_correct_calls: micro.total_correct_calls,
      total_ground_truth_calls: micro.total_ground_truth_calls,
      total_interaction_calls: micro.total_interaction_calls,
    },
  };
}

/** Our figures in the official shape, from scores in task order. */
export function asOfficial(scores: Array<{ number: string; score: TrajectoryScore }>): { tasks: OfficialTask[]; summary: OfficialSummary } {
  const tasks = scores.map(({ number, score }) => ({
    task_id: Number.isNaN(Number(number)) ? number : Number(number),
    matches: score.matched,
    total_gt_calls: score.gt_calls,
    total_interaction_calls: score.agent_calls,
    tool_success: score.tool_succ,
    result_success: score.result_succ,
    joint_success: score.joint_succ,
  }));
  const n = tasks.length;
  const sum = (f: (t: OfficialTask) => number): number => tasks.reduce((s, t) => s + f(t), 0);
  return {
    tasks,
    summary: {
      tool_success_rate: sum((t) => Number(t.tool_success)) / n,
      result_success_rate: sum((t) => Number(t.result_success)) / n,
      joint_success_rate: sum((t) => Number(t.joint_success)) / n,
      micro_accuracy: sum((t) => t.matches) / sum((t) => t.total_gt_calls),
      total_correct_calls: sum((t) => t.matches),
      total_ground_truth_calls: sum((t) => t.total_gt_calls),
      total_interaction_calls: sum((t) => t.total_interaction_calls),
    },
  };
}

/** Scores every trajectory of one imported trajectory file, in file order. */
export async function scoreImportedFile(datasetDir: string, trajectoryFile: string) {
  const dataset = await loadDataset(nodeDatasetSource(datasetDir));
  const SQL = await loadSqlJs();
  const engines = new Map<string, ScenarioEngine>();
  const problems: Problem[] = [...dataset.problems];
  const text = await readFile(path.join(datasetDir, trajectoryFile), 'utf8');
  const scores: Array<{ trajectory: Trajectory; number: string; score: TrajectoryScore }> = [];
  try {
    for await (const trajectory of readTrajectories([text], trajectoryFile, problems, true)) {
      const task = dataset.tasks.get(trajectory.task_id)!;
      const scenario = dataset.scenarios.get(task.scenario)!;
      let engine = engines.get(scenario.id);
      if (!engine) engines.set(scenario.id, (engine = createEngine(SQL, scenario)));
      const score = egobenchProfile.score({ task, groundTruth: dataset.groundTruth.get(task.id)!, scenario, engine, trajectory });
      scores.push({ trajectory, number: trajectory.id.slice(trajectory.id.lastIndexOf('/') + 1), score });
    }
  } finally {
    for (const engine of engines.values()) engine.close();
  }
  return { scores, problems };
}

/** The official error analysis's labels (`analyze_error_reasons.py`) -> the profile's labels. */
export const OFFICIAL_LABELS: Record<string, string> = {
  correct: 'correct',
  syntax_error: 'syntactic',
  multimodal_error: 'perception',
  hallucination_error: 'hallucination',
  logic_error: 'logic',
  memory_error: 'memory',
  over_operation_error: 'over_operation',
  unknown: 'unknown',
};
