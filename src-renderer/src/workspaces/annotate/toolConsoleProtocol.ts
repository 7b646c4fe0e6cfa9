// Messages between the Annotate workspace and its tool-console worker. Nothing mutable is shared
// with the evaluation worker: this one has its own sql.js and its own sandbox copy of the seed.
import type { CallResult, Row } from '../../../../shared/engine/types';
import type { TableDiff } from '../../../../shared/engine/state';
import type { Json, ScenarioDef } from '../../../../shared/format/types';
import type { AliveMessage } from '../../workers/workerBeat';

export type ConsoleCall = { tool_name: string; parameters: Record<string, Json> } | unknown;

export interface StepOutcome {
  /** Index in the sequence sent (the typed call is last). */
  index: number;
  call: ConsoleCall;
  result: CallResult;
  /** State-table differences caused by this call (empty for reads and failures). */
  diff: TableDiff[];
}

export type ToConsoleWorker =
  | { id: number; type: 'load'; scenario: ScenarioDef }
  /** Runs calls[0..] from the seed; `report` lists the indexes whose outcome is wanted (all when absent). */
  | { id: number; type: 'run'; scenarioId: string; calls: ConsoleCall[]; report?: number[] }
  /** Lint facts: which (table, column, value) triples match a seed row. */
  | { id: number; type: 'entities'; scenarioId: string; queries: { table: string; column: string; value: string }[] }
  /** The seed rows a value finds in TABLE.COLUMN (the engine's entity match), at most `limit`. */
  | { id: number; type: 'entity-rows'; scenarioId: string; table: string; column: string; value: string; limit: number }
  /**
   * Values of entity columns (TABLE.COLUMN) containing `text`, for the visual-reference picker;
   * no columns: the tables' name columns.
   */
  | { id: number; type: 'search'; scenarioId: string; columns: string[]; text: string; limit: number };

export type FromConsoleWorker =
  | { id: number; type: 'loaded' }
  | { id: number; type: 'ran'; outcomes: StepOutcome[]; final: Record<string, Row[]> }
  | { id: number; type: 'entities'; found: boolean[] }
  | { id: number; type: 'entity-rows'; rows: Row[]; total: number }
  | { id: number; type: 'search'; values: { column: string; value: string; details: string[] }[] }
  | { id: number; type: 'error'; message: string }
  /** A beat for the client's watchdog (workers/watchedWorker.ts). */
  | AliveMessage;
