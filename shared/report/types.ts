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
  /** What the figures were computed from (the host's runs; the page's streamed rows have none). */
  provenance?: ReportProvenance;
}

/** A file read for a report, named by its content. */
export interface HashedFile {
  file: string;
  /** null: it could not be read when the report was made. */
  sha256: string | null;
}

/**
 * What a report was computed from, so a table in a paper can be traced to its inputs and scored
 * again: two reports with the same scorer, dataset hash and trajectory files have the same scores.
 */
export interface ReportProvenance {
  studio_version: string;
  /** The scoring code: the score entries' format and the sha256 of the scoring worker's bundle. */
  scorer: string;
  profile: string;
  /** sha256 over the profile, scenarios, tasks, ground truth and the dataset files' problems: all that decides a score besides the trajectory file. */
  dataset_sha256: string;
  trajectory_files: HashedFile[];
  /** The reviews whose overrides the report applies (absent where none are applied: `evaluate`). */
  review_files?: HashedFile[];
  /** ISO 8601. */
  evaluated_at: string;
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
