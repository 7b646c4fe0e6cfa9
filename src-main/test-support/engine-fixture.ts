// Scenario engines for one test file: sql.js loaded (as the hosts load it) before its tests, and
// every engine made through the fixture closed after each test.
import type { SqlJsStatic } from 'sql.js';
import { afterEach, beforeAll } from 'vitest';
import { createEngine, type EngineOptions } from '../../shared/engine/engine';
import { shopScenario } from '../../shared/engine/test-scenario';
import type { ScenarioEngine } from '../../shared/engine/types';
import type { ScenarioDef, ToolDef } from '../../shared/format/types';
import { loadSqlJs } from '../services/sql-node';

export function engineFixture() {
  let SQL: SqlJsStatic | undefined;
  const open: ScenarioEngine[] = [];
  beforeAll(async () => {
    SQL = await loadSqlJs();
  });
  afterEach(() => {
    while (open.length > 0) open.pop()!.close();
  });
  const sql = (): SqlJsStatic => {
    if (!SQL) throw new Error('sql.js is loaded before the tests run (beforeAll)');
    return SQL;
  };
  /** An engine of `scenario`, closed after the test. */
  const engine = (scenario: ScenarioDef, options?: EngineOptions): ScenarioEngine => {
    const made = createEngine(sql(), scenario, options);
    open.push(made);
    return made;
  };
  /** An engine of the test shop with these tools added. */
  const shop = (...extraTools: ToolDef[]): ScenarioEngine => engine(shopScenario(extraTools));
  return { sql, engine, shop };
}
