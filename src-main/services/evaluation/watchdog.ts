// Time limits of a scoring worker. sql.js runs synchronously, so a worker stuck in a seed's SQL
// or a call cannot stop itself: it writes what it runs, and since when, into shared memory, and
// the pool (another thread) ends it once that has run past the limit.
import type { ScenarioEngine } from '../../../shared/engine/types';
import type { EngineProvider } from '../../../shared/eval/evaluate';

export const enum WatchPhase {
  Idle = 0,
  /** Building a scenario's database: schema.sql, then data.sql. */
  Seed = 1,
  /** Running calls (or reading state) on a built engine. */
  Call = 2,
}

/** [started at (Date.now(), 0 when idle), phase, scenario index]: one Float64Array per worker. */
export function watchBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(3 * Float64Array.BYTES_PER_ELEMENT);
}

export interface Overrun {
  phase: WatchPhase;
  scenario: string;
  ms: number;
}

/** The pool's side: what a worker has run longer than `limitMs`, or null. */
export function overrun(buffer: SharedArrayBuffer, scenarioIds: readonly string[], limitMs: number, now = Date.now()): Overrun | null {
  const [since, phase, scenario] = new Float64Array(buffer);
  if (since === 0 || now - since <= limitMs) return null;
  return { phase: phase as WatchPhase, scenario: scenarioIds[scenario] ?? '?', ms: now - since };
}

/** The problem a scenario gets when its worker was ended: its file, and what took too long. */
export function overrunProblem({ phase, scenario }: Overrun, limitMs: number) {
  const seconds = `${limitMs / 1000} s`;
  return phase === WatchPhase.Seed
    ? { file: `scenarios/${scenario}/data.sql`, line: 0, message: `scenario "${scenario}": building its database (schema.sql, data.sql) ran longer than ${seconds}; stopped, its trajectories are left out` }
    : { file: `scenarios/${scenario}/tools.json`, line: 0, message: `scenario "${scenario}": a tool call ran longer than ${seconds}; stopped, its trajectories are left out` };
}

/** What an engine does between the pool's checks; every call into it is one watched stretch. */
const ENGINE_METHODS = ['call', 'precheck', 'reset', 'writesApplied', 'state', 'stateKey', 'execute', 'seedTextValues', 'entityMatches', 'primaryKeys'] as const;

/**
 * The worker's side: engines whose seed and every call are stamped in `buffer`, and scenarios
 * the pool has given up on (`blocked`) answered as unbuildable without running their SQL.
 */
export function watchedEngines(
  inner: EngineProvider & { closeAll(): void },
  buffer: SharedArrayBuffer,
  scenarioIds: readonly string[],
  blocked: ReadonlyMap<string, { error: string; file: string }>,
): EngineProvider & { closeAll(): void } {
  const slot = new Float64Array(buffer);
  const index = new Map(scenarioIds.map((id, i) => [id, i]));
  let depth = 0;
  const watched = <T>(phase: WatchPhase, scenario: string, run: () => T): T => {
    if (depth++ === 0) {
      slot[1] = phase;
      slot[2] = index.get(scenario) ?? -1;
      slot[0] = Date.now();
    }
    try {
      return run();
    } finally {
      if (--depth === 0) slot[0] = 0;
    }
  };
  const wrapped = new Map<string, ReturnType<EngineProvider>>();
  const provider = (scenarioId: string) => {
    const blockedAs = blocked.get(scenarioId);
    if (blockedAs) return blockedAs;
    let entry = wrapped.get(scenarioId);
    if (!entry) {
      const built = watched(WatchPhase.Seed, scenarioId, () => inner(scenarioId));
      entry = 'error' in built ? built : watchEngine(built, (run) => watched(WatchPhase.Call, scenarioId, run));
      wrapped.set(scenarioId, entry);
    }
    return entry;
  };
  provider.closeAll = () => inner.closeAll();
  return provider;
}

function watchEngine(engine: ScenarioEngine, watched: <T>(run: () => T) => T): ScenarioEngine {
  const copy = { scenarioId: engine.scenarioId, close: () => engine.close() } as ScenarioEngine;
  for (const method of ENGINE_METHODS) {
    const original = engine[method] as (...args: unknown[]) => unknown;
    (copy as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => watched(() => original.apply(engine, args));
  }
  return copy;
}
