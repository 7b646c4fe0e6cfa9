// Time limits of a scoring worker. sql.js runs synchronously, so a worker stuck in a seed's SQL
// or a call cannot stop itself: it writes what it runs, and since when, into shared memory, and
// the pool (another thread) ends it once that has run past the limit.
import { executeFromSeed, type EngineOptions } from '../../../shared/engine/engine';
import { statementLine, type SeedFile } from '../../../shared/engine/seed';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { engineProvider } from '../../../shared/eval/engine-provider';
import type { EngineProvider } from '../../../shared/eval/evaluate';
import type { LoadedDataset } from '../../../shared/format/loader';
import type { Problem, ScenarioDef, ToolCall } from '../../../shared/format/types';
import { callKey, isWellFormedCall } from '../../../shared/eval/calls';
import type { SqlJsStatic } from 'sql.js';

export const enum WatchPhase {
  Idle = 0,
  /** Building a scenario's database: schema.sql, then data.sql. */
  Seed = 1,
  /** Running calls (or reading state) on a built engine. */
  Call = 2,
  /**
   * Scoring one trajectory line, building databases aside: its own clock, beside the stretch's,
   * so work that is no SQL (the grounding of thousands of calls) cannot run for ever either.
   */
  Line = 3,
}

const SEED_FILES: readonly SeedFile[] = ['schema.sql', 'data.sql'];

/** Slots of the watch buffer's Float64Array (watchBuffer). */
const SLOTS = 10;
/** Bytes kept for the key of the call running (tool and parameters as JSON); a longer one is not written. */
const CALL_KEY_BYTES = 16 * 1024;

/**
 * One per worker: a Float64Array of [started at (Date.now(), 0 when idle), phase, scenario index,
 * what runs (seed: index in SEED_FILES; call: the tool's index in the library; -1 unknown),
 * where (seed: the statement's offset in its file), the byte length of the call's key (0: none),
 * the trajectory line's start (0: none), its line number from its chunk's start, the chunk's file
 * and chunk indexes], then the call's key in UTF-8: written before every call, since a worker
 * stuck in SQL can say nothing.
 */
export function watchBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(SLOTS * Float64Array.BYTES_PER_ELEMENT + CALL_KEY_BYTES);
}

const slotsOf = (buffer: SharedArrayBuffer) => new Float64Array(buffer, 0, SLOTS);
const keyBytes = (buffer: SharedArrayBuffer) => new Uint8Array(buffer, SLOTS * Float64Array.BYTES_PER_ELEMENT);

export interface Overrun {
  phase: WatchPhase;
  /** Line: the trajectory line (lineKey) that was being scored. */
  lineKey?: string;
  scenario: string;
  ms: number;
  /** Seed: index in SEED_FILES; call: the tool's index in the scenario's library; -1: not known. */
  what: number;
  /** Seed: offset of the statement in its file. */
  offset: number;
  /** Call: the call's key (callKey: its tool and parameters), when it was written. */
  callKey?: string;
}

/**
 * The pool's side: what a worker has run longer than `limitMs`, or null. A seed statement or call
 * past the limit is said before the trajectory line it is part of.
 */
export function overrun(buffer: SharedArrayBuffer, scenarioIds: readonly string[], limitMs: number, now = Date.now()): Overrun | null {
  const [since, phase, scenario, what, offset, keyLength] = slotsOf(buffer);
  if (since === 0 || now - since <= limitMs) return phase === WatchPhase.Seed && since !== 0 ? null : lineOverrun(buffer, since, lineLimitMs(limitMs), now);
  const stuck: Overrun = { phase: phase as WatchPhase, scenario: scenarioIds[scenario] ?? '?', ms: now - since, what, offset };
  // A shared buffer cannot be decoded in place: copied first.
  if (phase === WatchPhase.Call && keyLength > 0) stuck.callKey = new TextDecoder().decode(keyBytes(buffer).slice(0, keyLength));
  // The worker may have ended that stretch and begun another while this was read: what was read
  // could mix the two (the next check sees the new stretch whole).
  if (slotsOf(buffer)[0] !== since) return null;
  return stuck;
}

