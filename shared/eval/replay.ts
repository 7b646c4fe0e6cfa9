// What running calls from the seed gives (SPEC §7, §9.3), memoised across trajectories. Only
// writes change state and execution is deterministic, so a call's result depends only on the
// writes before it, and a final state only on the writes: both are kept on a tree of write
// sequences (one node per sequence, reached call key by call key), so trajectories that share a
// prefix of writes share the work, and no key is built by joining a whole sequence. A write that
// fails and is rolled back leads back to its own node, so runs that differ only by such writes
// share everything after them, and the engine never runs them again.
import type { ScenarioEngine } from '../engine/types';
import type { Json, ToolCall } from '../format/types';
import { callKey } from './calls';
import { memoStats } from './memo-stats';

/** Nodes and remembered results together; past it the tree starts afresh. */
const MAX_ENTRIES = 250_000;

class WriteNode {
  /**
   * The node after one more write, by that write's call key: this node itself when the write
   * left the state as it was (it failed and was rolled back), which is learnt by running it once.
   */
  readonly next = new Map<string, WriteNode>();
  /** Results of calls made after this node's writes, by call key. */
  readonly results = new Map<string, Json>();
  /** The state key after this node's writes, once computed. */
  stateKey: string | undefined;
}

/**
 * The engine's side of one run along the tree: reset and brought to the run's node only when
 * something must be run, running just the writes that change the state.
 */
class EngineRun {
  private reset = false;
  /** Writes taken on the tree since the engine last ran, each one known to change the state. */
  private readonly pending: ToolCall[] = [];

  constructor(private readonly engine: ScenarioEngine) {}

  /** True once something had to run on the engine in this run. */
  get live(): boolean {
    return this.reset;
  }

  defer(write: ToolCall): void {
    this.pending.push(write);
  }

  /** The engine in the state of the run's node. */
  ready(): ScenarioEngine {
    if (!this.reset) {
      this.engine.reset();
      this.reset = true;
    }
    for (const write of this.pending) this.engine.call(write);
    this.pending.length = 0;
    return this.engine;
  }

  /**
   * Runs a call in the state of the run's node, after which the engine holds its effect; and
   * whether it left that state as it was. A call that fails in every state needs no engine.
   */
  call(call: ToolCall): { result: Json; unchanged: boolean } {
    const rejected = this.engine.precheck(call);
    if (rejected) return { result: rejected.result as Json, unchanged: true };
    const engine = this.ready();
    const before = engine.writesApplied();
    const result = engine.call(call).result as Json;
    return { result, unchanged: engine.writesApplied() === before };
  }
}

export class ReplayCache {
  private root = new WriteNode();
  private entries = 0;

  constructor(
    private readonly engine: ScenarioEngine,
    private readonly writeTools: ReadonlySet<string>,
  ) {}

  /** Results of calls[0..upTo] as running all of them in order from the seed would give. */
  results(calls: readonly ToolCall[], upTo: number): Json[] {
    const out: Json[] = [];
    const run = new EngineRun(this.engine);
    let node = this.root;
    for (let k = 0; k <= upTo && k < calls.length; k++) {
      const call = calls[k];
      const key = callKey(call);
      const write = this.writeTools.has(call.tool_name);
      let result = node.results.get(key);
      let next = write ? node.next.get(key) : node;
      if (result !== undefined && next !== undefined) {
        memoStats.hits++;
        if (next !== node) run.defer(call);
      } else {
        memoStats.misses++;
        const ran = run.call(call);
        if (result === undefined) {
          result = ran.result;
          node.results.set(key, result);
          this.count();
        }
        next ??= this.edge(node, key, ran.unchanged);
      }
      out.push(result);
      node = next;
    }
    return out;
  }

  /** The state key after the write calls among `calls`, run in order from the seed. */
  finalStateKey(calls: readonly ToolCall[]): string {
    const run = new EngineRun(this.engine);
    let node = this.root;
    for (const call of calls) {
      if (!this.writeTools.has(call.tool_name)) continue;
      const key = callKey(call);
      let next = node.next.get(key);
      if (next === undefined) next = this.edge(node, key, run.call(call).unchanged);
      else if (next !== node) run.defer(call);
      node = next;
    }
    if (node.stateKey === undefined) node.stateKey = run.ready().stateKey();
    else if (!run.live) {
      memoStats.hits++;
      return node.stateKey;
    }
    memoStats.misses++;
    return node.stateKey;
  }

  /** The node after a write just run at `node`: `node` itself when the write changed nothing. */
  private edge(node: WriteNode, key: string, unchanged: boolean): WriteNode {
    const next = unchanged ? node : new WriteNode();
    // A node made here may be cut off by a fresh start below: it still serves this run.
    this.count();
    node.next.set(key, next);
    return next;
  }

  private count(): void {
    if (++this.entries <= MAX_ENTRIES) return;
    this.root = new WriteNode();
    this.entries = 1;
  }
}

const replayCaches = new WeakMap<ScenarioEngine, ReplayCache>();

/** The replay cache of an engine (one per engine: it holds results of that engine's runs). */
export function replayCacheOf(engine: ScenarioEngine, writeTools: ReadonlySet<string>): ReplayCache {
  let cache = replayCaches.get(engine);
  if (!cache) replayCaches.set(engine, (cache = new ReplayCache(engine, writeTools)));
  return cache;
}

/**
 * State key after running calls (names trimmed) from the seed. Only write tools can change state
 * (§3), and execution is deterministic, so the key is memoised by the sequence of write calls.
 */
export function finalStateKey(engine: ScenarioEngine, calls: readonly ToolCall[], writeTools: ReadonlySet<string>): string {
  return replayCacheOf(engine, writeTools).finalStateKey(calls);
}
