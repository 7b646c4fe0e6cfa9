// Messages between the agreement views and their Web Worker (sql.js runs there: state_equal,
// entity matching and the adjudicator's runs all need a scenario engine).
import type { TableDiff } from '../../../shared/engine/state';
import type { CallResult } from '../../../shared/engine/types';
import type { AgreementDashboard, AlignmentRow } from '../../../shared/eval/agreement-report';
import type { Annotation, ScenarioDef, Task, ToolCall } from '../../../shared/format/types';
import type { AliveMessage } from '../workers/workerBeat';

/** SPEC §11 figures of one task plus the call alignment. */
export interface TaskComparison {
  exact: boolean;
  seq_exact: boolean;
  call_f1: number;
  state_equal: boolean;
  matched: number;
  alignment: AlignmentRow[];
  /** How long the worker took (ms). */
  ms: number;
}

export interface RunOutcome {
  results: CallResult[];
  /** Final state against the seed state. */
  diff: TableDiff[];
  /** Canonical key of the final state (equal keys: equal states, SPEC §7). */
  stateKey: string;
}

/**
 * What a dashboard reads, and no more, since it is copied to the worker: each task's scenario, and
 * the two annotators' annotations (on 19,080 tasks with their whole text and every annotator's
 * file, the copy was a 0.87 s task of the page's thread).
 */
export interface DashboardInput {
  tasks: Pick<Task, 'id' | 'scenario'>[];
  annotations: [string, Annotation[]][];
}

/**
 * The input the worker kept as `base`, changed: for each annotator changed, the annotations new or
 * changed (whole) and the tasks whose annotation is gone. The tasks are those of `base`.
 */
export interface DashboardPatch {
  base: number;
  annotators: [name: string, set: Annotation[], gone: string[]][];
}

/** The worker's answer to a dashboard request whose kept input it no longer holds (restarted, or another input came since). */
export const INPUT_GONE = 'the agreement worker no longer holds that input';

export type ToAgreementWorker =
  | { id: number; type: 'scenarios'; key: string; scenarios: ScenarioDef[] }
  | { id: number; type: 'task'; scenarioId: string; a: ToolCall[]; b: ToolCall[] }
  /** `left`: scenarios not to run (their SQL overran before), each with why: their tasks are left out, as problems. */
  /**
   * `alpha` false: without alpha_dice (its pairwise comparison grows with the square of the tasks), so the rest shows first.
   * `input`: the tasks and annotations, which the worker keeps as `inputId`; a patch: the input it kept as the patch's
   * `base` changed so, kept as `inputId`; null: the input it kept as `inputId` (not cloned again).
   */
  | { id: number; type: 'dashboard'; inputId: number; input: DashboardInput | DashboardPatch | null; a: string; b: string; left: [string, string][]; alpha: boolean }
  | { id: number; type: 'run'; scenarioId: string; calls: ToolCall[] };

export type FromAgreementWorker =
  | { id: number; type: 'ok' }
  | { id: number; type: 'task'; comparison: TaskComparison }
  | { id: number; type: 'dashboard'; dashboard: AgreementDashboard }
  | { id: number; type: 'run'; outcome: RunOutcome }
  | { id: number; type: 'error'; message: string }
  /** A beat for the client's watchdog (workers/watchedWorker.ts). */
  | AliveMessage;
