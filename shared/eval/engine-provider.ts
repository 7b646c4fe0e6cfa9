// Scenario engines for a loaded dataset, built on first use; a scenario whose seed SQL fails
// is reported once as a problem and its trajectories are left out. Host-agnostic: the CLI and
// the studio's evaluation Web Worker both use it.
import type { SqlJsStatic } from 'sql.js';
import { createEngine, type EngineOptions } from '../engine/engine';
import type { ScenarioEngine } from '../engine/types';
import type { EngineProvider } from './evaluate';
import type { LoadedDataset } from '../format/loader';
import type { Problem, ScenarioDef } from '../format/types';

export function engineProvider(SQL: SqlJsStatic, dataset: LoadedDataset, problems?: Problem[], options?: EngineOptions): EngineProvider & { closeAll(): void } {
  const built = new Map<string, ScenarioEngine | { error: string; file: string }>();
  const provider = (scenarioId: string) => {
    let entry = built.get(scenarioId);
    if (!entry) {
      const scenario = dataset.scenarios.get(scenarioId);
      const file = `scenarios/${scenarioId}`;
      if (!scenario) entry = { error: `unknown scenario "${scenarioId}"`, file };
      else {
        try {
          entry = createEngine(SQL, scenario, options);
          problems?.push(...unknownEntityTargets(scenario, entry), ...uncompilableSteps(scenario, entry));
        } catch (error) {
          const message = (error as Error).message;
          const which = /data\.sql/.test(message) ? 'data.sql' : /schema\.sql/.test(message) ? 'schema.sql' : 'tools.json';
          entry = { error: message, file: `${file}/${which}` };
          const line = which === 'tools.json' && /state_tables/.test(message) ? (scenario.stateTablesLine ?? 0) : lineOf(message);
          problems?.push({ file: entry.file, line, message: `scenario "${scenarioId}" cannot be built: ${message}` });
        }
      }
      built.set(scenarioId, entry);
    }
    return entry;
  };
  provider.closeAll = () => {
    for (const entry of built.values()) if (!('error' in entry)) entry.close();
    built.clear();
  };
  return provider;
}

/** Entity targets the seed database lacks: matching by them falls back to containment (SPEC §8.1), which the author did not mean. */
function unknownEntityTargets(scenario: ScenarioDef, engine: ScenarioEngine): Problem[] {
  return (scenario.entityTargets ?? [])
    .filter((target) => !engine.hasColumn(target.table, target.column))
    .map((target) => ({
      file: `scenarios/${scenario.id}/tools.json`,
      line: target.line,
      message: `tool "${target.tool}", parameter ${target.parameter}: x-match entity "${target.table}.${target.column}" is not a column of the seed database; its strings match only when one contains the other`,
    }));
}

/** Tool steps whose SQL cannot run on this seed, and `returns` naming what no step gives: their calls all fail, which the author did not mean. */
function uncompilableSteps(scenario: ScenarioDef, engine: ScenarioEngine): Problem[] {
  return engine.uncompilableSteps().map(({ tool, step, message }) => ({
    file: `scenarios/${scenario.id}/tools.json`,
    line: scenario.toolLines?.[tool] ?? 0,
    message:
      step === null
        ? `tool "${scenario.library.tools[tool].name}": ${message}; every call of it fails`
        : `tool "${scenario.library.tools[tool].name}", step ${step + 1}: its SQL cannot run on the seed database (${message}); every call of it fails`,
  }));
}

function lineOf(message: string): number {
  const match = /line (\d+)/.exec(message);
  return match ? Number(match[1]) : 0;
}