/**
 * A trajectory line's limit: the stretch's, and at least 10 s. The first line of a scenario or task
 * pays for cold code and its ground truth's run, which a busy machine can stretch past a small
 * limit (`--time-limit 1`); a line that loops in the grounding search takes minutes, not seconds.
 */
export const lineLimitMs = (limitMs: number): number => Math.max(limitMs, MIN_LINE_LIMIT_MS);
const MIN_LINE_LIMIT_MS = 10_000;

/**
 * The line past its limit. While a call runs (`stretchSince`), only the line's time before it
 * counts: the call is judged by its own clock first, so a call that never ends is named as the
 * call (its trajectories left out), not as the line that made it. While a database is built, the
 * line is not judged at all (its statements have their own clock; the build's time is taken off
 * the line's when it ends).
 */
function lineOverrun(buffer: SharedArrayBuffer, stretchSince: number, limitMs: number, now: number): Overrun | null {
  const [lineSince, line, fileIndex, chunkIndex] = slotsOf(buffer).slice(6);
  if (lineSince === 0 || (stretchSince !== 0 ? stretchSince : now) - lineSince <= limitMs) return null;
  // Read as a whole only if the worker did not move to another line meanwhile.
  if (slotsOf(buffer)[6] !== lineSince) return null;
  return { phase: WatchPhase.Line, lineKey: lineKey({ fileIndex, chunkIndex }, line), scenario: '', ms: now - lineSince, what: -1, offset: 0 };
}

/** A trajectory line of an evaluation: its chunk (the same job, however often it is run again) and its number there. */
export function lineKey(chunk: { fileIndex: number; chunkIndex: number }, line: number): string {
  return `${chunk.fileIndex}:${chunk.chunkIndex}:${line}`;
}

/** What a trajectory line given up on says, at its own line. */
export function lineOverrunMessage(limitMs: number): string {
  return `scoring this trajectory ran longer than ${limitMs / 1000} s (the time limit for a trajectory's whole score, at least 10 s; building databases aside); stopped, left out`;
}

/** The worker's stamps of the trajectory line it scores, and the lines the pool gave up on (lineKey to their message). */
export interface LineWatch {
  /** The message of a line given up on (not to be scored again), else undefined once its clock runs. */
  begin(chunk: { fileIndex: number; chunkIndex: number }, line: number): string | undefined;
  end(): void;
}

export function lineWatch(buffer: SharedArrayBuffer, givenUp: ReadonlyMap<string, string>): LineWatch {
  const slot = slotsOf(buffer);
  return {
    begin(chunk, line) {
      const message = givenUp.get(lineKey(chunk, line));
      if (message !== undefined) return message;
      slot[7] = line;
      slot[8] = chunk.fileIndex;
      slot[9] = chunk.chunkIndex;
      slot[6] = Date.now();
      return undefined;
    },
    end() {
      slot[6] = 0;
    },
  };
}

/** Where a stretch that ran too long was: the file and line of a seed statement, or the tool of a call, and in words. */
export function overrunSite({ phase, scenario, what, offset }: Overrun, scenarios: ReadonlyMap<string, ScenarioDef>): { file: string; line: number; running: string } {
  const def = scenarios.get(scenario);
  if (phase === WatchPhase.Seed) {
    const file = SEED_FILES[what];
    const text = file === 'schema.sql' ? def?.schemaSql : file === 'data.sql' ? def?.dataSql : undefined;
    if (file === undefined || text === undefined) return { file: `scenarios/${scenario}/data.sql`, line: 0, running: 'building its database (schema.sql, data.sql)' };
    const line = statementLine(text, offset);
    return { file: `scenarios/${scenario}/${file}`, line, running: `the statement at ${file} line ${line}` };
  }
  const tool = def?.library.tools[what]?.name;
  return { file: `scenarios/${scenario}/tools.json`, line: (tool !== undefined && def?.toolLines?.[what]) || 0, running: tool === undefined ? 'a tool call (or reading its state tables)' : `a call of tool "${tool}"` };
}

/**
 * The problem a scenario gets when its worker was ended: the file and line, or the tool, that took
 * too long, and what of the job goes on without it.
 */
