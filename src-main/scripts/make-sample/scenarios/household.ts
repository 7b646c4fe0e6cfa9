import type { ScenarioSpec } from '../model';
export function household(): ScenarioSpec { return null as unknown as ScenarioSpec; }
