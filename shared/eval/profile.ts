// A scoring profile turns one trajectory into its metrics and taxonomy label (SPEC §8, §9, §13).
// `paper` is the default; `egobench` reproduces the official EgoBench evaluator.
import type { ScenarioEngine } from '../engine/types';
import type { GroundTruth, Json, ScenarioDef, Task, Trajectory } from '../format/types';

export type Label =
  | 'correct'
  | 'syntactic'
  | 'perception'
  | 'hallucination'
  | 'logic'
  | 'memory'
  | 'over_operation'
  /**
   * egobench profile only: no class applies and the run did not succeed (no ground-truth call, so
   * no ToolSucc, yet ResultSucc). The official error analysis's `unknown`: counted, in no class.
   */
  | 'unknown';

/** Why a label fired: the entry or call, the path and value, or the missing calls (SPEC §9). */
export type Evidence = { [key: string]: Json } | null;

export interface TrajectoryScore {
  matched: number;
  gt_calls: number;
  agent_calls: number;
  tool_succ: boolean;
  result_succ: boolean;
  joint_succ: boolean;
  label: Label;
  evidence: Evidence;
}

export interface ScoringContext {
  task: Task;
  groundTruth: GroundTruth;
  scenario: ScenarioDef;
  /** Seeded engine of the task's scenario; callers must not assume its state after scoring. */
  engine: ScenarioEngine;
  trajectory: Trajectory;
}

export interface ScoringProfile {
  readonly id: 'paper' | 'egobench';
  score(ctx: ScoringContext): TrajectoryScore;
}
