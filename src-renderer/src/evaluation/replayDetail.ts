// Everything the Replay view shows about one trajectory, computed in the worker: each call
// replayed on a fresh seed state (engine.call after reset) with the state diff it caused, the
// recorded results beside the replayed ones, the SPEC §8.2 pairing with the ground truth, and
// the whole §9 cascade.
import { diffStates } from '../../../shared/engine/state';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { callEntries, normalizeCalls } from '../../../shared/eval/calls';
import { matchCalls } from '../../../shared/eval/canonical';
import { cascadeReport } from '../../../shared/eval/cascade-report';
import { scenarioCache } from '../../../shared/eval/calls';
import { matchContext } from '../../../shared/eval/match-context';
import type { ScoringContext } from '../../../shared/eval/profile';
import { recordedResults } from '../../../shared/eval/results';
import type { LoadedDataset } from '../../../shared/format/loader';
import type { Trajectory } from '../../../shared/format/types';
import { jsonDiffPaths } from './jsonDiff';
import type { ReplayDetail, ReplayStep, TrajectoryRow } from './protocol';

export function replayDetail(
  dataset: LoadedDataset,
  engine: ScenarioEngine,
  profile: 'paper' | 'egobench',
  trajectory: Trajectory,
  row: TrajectoryRow,
): ReplayDetail {
  const task = dataset.tasks.get(trajectory.task_id)!;
  const groundTruth = dataset.groundTruth.get(trajectory.task_id)!;
  const scenario = dataset.scenarios.get(task.scenario)!;
  const { tools } = scenarioCache(scenario);
  const entries = callEntries(trajectory);
  const wellFormed = entries.filter((e) => e.call);
  const gtCalls = normalizeCalls(groundTruth.calls);
  const { pairs } = matchCalls(
    gtCalls,
    wellFormed.map((e) => e.call!),
    tools,
    matchContext(engine),
  );
  const gtOfAgent = new Map<number, number>();
  for (const [g, a] of pairs) gtOfAgent.set(wellFormed[a].index, g);

  const recordedPerItem = trajectory.tool_calls.map((item) => recordedResults(item.results, item.calls.length));
  const primaryKeys = (table: string) => engine.primaryKeys(table);
  engine.reset();
  let before = engine.state();
  const steps: ReplayStep[] = entries.map((entry) => {
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
    return {
      ...entry,
      recorded,
      recordedShared,
      replayed,
      resultDiff,
      diff,
      gtIndex: gtOfAgent.get(entry.index) ?? null,
    };
  });
  const agentFinal = before;
  const gtFinal = engine.execute(gtCalls).state;
  const finalDiff = diffStates(gtFinal, agentFinal, primaryKeys);
  engine.reset();

  const entryOfGt = new Map<number, number>();
  for (const [g, a] of pairs) entryOfGt.set(g, wellFormed[a].index);
  const gt = gtCalls.map((call, index) => ({ index, call, entry: entryOfGt.get(index) ?? null }));

  const ctx: ScoringContext = { task, groundTruth, scenario, engine, trajectory };
  const cascade = profile === 'paper' ? cascadeReport(ctx) : null;
  engine.reset();
  return { row, trajectory, task, groundTruth, steps, gt, finalDiff, profile, cascade };
}
