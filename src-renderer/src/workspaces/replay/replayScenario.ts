// The scenario definition of a trajectory (tool library, database) for Replay's evidence panels:
// the dataset is loaded once per dataset and kept.
import type { ScenarioDef } from '../../../../shared/format/types';
import { loadDataset } from '../../../../shared/format/loader';
import { studioApi } from '../../api/studio';
import { studioDatasetSource } from '../annotate/studioSource';

let loaded: { datasetId: string; scenarios: Promise<Map<string, ScenarioDef>> } | null = null;

export async function replayScenario(datasetId: string, scenarioId: string): Promise<ScenarioDef> {
  if (loaded?.datasetId !== datasetId) {
    const scenarios = loadDataset(studioDatasetSource(studioApi(), datasetId, datasetId)).then((dataset) => dataset.scenarios);
    const entry = { datasetId, scenarios };
    // A failed load is tried again next time (the files may have been fixed).
    scenarios.catch(() => {
      if (loaded === entry) loaded = null;
    });
    loaded = entry;
  }
  const scenario = (await loaded.scenarios).get(scenarioId);
  if (!scenario) throw new Error(`scenario "${scenarioId}" is not in the dataset`);
  return scenario;
}
