// A trajectory's calls replayed one by one from the seed state, as the Replay view shows them:
// each call's replayed result beside the recorded one (and where they differ), and the state
// changes it made. Shared so the importer's checks compare recorded results as Replay does.
import { diffStates, type TableDiff } from '../engine/state';
import type { CallResult, DbState, ScenarioEngine } from '../engine/types';
import type { Trajectory } from '../format/types';
import { callEntries, type CallEntry } from './calls';
import { jsonDiffPaths } from './json-diff';
import { recordedResults } from './results';

/** A call entry of the trajectory (its `index` is what evidence.entry refers to), replayed. */
export interface ReplayedCall extends CallEntry {
  /** Recorded results attributed to this call; null when the item has none. */
  recorded: unknown[] | null;
  /** True when the item's results could not be attributed one per call (all count for each). */
  recordedShared: boolean;
  replayed: CallResult;
  /** Paths where recorded and replayed results differ; null when there is nothing to compare. */
  resultDiff: string[] | null;
  /** Database changes made by this call (from the state before it). */
  diff: TableDiff[];
}

/** Replays every entry from a reset engine; the engine is left in the final state (`final`). */
export function replayCalls(engine: ScenarioEngine, trajectory: Trajectory, entries: CallEntry[] = callEntries(trajectory)): { steps: ReplayedCall[]; final: DbState } {
  const recordedPerItem = trajectory.tool_calls.map((item) => recordedResults(item.results, item.calls.length));
  const primaryKeys = (table: string) => engine.primaryKeys(table);
  engine.reset();
  let before = engine.state();
  const steps = entries.map((entry): ReplayedCall => {
    const appliedBefore = engine.writesApplied();
    const replayed = engine.call(entry.raw);
    // A write that stayed, a failed x-partial one's kept steps included.
    const writes = engine.writesApplied() > appliedBefore;
    const after = writes ? engine.state() : before;
    const diff = writes ? diffStates(before, after, primaryKeys) : [];
    before = after;
    const recordedItem = recordedPerItem[entry.item];
    const recorded = recordedItem === null ? null : recordedItem.kind === 'per-call' ? recordedItem.results[entry.position] : recordedItem.results;
    const recordedShared = recordedItem?.kind === 'shared';
    const resultDiff = recorded && !recordedShared ? jsonDiffPaths(recorded[0], replayed.result) : null;
    return { ...entry, recorded, recordedShared, replayed, resultDiff, diff };
  });
  return { steps, final: before };
}
