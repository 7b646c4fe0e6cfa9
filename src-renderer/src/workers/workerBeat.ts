// A worker's sign of life for its client's watchdog (watchedWorker.ts): long legitimate work
// (the agreement dashboard over every task, alpha's many pairs, an import of many trajectories)
// beats between engine calls and loop turns, so only SQL that never ends goes silent. Engines
// beat with their scenario's id, and a beat tells the id at once whenever it changes: a client
// whose request named no single scenario (the dashboard, an import) can then name the one that overran.
import type { EngineProvider } from '../../../shared/eval/evaluate';

export interface AliveMessage {
  type: 'alive';
  /** The scenario whose SQL runs from now on, when it is not the one told last. */
  scenario?: string;
}

/** A beat; `scenario` when the work is a scenario's (an engine's call, its seed being built). */
export type Pulse = (scenario?: string) => void;

/** At most one beat this often: a time check per call costs nothing measurable. */
export const BEAT_EVERY_MS = 250;

/** A throttled beat posting through `post` (a worker's postMessage; a test's list); a change of scenario is posted at once. */
export function beater(post: (message: AliveMessage) => void, now: () => number = () => performance.now()): Pulse {
  let lastAt = -Infinity;
  let told: string | undefined;
  return (scenario) => {
    const at = now();
    const changed = scenario !== undefined && scenario !== told;
    if (!changed && at - lastAt < BEAT_EVERY_MS) return;
    lastAt = at;
    if (!changed) return post({ type: 'alive' });
    told = scenario;
    post({ type: 'alive', scenario });
  };
}

/** This worker's beat. */
export const beat = beater((message) => (globalThis as unknown as { postMessage(message: unknown): void }).postMessage(message));

/** Beats by the clock while `work` awaits (sql.js's WebAssembly, a dataset being parsed), when no loop is there to beat. */
export function beatWhile<T>(work: Promise<T>, pulse: Pulse = beat): Promise<T> {
  pulse();
  const timer = setInterval(() => pulse(), BEAT_EVERY_MS);
  return work.finally(() => clearInterval(timer));
}

/** The engine with a beat, naming its scenario, before each of its methods runs (a call, a state read, a reset). */
export function beatingEngine<E extends object>(engine: E, pulse: Pulse = beat): E {
  const scenario = (engine as { scenarioId?: unknown }).scenarioId;
  const id = typeof scenario === 'string' ? scenario : undefined;
  return new Proxy(engine, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        pulse(id);
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** A provider whose engines beat, and which beats as each is built (the seed's SQL runs then). */
export function beatingProvider(inner: EngineProvider & { closeAll(): void }, pulse: Pulse = beat): EngineProvider & { closeAll(): void } {
  const engines = new Map<string, ReturnType<EngineProvider>>();
  const provider = (scenarioId: string) => {
    pulse(scenarioId);
    let entry = engines.get(scenarioId);
    if (!entry) {
      const built = inner(scenarioId);
      entry = 'error' in built ? built : beatingEngine(built, pulse);
      engines.set(scenarioId, entry);
    }
    return entry;
  };
  provider.closeAll = () => {
    engines.clear();
    inner.closeAll();
  };
  return provider;
}
