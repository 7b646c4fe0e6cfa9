// The contract of the scenario engine (SPEC §2, §3, §7).
import type { Json, JsonObject } from '../format/types';

export type SqlValue = number | string | Uint8Array | null;
export type Row = Record<string, SqlValue>;

/** The rows of every state table (SPEC §7), column order kept. */
export type DbState = Record<string, Row[]>;

export type CallResult =
  | { ok: true; result: Json }
  | { ok: false; result: { status: 'error'; message: string } };

export interface ScenarioEngine {
  readonly scenarioId: string;
  /** Run one call on the current state; a write that succeeds changes it. */
  call(call: unknown): CallResult;
  /**
   * The failure `call` has in every state, found without running anything (not an object, an
   * unknown tool, parameters that fail their schema); null when running it decides.
   */
  precheck(call: unknown): CallResult | null;
  /** Back to the seed state. */
  reset(): void;
  /**
   * Writes applied since the seed (reset): a call after which this has not grown left the state
   * as it was (it failed before running, or was rolled back).
   */
  writesApplied(): number;
  /** Rows of the state tables now. */
  state(): DbState;
  /**
   * A canonical key of the current state: equal keys iff equal states (SPEC §7). Cheaper than
   * `stateKey(state())`: built from the rows changed since the seed where it can be.
   */
  stateKey(): string;
  /** From the seed state run the calls in order (a failed call changes nothing); results and the final state. */
  execute(calls: unknown[]): { results: CallResult[]; state: DbState };
  /** Text values of the seed database (every TEXT cell of every table), for grounding (SPEC §9.3). Cached and shared: do not modify. */
  seedTextValues(): Set<string>;
  /** Seed rows of TABLE whose COLUMN fuzzy-matches s (case-insensitive, either containing the other); row ids. */
  entityMatches(table: string, column: string, s: string): Set<number>;
  /** Whether the seed database has TABLE.COLUMN (names in any case, as entityMatches looks them up). */
  hasColumn(table: string, column: string): boolean;
  /**
   * Steps whose SQL cannot run on this database (a typo, a missing table, two statements, a
   * transaction statement): every call of their tool fails there. By index in the library's tools and in their steps. Tools with a step
   * that changes the schema are left unjudged (a later step may use what it creates).
   */
  uncompilableSteps(): Array<{ tool: number; step: number | null; message: string }>;
  /** Primary-key columns of TABLE in key order; [] when it has none (rowid only) or is unknown. For diffStates. */
  primaryKeys(table: string): string[];
  /** Frees the database and its prepared statements; the engine is unusable afterwards. */
  close(): void;
}

export type { Json, JsonObject };
