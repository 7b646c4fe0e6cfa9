import type { ScenarioSpec } from '../model';
export function restaurant(): ScenarioSpec { return null as unknown as ScenarioSpec; }
