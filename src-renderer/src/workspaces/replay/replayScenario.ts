// The scenario definition of a trajectory (tool library, database) for Replay's evidence panels:
// the dataset is loaded once per dataset and kept.
import type { ScenarioDef } from '../../../../shared/format/types';
import { loadDataset } from '../../../../shared/format/loader';
import { studioApi } from '../../api/studio';
import { studioDatasetSource } from '../annotate/studioSource';

let loaded: { datasetId: string; scenarios: Promise<Map<string, ScenarioDef>> } | null = null;

export async function replayScenario(datasetId: string, scenarioId: string): Promise<ScenarioDef> {
  if (loaded?.datasetId !== datasetId) loaded = { datasetId, scenarios: loadDataset(studioDatasetSource(studioApi(), datasetId, datasetId)).then((dataset) => dataset.scenarios) };
  const scenario = (await loaded.scenarios).get(scenarioId);
  if (!scenario) throw new Error(`scenario "${scenarioId}" is not in the dataset`);
  return scenario;
}
