// The trajectory's scenario definition, once the dataset has loaded (null until then or on failure).
import { useEffect, useState } from 'react';
import type { ScenarioDef } from '../../../../shared/format/types';
import { replayScenario } from './replayScenario';

export function useReplayScenario(datasetId: string, scenarioId: string): { scenario: ScenarioDef | null; error: string | null } {
  const [state, setState] = useState<{ key: string; scenario: ScenarioDef | null; error: string | null }>({ key: '', scenario: null, error: null });
  const key = `${datasetId}|${scenarioId}`;
  useEffect(() => {
    let live = true;
    replayScenario(datasetId, scenarioId).then(
      (scenario) => live && setState({ key, scenario, error: null }),
      (error: Error) => live && setState({ key, scenario: null, error: error.message }),
    );
    return () => {
      live = false;
    };
  }, [datasetId, scenarioId, key]);
  return state.key === key ? state : { scenario: null, error: null };
}
