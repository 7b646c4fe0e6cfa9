// Everything the Replay view shows about one trajectory, computed in the worker: each call
// replayed on a fresh seed state (engine.call after reset) with the state diff it caused, the
// recorded results beside the replayed ones, the pairing with the ground truth (SPEC §8.2, or the
// official matching for an egobench-profile dataset), and the whole §9 cascade.
import { diffStates } from '../../../shared/engine/state';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { callEntries, normalizeCalls } from '../../../shared/eval/calls';
import { matchCalls } from '../../../shared/eval/canonical';
import { cascadeReport } from '../../../shared/eval/cascade-report';
import { scenarioCache } from '../../../shared/eval/calls';
import { matchContext } from '../../../shared/eval/match-context';
import { officialMatch } from '../../../shared/eval/egobench/profile';
import type { ScoringContext } from '../../../shared/eval/profile';
import { replayCalls } from '../../../shared/eval/replay-calls';
import type { LoadedDataset } from '../../../shared/format/loader';
import type { Trajectory } from '../../../shared/format/types';
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
  // Each ground-truth call and the entry it is paired with, by the dataset's profile (as the score pairs them).
  const entryOfGt = new Map<number, number>();
  if (profile === 'paper') {
    const { pairs } = matchCalls(
      gtCalls,
      wellFormed.map((e) => e.call!),
      tools,
      matchContext(engine),
    );
    for (const [g, a] of pairs) entryOfGt.set(g, wellFormed[a].index);
  } else {
    // The official evaluator reads every object entry as a call, well-formed or not: its own entry indexes say which.
    const official = officialMatch({ scenario, engine, groundTruth, trajectory });
    official.outcome.takenBy.forEach((k, g) => {
      if (k >= 0) entryOfGt.set(g, official.entries[k]);
    });
  }
  const gtOfAgent = new Map([...entryOfGt].map(([g, entry]) => [entry, g]));

  const primaryKeys = (table: string) => engine.primaryKeys(table);
  const replay = replayCalls(engine, trajectory, entries);
  const steps: ReplayStep[] = replay.steps.map((step) => ({ ...step, gtIndex: gtOfAgent.get(step.index) ?? null }));
  const agentFinal = replay.final;
  const gtFinal = engine.execute(gtCalls).state;
  const finalDiff = diffStates(gtFinal, agentFinal, primaryKeys);
  engine.reset();

  const gt = gtCalls.map((call, index) => ({ index, call, entry: entryOfGt.get(index) ?? null }));

  const ctx: ScoringContext = { task, groundTruth, scenario, engine, trajectory };
  const cascade = profile === 'paper' ? cascadeReport(ctx) : null;
  engine.reset();
  return { row, trajectory, task, groundTruth, steps, gt, finalDiff, profile, cascade };
}
