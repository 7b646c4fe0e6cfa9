// What running calls from the seed gives (SPEC §7, §9.3), memoised across trajectories. Only
// writes change state and execution is deterministic, so a call's result depends only on the
// writes before it, and a final state only on the writes: both are kept on a tree of write
// sequences (one node per sequence, reached call key by call key), so trajectories that share a
// prefix of writes share the work, and no key is built by joining a whole sequence.
import type { ScenarioEngine } from '../engine/types';
import type { Json, ToolCall } from '../format/types';
import { callKey } from './calls';
import { memoStats } from './memo-stats';

/** Nodes and remembered results together; past it the tree starts afresh. */
const MAX_ENTRIES = 250_000;

class WriteNode {
  /** The node after one more write, by that write's call key. */
  readonly next = new Map<string, WriteNode>();
  /** Results of calls made after this node's writes, by call key. */
  readonly results = new Map<string, Json>();
  /** The state key after this node's writes, once computed. */
  stateKey: string | undefined;
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
    const writes: ToolCall[] = [];
    let node = this.root;
    // How many of `writes` the engine holds right now; -1 when it was not reset for this run.
    let applied = -1;
    for (let k = 0; k <= upTo && k < calls.length; k++) {
      const call = calls[k];
      const key = callKey(call);
      let result = node.results.get(key);
      if (result !== undefined) memoStats.hits++;
      else {
        memoStats.misses++;
        if (applied < 0) {
          this.engine.reset();
          applied = 0;
        }
        while (applied < writes.length) this.engine.call(writes[applied++]);
        result = this.engine.call(call).result as Json;
        if (this.writeTools.has(call.tool_name)) applied++; // the engine already holds this write
        this.count();
        node.results.set(key, result);
      }
      out.push(result);
      if (this.writeTools.has(call.tool_name)) {
        writes.push(call);
        node = this.after(node, key);
      }
    }
    return out;
  }

  /** The state key after the write calls among `calls`, run in order from the seed. */
  finalStateKey(calls: readonly ToolCall[]): string {
    const writes: ToolCall[] = [];
    let node = this.root;
    for (const call of calls) {
      if (!this.writeTools.has(call.tool_name)) continue;
      writes.push(call);
      node = this.after(node, callKey(call));
    }
    if (node.stateKey !== undefined) {
      memoStats.hits++;
      return node.stateKey;
    }
    memoStats.misses++;
    this.engine.reset();
    for (const call of writes) this.engine.call(call);
    return (node.stateKey = this.engine.stateKey());
  }

  private after(node: WriteNode, key: string): WriteNode {
    let next = node.next.get(key);
    if (!next) {
      next = new WriteNode();
      // A node made here may be cut off by a fresh start below: it still serves this run.
      this.count();
      node.next.set(key, next);
    }
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
