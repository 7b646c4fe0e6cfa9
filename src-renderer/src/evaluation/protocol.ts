// Messages between the renderer and the evaluation Web Worker. The worker reads the dataset
// through the main thread (which owns window.studio): it asks with `read`, the main thread
// answers with `read-reply`.
import type { TableDiff } from '../../../shared/engine/state';
import type { CallResult } from '../../../shared/engine/types';
import type { CascadeReport } from '../../../shared/eval/cascade-report';
import type { Evidence, Label } from '../../../shared/eval/profile';
import type { GroundTruth, Problem, Task, ToolCall, Trajectory } from '../../../shared/format/types';

/** One evaluated trajectory, as the list shows it (SPEC §8 metrics, §9 label). */
export interface TrajectoryRow {
  id: string;
  task_id: string;
  model: string;
  mode: string;
  scenario: string;
  label: Label;
  evidence: Evidence;
  matched: number;
  gt_calls: number;
  /** Well-formed agent calls (|A|). */
  agent_calls: number;
  /** All call entries, malformed ones included. */
  calls: number;
  tool_succ: boolean;
  result_succ: boolean;
  joint_succ: boolean;
  /** rounds_count, or the agent's dialogue messages. */
  turns: number;
  tokens: number;
  file: string;
  line: number;
  /** Read from a file the user imported rather than from the dataset. */
  imported: boolean;
}

export type SourceOp = 'readText' | 'listFiles' | 'listDirs';

export interface ImportedFile {
  /** As shown in problems: the file's name, or its path inside a dropped folder. */
  name: string;
  text: string;
}

export type ToWorker =
  | { type: 'open'; datasetId: string; datasetName: string }
  | { type: 'import'; files: ImportedFile[] }
  | { type: 'replay'; requestId: number; id: string }
  | { type: 'search'; requestId: number; query: string }
  | { type: 'read-reply'; requestId: number; value?: unknown; error?: string };

export type EvaluationStatus = 'idle' | 'loading' | 'evaluating' | 'ready' | 'error';

export type FromWorker =
  | { type: 'read'; requestId: number; op: SourceOp; path: string }
  | { type: 'status'; status: EvaluationStatus; message?: string }
  | { type: 'meta'; profile: 'paper' | 'egobench'; labels: Label[] }
  | { type: 'progress'; done: number; total: number }
  | { type: 'rows'; rows: TrajectoryRow[] }
  | { type: 'problems'; problems: Problem[] }
  | { type: 'replay'; requestId: number; detail?: ReplayDetail; error?: string }
  | { type: 'search'; requestId: number; ids: string[] };

export interface ReplayStep {
  /** Global entry index (evidence.entry refers to it). */
  index: number;
  item: number;
  position: number;
  turn: number;
  raw: unknown;
  /** The call when the entry is well-formed. */
  call: ToolCall | null;
  /** Recorded results attributed to this call; null when the item has none. */
  recorded: unknown[] | null;
  /** True when the item's results could not be attributed one per call (all count for each). */
  recordedShared: boolean;
  replayed: CallResult;
  /** Paths where recorded and replayed results differ; null when there is nothing to compare. */
  resultDiff: string[] | null;
  /** Database changes made by this call (from the state before it). */
  diff: TableDiff[];
  /** The ground-truth call this agent call is paired with (SPEC §8.2), or null (extra). */
  gtIndex: number | null;
}

export interface GroundTruthRow {
  index: number;
  call: ToolCall;
  /** Entry index of the agent call matched to it, or null (missing). */
  entry: number | null;
}

export interface ReplayDetail {
  row: TrajectoryRow;
  trajectory: Trajectory;
  task: Task;
  groundTruth: GroundTruth;
  steps: ReplayStep[];
  gt: GroundTruthRow[];
  /** From the ground truth's final state to the agent's (empty when ResultSucc holds). */
  finalDiff: TableDiff[];
  profile: 'paper' | 'egobench';
  /** Every predicate of SPEC §9 (paper profile); null for the egobench profile. */
  cascade: CascadeReport | null;
}
