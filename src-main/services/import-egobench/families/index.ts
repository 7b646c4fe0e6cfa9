// The scenario families this importer knows how to reproduce, by release scenario name.
import { order, restaurant } from './dining';
import { kitchen } from './kitchen';
import { retail } from './retail';
import type { ScenarioFamily } from './types';

export const FAMILIES: Record<string, ScenarioFamily> = { retail, restaurant, order, kitchen };
export type { MatchRule, ScenarioFamily, ToolBehaviour } from './types';