export function overrunProblem(stuck: Overrun, limitMs: number, scenarios: ReadonlyMap<string, ScenarioDef>, leftOut = 'its trajectories are left out') {
  const { file, line, running } = overrunSite(stuck, scenarios);
  const building = stuck.phase === WatchPhase.Seed && line > 0 ? ' while building its database' : '';
  return { file, line, message: `scenario "${stuck.scenario}": ${running} ran longer than ${limitMs / 1000} s${building}; stopped, ${leftOut}` };
}

/** A scenario given up on, as the engines of later workers answer for it (watchedEngines' `blocked`). */
export type BlockedScenario = { error: string; file: string };

/** How a scenario ended past the limit is answered from then on: unbuildable, naming the file of its problem. */
export function blockedAfter(stuck: Overrun, problemFile: string): BlockedScenario {
  return { error: stuck.phase === WatchPhase.Seed ? 'its seed SQL ran past the time limit' : 'a call ran past the time limit', file: problemFile };
}

/**
 * Engine options that stamp each seed statement's file and offset in `buffer`, and restart its
 * clock: the limit is one statement's, so a big seed of many quick statements is never ended.
 */
export function seedStamps(buffer: SharedArrayBuffer): EngineOptions {
  const slot = slotsOf(buffer);
  return {
    onSeedStatement: (file, offset) => {
      slot[3] = SEED_FILES.indexOf(file);
      slot[4] = offset;
      slot[0] = Date.now();
    },
  };
}

/** What an engine does between the pool's checks; every call into it is one watched stretch. */
const ENGINE_METHODS = ['call', 'precheck', 'reset', 'writesApplied', 'state', 'stateKey', 'execute', 'seedTextValues', 'entityMatches', 'hasColumn', 'uncompilableSteps', 'primaryKeys'] as const;
/** Every method of ScenarioEngine is watched: a method added there and not here fails to compile. */
type UnwatchedMethods = Exclude<keyof ScenarioEngine, (typeof ENGINE_METHODS)[number] | 'scenarioId' | 'close'>;
const allWatched: [UnwatchedMethods] extends [never] ? true : UnwatchedMethods = true;
void allWatched;

/**
 * The worker's side: engines whose seed and every call are stamped in `buffer` (a call with its
 * key), scenarios the pool has given up on (`blocked`) answered as unbuildable without running
 * their SQL, and calls it has given up on (`blockedCalls`: keys by scenario) refused with an error,
 * which leaves out the trajectory that makes them.
 */
export function watchedEngines(
  inner: EngineProvider & { closeAll(): void },
  buffer: SharedArrayBuffer,
  scenarioIds: readonly string[],
  blocked: ReadonlyMap<string, BlockedScenario>,
  scenarios: ReadonlyMap<string, ScenarioDef>,
  blockedCalls: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): EngineProvider & { closeAll(): void } {
  const slot = slotsOf(buffer);
  const bytes = keyBytes(buffer);
  const encoder = new TextEncoder();
  const index = new Map(scenarioIds.map((id, i) => [id, i]));
  let depth = 0;
  const watched = <T>(phase: WatchPhase, scenario: string, run: () => T, what = -1, key?: string): T => {
    const outer = depth === 0;
    const started = Date.now();
    if (depth++ === 0) {
      slot[1] = phase;
      slot[2] = index.get(scenario) ?? -1;
      slot[3] = what;
      slot[4] = 0;
      slot[5] = 0;
      if (key !== undefined) {
        const { read, written } = encoder.encodeInto(key, bytes);
        if (read === key.length) slot[5] = written; // else too long to name: its scenario is given up on
      }
      slot[0] = Date.now();
    }
    try {
      return run();
    } finally {
      if (--depth === 0) slot[0] = 0;
      // Building a database is the scenario's, not the line's that needed it first (its statements have their own limit).
      if (outer && phase === WatchPhase.Seed && slot[6] !== 0) slot[6] += Date.now() - started;
    }
  };
  const wrapped = new Map<string, ReturnType<EngineProvider>>();
  const provider = (scenarioId: string) => {
    const blockedAs = blocked.get(scenarioId);
    if (blockedAs) return blockedAs;
    let entry = wrapped.get(scenarioId);
    if (!entry) {
      const built = watched(WatchPhase.Seed, scenarioId, () => inner(scenarioId));
      const tools = toolIndexes(scenarios.get(scenarioId));
      entry =
        'error' in built
          ? built
          : watchEngine(built, (run, call) => {
              const key = keyOf(call);
              if (key !== undefined && blockedCalls.get(scenarioId)?.has(key)) throw new Error(blockedCallMessage(call as ToolCall));
              return watched(WatchPhase.Call, scenarioId, run, toolOf(call, tools), key);
            });
      wrapped.set(scenarioId, entry);
    }
    return entry;
  };
  provider.closeAll = () => inner.closeAll();
  return provider;
}

