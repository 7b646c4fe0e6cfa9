// Replayed results of an agent's calls (SPEC §9.3), memoised across trajectories. A call's
// result depends only on the writes before it, so it is keyed by (writes so far, the call):
// trajectories that share a prefix of writes share the work.
import type { ScenarioEngine } from '../engine/types';
import type { Json, ToolCall } from '../format/types';
import { callKey, sequenceKey } from './calls';
import { memoStats } from './memo-stats';

const MAX_ENTRIES = 200_000;

export class ReplayCache {
  private readonly memo = new Map<string, Json>();

  constructor(
    private readonly engine: ScenarioEngine,
    private readonly writeTools: ReadonlySet<string>,
  ) {}

  /** Results of calls[0..upTo] as running all of them in order from the seed would give. */
  results(calls: readonly ToolCall[], upTo: number): Json[] {
    const out: Json[] = [];
    const writes: ToolCall[] = [];
    let prefix = '';
    // How many of `writes` the engine holds right now; -1 when it was not reset for this run.
    let applied = -1;
    for (let k = 0; k <= upTo && k < calls.length; k++) {
      const call = calls[k];
      const key = `${prefix}\u0002${callKey(call)}`;
      let result = this.memo.get(key);
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
        if (this.memo.size >= MAX_ENTRIES) this.memo.clear();
        this.memo.set(key, result);
      }
      out.push(result);
      if (this.writeTools.has(call.tool_name)) {
        writes.push(call);
        prefix = sequenceKey(writes);
      }
    }
    return out;
  }
}
