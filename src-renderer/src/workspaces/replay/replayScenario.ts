// The scenario definition of a trajectory (tool library, database) for Replay's evidence panels,
// from the session's one loaded copy of the dataset.
import type { ScenarioDef } from '../../../../shared/format/types';
import { sessionDataset } from '../../evaluation/sessionDataset';

export async function replayScenario(datasetId: string, scenarioId: string): Promise<ScenarioDef> {
  const scenario = (await sessionDataset({ id: datasetId })).scenarios.get(scenarioId);
  if (!scenario) throw new Error(`scenario "${scenarioId}" is not in the dataset`);
  return scenario;
}