/** The key of a well-formed call (callKey), else none (such a call fails before any SQL runs). */
function keyOf(call: unknown): string | undefined {
  return isWellFormedCall(call) ? wellFormed(callKey(call)) : undefined;
}

/**
 * The key as it comes back from the buffer's UTF-8: a lone surrogate (data can hold one) is
 * decoded as U+FFFD, and a key that differed from its own copy would never be refused.
 */
function wellFormed(key: string): string {
  const text = key as string & { isWellFormed(): boolean; toWellFormed(): string }; // ES2024, in Node 20
  return text.isWellFormed() ? key : text.toWellFormed();
}

/** What a trajectory that makes a call given up on is told (scoreTrajectory leaves it out with this). */
export function blockedCallMessage(call: ToolCall): string {
  return `a call of tool "${call.tool_name.trim()}" with parameters ${clipped(JSON.stringify(call.parameters))} (the trajectory's, or its ground truth's) ran past the time limit earlier in this evaluation; left out`;
}

/** Dataset text in a message, cut to `max` characters. */
export const clipped = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** A scenario's tools by trimmed name (the first definition wins, as in the engine): their index in its library. */
function toolIndexes(scenario: ScenarioDef | undefined): Map<string, number> {
  const indexes = new Map<string, number>();
  scenario?.library.tools.forEach((tool, i) => {
    if (!indexes.has(tool.name.trim())) indexes.set(tool.name.trim(), i);
  });
  return indexes;
}

/** The library index of the tool a call names, or -1 (not a call, or an unknown tool). */
function toolOf(call: unknown, tools: ReadonlyMap<string, number>): number {
  const name = (call as { tool_name?: unknown } | null)?.tool_name;
  return typeof name === 'string' ? (tools.get(name.trim()) ?? -1) : -1;
}

function watchEngine(engine: ScenarioEngine, watched: <T>(run: () => T, call: unknown) => T): ScenarioEngine {
  const copy = { scenarioId: engine.scenarioId, close: () => engine.close() } as ScenarioEngine;
  for (const method of ENGINE_METHODS) {
    const original = engine[method] as (...args: unknown[]) => unknown;
    // call() and precheck() take one call: the tool it names is what the pool reports if it never ends.
    const callOf = method === 'call' || method === 'precheck' ? (args: unknown[]) => args[0] : () => undefined;
    (copy as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => watched(() => original.apply(engine, args), callOf(args));
  }
  // A run of calls (the agreement's final states) is watched call by call, so the one that never
  // ends is named with its tool, and a call given up on earlier is refused, as alone.
  copy.execute = (calls) => executeFromSeed(copy, calls);
  return copy;
}

/**
 * A whole-folder job's engines (the audit, agreement: watched-job.ts): stamped in `watch` when one
 * is given, so the thread watching the time can end this one and say what was running.
 */
export function jobEngines(
  SQL: SqlJsStatic,
  dataset: LoadedDataset,
  problems: Problem[],
  watch: SharedArrayBuffer | undefined,
  blocked: ReadonlyMap<string, BlockedScenario> = new Map(),
): EngineProvider & { closeAll(): void } {
  const built = engineProvider(SQL, dataset, problems, watch && seedStamps(watch));
  return watch ? watchedEngines(built, watch, [...dataset.scenarios.keys()], blocked, dataset.scenarios) : built;
}
