/// <reference lib="webworker" />
// The tool console's sandbox: the core engine on sql.js, one engine per scenario, reset to the
// seed before every run. Each call's state difference comes from diffStates.
import type { Database, SqlJsStatic } from 'sql.js';
import { createEngine } from '../../../../shared/engine/engine';
import { quoteIdentifier } from '../../../../shared/engine/seed';
import { diffStates } from '../../../../shared/engine/state';
import type { Row, ScenarioEngine } from '../../../../shared/engine/types';
import type { ScenarioDef } from '../../../../shared/format/types';
import { beat, beatingEngine, beatWhile } from '../../workers/workerBeat';
import type { FromConsoleWorker, StepOutcome, ToConsoleWorker } from './toolConsoleProtocol';
import { distinguishingColumns } from './entityDetails';
import { workerSqlJs } from '../../workers/sqlJs';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromConsoleWorker) => scope.postMessage(message);

const engines = new Map<string, ScenarioEngine>();
/** A plain seed database per scenario for searching entity values (read only). */
const lookups = new Map<string, Database>();
/** Each lookup database's name columns (nameColumns), found once rather than at every keystroke. */
const nameColumnsOf = new WeakMap<Database, string[]>();
const scenarios = new Map<string, ScenarioDef>();


function lookupFor(SQL: SqlJsStatic, scenarioId: string): Database {
  let db = lookups.get(scenarioId);
  if (!db) {
    const scenario = scenarios.get(scenarioId);
    if (!scenario) throw new Error(`scenario "${scenarioId}" is not loaded`);
    beat();
    db = new SQL.Database();
    db.exec(scenario.schemaSql);
    db.exec(scenario.dataSql);
    lookups.set(scenarioId, db);
  }
  return db;
}

/**
 * Where entity names are when the tools name no x-match column (an imported EgoBench library):
 * the tables' `name` and `*_name` columns (ingredients.ingredient_name, recipes.recipe_name).
 */
function nameColumns(db: Database): string[] {
  const tables = db.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")[0]?.values ?? [];
  return tables.flatMap(([table]) =>
    (db.exec(`PRAGMA table_info(${quoteIdentifier(String(table))})`)[0]?.values ?? [])
      .map((row) => String(row[1]))
      .filter((column) => /(^|_)name$/i.test(column))
      .map((column) => `${String(table)}.${column}`),
  );
}

function engineFor(scenarioId: string): ScenarioEngine {
  const engine = engines.get(scenarioId);
  if (!engine) throw new Error(`scenario "${scenarioId}" is not loaded`);
  return engine;
}

async function handle(message: ToConsoleWorker): Promise<FromConsoleWorker> {
  switch (message.type) {
    case 'load': {
      const SQL = await workerSqlJs();
      scenarios.set(message.scenario.id, message.scenario);
      if (!engines.has(message.scenario.id)) engines.set(message.scenario.id, beatingEngine(createEngine(SQL, message.scenario)));
      return { id: message.id, type: 'loaded' };
    }
    case 'run': {
      const engine = engineFor(message.scenarioId);
      engine.reset();
      const wanted = message.report ? new Set(message.report) : null;
      const outcomes: StepOutcome[] = [];
      message.calls.forEach((call, index) => {
        const report = !wanted || wanted.has(index);
        const before = report ? engine.state() : null;
        const appliedBefore = engine.writesApplied();
        const result = engine.call(call);
        if (!report || !before) return;
        // A failed x-partial write keeps its earlier steps: its diff shows them.
        const changed = result.ok || engine.writesApplied() > appliedBefore;
        const diff = changed ? diffStates(before, engine.state(), (table) => engine.primaryKeys(table)) : [];
        outcomes.push({ index, call, result, diff });
      });
      const final = engine.state();
      engine.reset();
      return { id: message.id, type: 'ran', outcomes, final };
    }
    case 'entities': {
      const engine = engineFor(message.scenarioId);
      const found = message.queries.map((query) => {
        try {
          return engine.entityMatches(query.table, query.column, query.value).size > 0;
        } catch {
          return true; // an unknown table or column is the tool library's problem, not this value's
        }
      });
      return { id: message.id, type: 'entities', found };
    }
    case 'entity-rows': {
      const rowids = [...engineFor(message.scenarioId).entityMatches(message.table, message.column, message.value)];
      const rows: Row[] = [];
      if (rowids.length > 0) {
        // entityMatches found the table and column by their declared names, case aside: so does this.
        const db = lookupFor(await workerSqlJs(), message.scenarioId);
        const statement = db.prepare(`SELECT * FROM ${quoteIdentifier(message.table)} WHERE rowid IN (${rowids.slice(0, message.limit).map(() => '?').join(', ')}) ORDER BY rowid`);
        statement.bind(rowids.slice(0, message.limit));
        while (statement.step()) rows.push(statement.getAsObject() as Row);
        statement.free();
      }
      return { id: message.id, type: 'entity-rows', rows, total: rowids.length };
    }
    case 'search': {
      const db = lookupFor(await workerSqlJs(), message.scenarioId);
      const values: { column: string; value: string; details: string[] }[] = [];
      const offered = new Set<string>();
      let columns = message.columns;
      if (columns.length === 0) {
        columns = nameColumnsOf.get(db) ?? nameColumns(db);
        nameColumnsOf.set(db, columns);
      }
      for (const qualified of columns) {
        const [table, column] = qualified.split('.');
        try {
          // One or two more columns of the first matching row tell entities apart (category, colour).
          const info = db.exec(`PRAGMA table_info(${quoteIdentifier(table)})`)[0]?.values ?? [];
          const extra = distinguishingColumns(info.map((row) => ({ name: String(row[1]), type: String(row[2]) })), column);
          const statement = db.prepare(
            `SELECT ${[column, ...extra].map(quoteIdentifier).join(', ')} FROM ${quoteIdentifier(table)} WHERE lower(${quoteIdentifier(column)}) LIKE '%' || lower(?) || '%' GROUP BY 1 ORDER BY 1 LIMIT ?`,
          );
          statement.bind([message.text, message.limit]);
          while (statement.step()) {
            const [value, ...details] = statement.get();
            if (offered.has(String(value))) continue; // the same name in another table (a list of ingredients)
            offered.add(String(value));
            values.push({ column: qualified, value: String(value), details: details.filter((d) => d !== null && d !== '').map(String) });
          }
          statement.free();
        } catch {
          // a column named by x-match that the schema lacks: nothing to offer from it
        }
      }
      return { id: message.id, type: 'search', values: values.slice(0, message.limit) };
    }
  }
}

scope.onmessage = (event: MessageEvent<ToConsoleWorker>) => {
  beat();
  beatWhile(handle(event.data)).then(post, (error: unknown) =>
    post({ id: event.data.id, type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
};
