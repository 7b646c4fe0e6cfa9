// Messages between the renderer and the evaluation Web Worker. The worker cannot reach the host
// (window.studio is the main thread's): it loads the dataset from the files the main thread read.
import type { TableDiff } from '../../../shared/engine/state';
import type { CascadeReport } from '../../../shared/eval/cascade-report';
import type { ReplayedCall } from '../../../shared/eval/replay-calls';
import type { TrajectoryRow } from '../../../shared/eval/trajectory-row';
import type { GroundTruth, Problem, Task, ToolCall, Trajectory } from '../../../shared/format/types';
import type { AliveMessage } from '../workers/workerBeat';
import type { DatasetFiles } from './datasetFiles';

/**
 * One evaluated trajectory, as the list shows it; the host streams them (shared/eval/trajectory-row.ts)
 * with evidence null: a replay's row (ReplayDetail.row) carries its label's evidence.
 */
export type { TrajectoryRow } from '../../../shared/eval/trajectory-row';
export interface ImportedFile {
  /** As shown in problems: the file's name, or its path inside a dropped folder. */
  name: string;
  text: string;
}

/** Files brought in for import, and what could not be read of them (each naming its file). */
export interface ImportedFiles {
  files: ImportedFile[];
  problems: Problem[];
}

/**
 * The worker gets the files of the session's dataset copy (one read of them) and loads its own copy, replays one trajectory
 * (a host row with its line's text, or an imported one it keeps), and scores imported files.
 * Requests carry an id (workers/watchedWorker.ts numbers them); the answer, or an error, carries it back.
 */
export type ToWorker =
  /** A part of one of the files' texts (datasetFiles.ts textParts), before the 'open' they belong to. */
  | { type: 'text'; path: string; part: string }
  /** The files, their texts sent in parts before (withoutTexts). Requests sent before it wait for it. */
  | { type: 'open'; files: DatasetFiles }
  | { id: number; type: 'import'; files: ImportedFile[]; knownIds: string[] }
  | { id: number; type: 'replay'; trajectoryId: string; hostRow?: { row: TrajectoryRow; text: string } }
  | { id: number; type: 'search'; query: string };

export type EvaluationStatus = 'idle' | 'loading' | 'evaluating' | 'ready' | 'error';

export type FromWorker =
  /** An imported file's rows and problems, as each file is scored. */
  | { type: 'rows'; rows: TrajectoryRow[] }
  | { type: 'problems'; problems: Problem[] }
  | { id: number; type: 'imported' }
  | { id: number; type: 'replay'; detail: ReplayDetail }
  | { id: number; type: 'search'; ids: string[] }
  | { id: number; type: 'error'; message: string }
  /** A beat for the client's watchdog. */
  | AliveMessage;

/** A replayed call entry (shared/eval/replay-calls.ts) with its ground-truth pairing. */
export interface ReplayStep extends ReplayedCall {
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
  /** The listed row, with its label's evidence (scored again by the worker for a host row). */
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
