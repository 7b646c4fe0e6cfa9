// What the report builder works from: the SPEC §12 evaluation report plus the two things that
// report leaves out and the paper's figures need (the scenarios' task counts for SPEC §10
// weights, and each trajectory's rounds and tokens for the Fig. 5 scatter plots).
import type { EvaluationReport } from '../eval/evaluate';

export interface TrajectoryUsage {
  rounds: number;
  tokens: number;
}

/** An evaluation as the studio's `evaluation.run` returns it: a SPEC §12 report and its context. */
export interface EvaluationRun extends EvaluationReport {
  /** N_s: tasks per scenario in tasks.jsonl (SPEC §10 weights). */
  task_counts: Record<string, number>;
  /** Per trajectory id: rounds_count (or agent messages) and input + output tokens. */
  usage: Record<string, TrajectoryUsage>;
}

/** One human review line of `reviews/<reviewer>.jsonl`. */
export interface ReviewRecord {
  trajectory_id: string;
  label: string;
  auto_label?: string;
  reason?: string;
  reviewer?: string;
  updated_at: string;
  /** Where it was read from. */
  source: { file: string; line: number };
}
