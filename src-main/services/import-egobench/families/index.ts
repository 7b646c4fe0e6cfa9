// The scenario families this importer knows how to reproduce, by release scenario name.
import { order, restaurant } from './dining';
import { kitchen } from './kitchen';
import { retail } from './retail';
import type { ScenarioFamily } from './types';

/** By scenario name: a Map, since a release may name a scenario `constructor` or `__proto__`, which an object would answer. */
export const FAMILIES: ReadonlyMap<string, ScenarioFamily> = new Map(Object.entries({ retail, restaurant, order, kitchen }));
export type { MatchRule, ScenarioFamily, ToolBehaviour } from './types';
