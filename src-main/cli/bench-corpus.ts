// The bench's distinct corpus: every trajectory is its task's ground truth perturbed as agents
// err (quantities, entity names drawn from the scenario's database, calls dropped, repeated and
// reordered, extra queries), with results recorded by running its calls in order. Few runs share
// a whole call sequence, so the scorer's memos cannot answer for it.
import type { SqlJsStatic } from 'sql.js';
import { createEngine } from '../../shared/engine/engine';
import type { ScenarioEngine } from '../../shared/engine/types';
import { scenarioCache } from '../../shared/eval/calls';
import type { LoadedDataset } from '../../shared/format/loader';
import type { Json, JsonObject, ParamSchema, ToolCall } from '../../shared/format/types';

export type Rand = () => number;

/** Small deterministic PRNG (mulberry32). */
export function prng(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

/** Per scenario: its engine, the values of each `x-match` entity column, and its read calls. */
export interface ScenarioPools {
  engine: ScenarioEngine;
  entities: Map<string, string[]>;
  reads: ToolCall[];
}

export function scenarioPools(SQL: SqlJsStatic, dataset: LoadedDataset): Map<string, ScenarioPools> {
  const pools = new Map<string, ScenarioPools>();
  for (const [id, scenario] of dataset.scenarios) {
    const engine = createEngine(SQL, scenario);
    const entities = new Map<string, string[]>();
    const db = new SQL.Database();
    try {
      db.exec(scenario.schemaSql);
      db.exec(scenario.dataSql);
      for (const tool of scenario.library.tools) {
        for (const schema of Object.values(tool.parameters.properties ?? {})) {
          const rule = (schema as ParamSchema)['x-match'];
          if (!rule || typeof rule !== 'object' || entities.has(rule.entity)) continue;
          const [table, column] = rule.entity.split('.');
          const rows = db.exec(`SELECT DISTINCT "${column}" FROM "${table}"`)[0]?.values ?? [];
          entities.set(rule.entity, rows.map((r) => String(r[0])));
        }
      }
    } finally {
      db.close();
    }
    pools.set(id, { engine, entities, reads: [] });
  }
  for (const [taskId, truth] of dataset.groundTruth) {
    const scenario = dataset.tasks.get(taskId)?.scenario;
    const pool = scenario ? pools.get(scenario) : undefined;
    if (!pool) continue;
    const { writeTools } = scenarioCache(dataset.scenarios.get(scenario!)!);
    pool.reads.push(...truth.calls.filter((c) => !writeTools.has(c.tool_name)));
  }
  return pools;
}

/** A call with some of its values changed: numbers to another small quantity, names to another entity. */
function perturbCall(call: ToolCall, dataset: LoadedDataset, scenario: string, pools: ScenarioPools, rand: Rand, odds: number): ToolCall {
  const tool = dataset.scenarios.get(scenario)!.library.tools.find((t) => t.name === call.tool_name);
  const parameters: JsonObject = {};
  for (const [key, value] of Object.entries(call.parameters)) {
    const schema = tool?.parameters.properties?.[key];
    const rule = schema?.['x-match'];
    let next: Json = value;
    if (typeof value === 'number' && Number.isInteger(value) && rand() < odds) next = 1 + Math.floor(rand() * 5);
    else if (typeof value === 'string' && rule && typeof rule === 'object' && rand() < odds) next = pick(rand, pools.entities.get(rule.entity) ?? [value]);
    parameters[key] = next;
  }
  return { tool_name: call.tool_name, parameters };
}

/** The ground truth perturbed: values, dropped / repeated / swapped calls, and (nine in ten) one to four extra queries. */
export function perturbedCalls(dataset: LoadedDataset, taskId: string, pools: ScenarioPools, rand: Rand): ToolCall[] {
  const scenario = dataset.tasks.get(taskId)!.scenario;
  const calls = dataset.groundTruth.get(taskId)!.calls.map((c) => perturbCall(c, dataset, scenario, pools, rand, 0.25));
  if (calls.length > 1 && rand() < 0.25) calls.splice(Math.floor(rand() * calls.length), 1);
  if (calls.length > 0 && rand() < 0.2) {
    const i = Math.floor(rand() * calls.length);
    calls.splice(i + 1, 0, calls[i]);
  }
  if (calls.length > 1 && rand() < 0.2) {
    const i = Math.floor(rand() * (calls.length - 1));
    [calls[i], calls[i + 1]] = [calls[i + 1], calls[i]];
  }
  const extra = rand() < 0.9 ? 1 + Math.floor(rand() * 4) : 0;
  for (let k = 0; k < extra && pools.reads.length > 0; k++) {
    calls.splice(Math.floor(rand() * (calls.length + 1)), 0, perturbCall(pick(rand, pools.reads), dataset, scenario, pools, rand, 0.7));
  }
  return calls;
}

/** Results as an agent log holds them: each call's, running the calls in order from the seed. */
export function recordedResults(pools: ScenarioPools, calls: readonly ToolCall[]): string[] {
  pools.engine.reset();
  return calls.map((c) => JSON.stringify(pools.engine.call(c).result));
}
