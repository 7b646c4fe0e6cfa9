// A scenario's file texts as the tool-console and agreement clients send them (a ScenarioDef):
// what an overrun of it is remembered with (overrun.ts). The tool library is the loader's reading
// of tools.json, so a change to tools.json that reaches the studio changes it.
import type { ScenarioDef } from '../../../shared/format/types';

export function scenarioDefTexts(scenario: ScenarioDef | undefined): readonly string[] | undefined {
  return scenario && [scenario.schemaSql, scenario.dataSql, JSON.stringify(scenario.library)];
}
