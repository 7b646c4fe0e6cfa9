// A scenario environment on SQLite (SPEC §2, §3, §7). sql.js is injected so that the same code
// runs in Node, the renderer and Web Workers.
import type { Database, SqlJsStatic, Statement } from 'sql.js';
import type { JsonObject, ScenarioDef, ToolDef } from '../format/types';
import { isPlainObject, normalizeParameters, setOwn } from './params';
import { queryRows, quoteIdentifier, quoteLiteral, runScript, SeedCatalog, statementLine, type SeedProgress } from './seed';
import { ReadMemoPolicy } from './read-memo';
import { asError, firstKeyword, StatementCache } from './statements';
import { CallFailure, CompiledTool, runSteps } from './tools';
import { templateReferences } from './templates';
import type { CallResult, DbState, Row, ScenarioEngine } from './types';
import { trimSpace } from '../format/whitespace';
import { compareCodePoints } from '../format/codepoint';

/**
 * Reset strategy: the seed is committed, then an outer savepoint stays open for the engine's
 * life. reset() is `ROLLBACK TO` that savepoint (cost proportional to the pages written since),
 * and each call runs in a nested savepoint that is released (write) or rolled back (read, failure).
 */
const SEED_SAVEPOINT = 'egobench_seed';
const CALL_SAVEPOINT = 'egobench_call';

/**
 * ScenarioEngine.execute in terms of its other methods: from the seed, each call in order, then
 * the state. A wrapper of an engine (the time-limit watch) runs it over its own wrapped methods,
 * so each call is seen as that call.
 */
export function executeFromSeed(engine: Pick<ScenarioEngine, 'reset' | 'call' | 'state'>, calls: readonly unknown[]): { results: CallResult[]; state: DbState } {
  engine.reset();
  const results = calls.map((call) => engine.call(call));
  return { results, state: engine.state() };
}

export interface EngineOptions {
  /** Keep a log of changed rows for stateKey() (default true, unless the scenario can REPLACE); false: stateKey() dumps the state tables. */
  changeLog?: boolean;
  /** Remember the rows of queries that only read tables no tool writes (default true; read-memo.ts). */
  readMemo?: boolean;
  /** Told before each seed statement runs (the hosts' watchdog names the line of a seed that never ends); seeds then run statement by statement. */
  onSeedStatement?: SeedProgress;
}

export function createEngine(SQL: SqlJsStatic, scenario: ScenarioDef, options: EngineOptions = {}): ScenarioEngine {
  return new SqliteScenarioEngine(SQL, scenario, options);
}

function failure(message: string): CallResult {
  return { ok: false, result: { status: 'error', message } };
}

/**
 * SQLite's lower() folds ASCII only ("ROSÉ" -> "rosÉ"); `unicode_lower(x)` folds every letter as
 * JavaScript (and Python's str.lower()) do, for tools that key rows by a lower-cased name.
 */
function newDatabase(SQL: SqlJsStatic): Database {
  const db = new SQL.Database();
  db.create_function('unicode_lower', (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
  return db;
}

function buildSeedDatabase(SQL: SqlJsStatic, scenario: ScenarioDef, onStatement: SeedProgress | undefined): Database {
  const db = newDatabase(SQL);
  // One transaction for the whole seed: statement by statement in autocommit mode is ~10x
  // slower. A script that manages its own transactions is left to do so.
  const seedText = scenario.schemaSql + scenario.dataSql;
  const ownTransactions = /\b(BEGIN|COMMIT|END\s+TRANSACTION)\b/i.test(seedText);
  // SQLite ignores some pragmas inside a transaction (foreign_keys): a seed that has one runs
  // statement by statement, each PRAGMA between the transaction's parts (runScript), so it holds
  // from where it stands, as in a plain run of the files (SPEC §2; a reference's executescript).
  const pragmas = !ownTransactions && /\bpragma\b/i.test(seedText);
  // Deferred foreign keys are checked at each statement's commit in a plain run; inside one
  // transaction only at its end: such a seed runs as the plain run does (the slow path below).
  // (Only where foreign keys can be on: sql.js starts with them off, and a deferred schema alone checks nothing.)
  const deferredKeys = pragmas && /\bforeign_keys\b/i.test(seedText) && /\bdefer_foreign_keys\b|\bdeferrable\s+initially\s+deferred\b/i.test(seedText);
  if (!deferredKeys) {
    try {
      if (!ownTransactions) db.run('BEGIN');
      if (onStatement || pragmas) {
        runScript(db, scenario.schemaSql, scenario.id, 'schema.sql', onStatement, pragmas);
        runScript(db, scenario.dataSql, scenario.id, 'data.sql', onStatement, pragmas);
      } else {
        db.exec(scenario.schemaSql);
        db.exec(scenario.dataSql);
      }
      if (!ownTransactions) db.run('COMMIT');
      return db;
    } catch {
      // run again below
    }
  }
  db.close();
  // The fast path failed (or is not the plain run): statement by statement, saying which statement and line.
  const slow = newDatabase(SQL);
  try {
    runScript(slow, scenario.schemaSql, scenario.id, 'schema.sql', onStatement);
    runScript(slow, scenario.dataSql, scenario.id, 'data.sql', onStatement);
  } catch (error) {
    slow.close();
    throw error;
  }
  return slow;
}

/**
 * A seed that leaves its connection read-only (`PRAGMA query_only`) fails every write and the
 * studio's own set-up after it: said at the statement's line, not as a failure of what came next.
 */
function assertWritable(db: Database, scenario: ScenarioDef): void {
  if (Number(queryRows(db, 'PRAGMA query_only')[0]?.[0]) !== 1) return;
  const pragma = /\bPRAGMA\s+(?:"?main"?\s*\.\s*)?"?query_only\b/gi;
  const where = (['data.sql', 'schema.sql'] as const)
    .map((file) => {
      const sql = file === 'data.sql' ? scenario.dataSql : scenario.schemaSql;
      const last = [...sql.matchAll(pragma)].at(-1);
      return last?.index === undefined ? null : `${file} line ${statementLine(sql, last.index)}`;
    })
    .find((found) => found !== null);
  throw new Error(`scenario "${scenario.id}": ${where ?? 'data.sql'}: PRAGMA query_only leaves the seed database read-only, and tools must write to it; remove the statement`);
}

const CHANGES = 'egostudio_state_changes';

/**
 * A value as SPEC §7 compares it, in SQL, such that equal values give equal text and different
 * ones different text: an integer as its digits, a real that is a whole number within 64 bits as
 * that integer's digits (3.0 and 3 alike, -0.0 as 0), any other real with 17 significant digits
 * (round-trip exact: printf's plain %.17g stops at 16, so 0.1 + 0.2 read as 0.3), text as the hex
 * of its bytes (quote() ends at a NUL), NULL and blobs as SQL literals. No form holds a comma, so
 * values joined by commas cannot run into each other.
 */
function canonicalValueSql(column: string): string {
  // The exact 64-bit range (both bounds are doubles): a whole real there is its integer's equal.
  const whole = `${column} = CAST(${column} AS INTEGER) AND ${column} >= -9223372036854775808.0 AND ${column} < 9223372036854775808.0`;
  return `CASE typeof(${column}) WHEN 'integer' THEN CAST(${column} AS TEXT) WHEN 'real' THEN (CASE WHEN ${whole} THEN CAST(CAST(${column} AS INTEGER) AS TEXT) ELSE printf('%!.17g', ${column}) END) WHEN 'text' THEN 't' || hex(${column}) ELSE quote(${column}) END`;
}

/** A row's canonical text in SQL: its columns' canonical values (canonicalValueSql), in order, joined by commas. */
function rowTextSql(columns: readonly string[], alias: string | null): string {
  return columns.map((c) => canonicalValueSql(alias === null ? quoteIdentifier(c) : `${alias}.${quoteIdentifier(c)}`)).join(` || ',' || `) || "''";
}

/**
 * Temporary triggers that log each row a state table gains (+1) or loses (-1) since the seed,
 * and a query of the net changes. The log lives in the same transaction, so a rolled-back call
 * and reset() take their entries back with them. Views cannot carry triggers: then null.
 */
function installChangeLog(db: Database, tables: string[], columnsOf: (table: string) => string[], isView: (table: string) => boolean): Statement | null {
  if (tables.length === 0 || tables.some(isView)) return null;
  db.run(`CREATE TEMP TABLE ${CHANGES} (tbl TEXT NOT NULL, sign INTEGER NOT NULL, row_text TEXT NOT NULL)`);
  tables.forEach((table, t) => {
    const rowOf = (alias: string) => rowTextSql(columnsOf(table), alias);
    const target = quoteIdentifier(table);
    const name = (kind: string) => quoteIdentifier(`egostudio_log_${t}_${kind}`);
    const log = (sign: number, alias: string) => `INSERT INTO ${CHANGES} VALUES (${quoteLiteral(table)}, ${sign}, ${rowOf(alias)});`;
    db.run(`CREATE TEMP TRIGGER ${name('i')} AFTER INSERT ON main.${target} BEGIN ${log(1, 'new')} END`);
    db.run(`CREATE TEMP TRIGGER ${name('d')} AFTER DELETE ON main.${target} BEGIN ${log(-1, 'old')} END`);
    db.run(`CREATE TEMP TRIGGER ${name('u')} AFTER UPDATE ON main.${target} BEGIN ${log(-1, 'old')} ${log(1, 'new')} END`);
  });
  return db.prepare(`SELECT tbl, row_text, sum(sign) AS n FROM ${CHANGES} GROUP BY tbl, row_text HAVING n <> 0 ORDER BY tbl, row_text`);
}

/**
 * REPLACE conflict resolution (INSERT OR REPLACE, REPLACE INTO, UPDATE OR REPLACE, a table's ON
 * CONFLICT REPLACE, a trigger doing one) deletes the rows in its way without firing their delete
 * triggers (unless recursive_triggers is on, which would change the dataset's own triggers), so
 * the change log would keep rows the table no longer holds. The word anywhere but the replace()
 * function counts: a false alarm only costs the log's speed, never a wrong key.
 */
const REPLACE_KEYWORD = /\breplace\b(?!\s*\()/i;

/** Whether a tool step, or the seed's schema (tables, triggers, whichever file made them), can REPLACE. */
function mayReplace(db: Database, stepSqls: readonly string[]): boolean {
  if (stepSqls.some((sql) => REPLACE_KEYWORD.test(sql))) return true;
  const [schema] = db.exec('SELECT sql FROM sqlite_master WHERE sql IS NOT NULL');
  return (schema?.values ?? []).some(([sql]) => typeof sql === 'string' && REPLACE_KEYWORD.test(sql));
}

/** Statements that change the schema: steps after one may use what it makes. */
const SCHEMA_CHANGES = new Set(['CREATE', 'ALTER', 'DROP']);

/** Whether SQL text names any of the tables (as a whole word, in any case): a DDL step that names none leaves them as they are. */
function namesAny(sql: string, tables: readonly string[]): boolean {
  const text = sql.toLowerCase();
  return tables.some((table) => {
    const name = table.toLowerCase();
    for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
      const before = text[at - 1] ?? ' ';
      const after = text[at + name.length] ?? ' ';
      if (!/[\w$]/.test(before) && !/[\w$]/.test(after)) return true;
    }
    return false;
  });
}

/** A state table's rows, sorted by all its columns so equal states read alike. */
function stateQuerySql(table: string, columnCount: number): string {
  const orderBy = Array.from({ length: columnCount }, (_, i) => i + 1).join(', ');
  return `SELECT * FROM ${quoteIdentifier(table)}${orderBy ? ` ORDER BY ${orderBy}` : ''}`;
}

function toolStepSqls(scenario: ScenarioDef): string[] {
  const steps = scenario.library.tools.flatMap((tool) => (Array.isArray(tool.steps) ? tool.steps : []));
  return steps.flatMap((step) => (typeof step.sql === 'string' ? [step.sql] : []));
}

class SqliteScenarioEngine implements ScenarioEngine {
  readonly scenarioId: string;
  private readonly db: Database;
  private readonly statements: StatementCache;
  private readonly tools = new Map<string, CompiledTool>();
  /** The query of each state table, rows sorted by all their columns so equal states read alike. */
  private readonly stateQueries: Array<{ table: string; sql: string }>;
  private readonly catalog: SeedCatalog;
  /** Net row changes since the seed, kept by triggers (null when a state table is a view). */
  private readonly changeLog: Statement | null;
  /** Without a change log: each state table's rows as canonical text (dumpedStateKey), prepared on first use. */
  private dumpQueries: Array<{ table: string; statement: Statement }> | undefined;
  /** Some tool step creates, alters or drops what names a state table: columns are read from the live schema. */
  private readonly schemaMayChange: boolean;
  /** The schema the dump's queries were built for, where it may change. */
  private dumpSchema: string | undefined;
  private readonly control: Record<'openSeed' | 'rollbackSeed' | 'openCall' | 'releaseCall' | 'rollbackCall', Statement>;
  /** Writes applied since the seed: replayed if SQLite ever drops the whole transaction. */
  private appliedWrites: Array<{ tool: CompiledTool; params: JsonObject }> = [];
  /** The last call prechecked and what its check gave (calls are data: not changed in between). */
  private prechecked: { call: unknown; checked: ReturnType<SqliteScenarioEngine['checked']> } | undefined;
  private closed = false;

  constructor(
    SQL: SqlJsStatic,
    private readonly scenario: ScenarioDef,
    options: EngineOptions,
  ) {
    this.scenarioId = scenario.id;
    this.db = buildSeedDatabase(SQL, scenario, options.onSeedStatement);
    try {
      assertWritable(this.db, scenario);
    } catch (error) {
      this.db.close();
      throw error;
    }
    // reset() and a failed call roll back to savepoints: a seed's PRAGMA journal_mode = OFF (a
    // common speed line atop a big data.sql) would leave them nothing to roll back with.
    if (queryRows(this.db, 'PRAGMA journal_mode = MEMORY')[0]?.[0] === 'off') {
      // SQLite keeps the mode inside a transaction: the seed began one and never committed it.
      this.db.close();
      throw new Error(`scenario "${scenario.id}": data.sql or schema.sql sets PRAGMA journal_mode = OFF inside a transaction it never commits, so no call could be undone; commit the transaction or remove the pragma`);
    }
    this.catalog = new SeedCatalog((read) => this.inSeedState(read));
    const stateTables = [...new Set(scenario.library.state_tables)];
    const missing = stateTables.filter((table) => this.catalog.tableNamed(table) === undefined);
    if (missing.length > 0) {
      this.db.close();
      throw new Error(`scenario "${scenario.id}": tools.json state_tables names missing table(s): ${missing.join(', ')}`);
    }
    this.stateQueries = stateTables.map((table) => ({ table, sql: stateQuerySql(table, this.catalog.columnsOf(table).length) }));
    // Before the change log's triggers exist: they would count as writes the analysis cannot see into.
    const stepSqls = toolStepSqls(scenario);
    const readMemo = options.readMemo === false ? null : ReadMemoPolicy.analyse(this.db, stepSqls);
    // A tool that changes the schema (ALTER TABLE ... ADD COLUMN) leaves the log's triggers and the
    // dump's query on the seed's columns: such a scenario is keyed from its live columns each time.
    this.schemaMayChange = stepSqls.some((sql) => SCHEMA_CHANGES.has(firstKeyword(sql)) && namesAny(sql, stateTables));
    this.changeLog =
      options.changeLog === false || this.schemaMayChange || mayReplace(this.db, stepSqls)
        ? null
        : installChangeLog(this.db, stateTables, (table) => this.catalog.columnsOf(table).map((c) => c.name), (table) => this.catalog.isView(table));
    for (const def of scenario.library.tools) {
      // Calls name tools trimmed (SPEC §8.1), so definitions are keyed so too; the first one wins.
      const name = trimSpace(def.name);
      if (!this.tools.has(name)) this.tools.set(name, new CompiledTool(def));
    }
    this.statements = new StatementCache(this.db, readMemo);
    this.control = {
      openSeed: this.db.prepare(`SAVEPOINT ${SEED_SAVEPOINT}`),
      rollbackSeed: this.db.prepare(`ROLLBACK TO ${SEED_SAVEPOINT}`),
      openCall: this.db.prepare(`SAVEPOINT ${CALL_SAVEPOINT}`),
      releaseCall: this.db.prepare(`RELEASE ${CALL_SAVEPOINT}`),
      rollbackCall: this.db.prepare(`ROLLBACK TO ${CALL_SAVEPOINT}`),
    };
    this.control.openSeed.run();
  }

  call(call: unknown): CallResult {
    this.assertOpen();
    // The replay memo prechecks a call just before running it: its check is not made twice
    // (once: a later call of the same object is checked afresh).
    const prechecked = this.prechecked;
    this.prechecked = undefined;
    const checked = prechecked !== undefined && prechecked.call === call ? prechecked.checked : this.checked(call);
    return 'tool' in checked ? this.runInSavepoint(checked.tool, checked.params) : checked;
  }

  precheck(call: unknown): CallResult | null {
    this.assertOpen();
    const checked = this.checked(call);
    this.prechecked = { call, checked };
    return 'tool' in checked ? null : checked;
  }

  /** The tool and normalised parameters of a call, or the failure it has before anything runs. */
  private checked(call: unknown): { tool: CompiledTool; params: JsonObject } | CallResult {
    if (!isPlainObject(call)) return failure('a tool call must be an object');
    const { tool_name: toolName, parameters } = call;
    if (typeof toolName !== 'string') return failure('tool_name must be a string');
    // Names compare after trimming, as in call matching (SPEC §8.1).
    const tool = this.tools.get(trimSpace(toolName));
    if (!tool) return failure(`unknown tool "${toolName}"`);
    if (!isPlainObject(parameters)) return failure(`parameters of tool "${tool.def.name}" must be an object`);
    const params = normalizeParameters(tool.def.parameters, parameters);
    const invalid = tool.checkParameters(params);
    if (invalid !== null) return failure(`invalid parameters for tool "${tool.def.name}": ${invalid}`);
    return { tool, params };
  }

  reset(): void {
    this.assertOpen();
    if (this.appliedWrites.length === 0) return;
    this.control.rollbackSeed.run();
    this.appliedWrites = [];
  }

  writesApplied(): number {
    return this.appliedWrites.length;
  }

  execute(calls: unknown[]): { results: CallResult[]; state: DbState } {
    return executeFromSeed(this, calls);
  }

  /** State tables in library order. */
  state(): DbState {
    this.assertOpen();
    const state: DbState = {};
    for (const { table, sql } of this.stateQueries) {
      // Where a tool may have altered or dropped the table, its query is made for the table as it is (none: read as empty).
      const live = this.schemaMayChange ? this.liveColumns(table) : null;
      if (live?.length === 0) {
        setOwn<Row[]>(state, table, []);
        continue;
      }
      const query = live ? stateQuerySql(table, live.length) : sql;
      const { columns, rows } = this.statements.get(query).run(() => undefined, 'all');
      setOwn(
        state,
        table,
        rows.map((values) => {
          const row: Row = {};
          columns.forEach((column, i) => setOwn(row, column, values[i]));
          return row;
        }),
      );
    }
    return state;
  }

  stateKey(): string {
    this.assertOpen();
    if (!this.changeLog) return this.dumpedStateKey();
    // Every run starts from the same seed, so two states are equal iff their net changes are.
    let key = 'changes:';
    this.changeLog.bind([]);
    try {
      while (this.changeLog.step()) {
        const [table, row, count] = this.changeLog.get();
        key += `${String(table)}\u0001${String(row)}\u0001${String(count)}\u0002`;
      }
    } finally {
      this.changeLog.reset();
    }
    return key;
  }

  /**
   * The state's key without a change log (a state table is a view, or a write can REPLACE): every
   * state table's rows as canonical text, in SQL as the log writes them. Read through sql.js,
   * integers past 2^53 lost their last digits and text that is not UTF-8 its bytes, so states
   * that differ keyed alike.
   */
  private dumpedStateKey(): string {
    if (this.schemaMayChange) {
      // Queries built for another schema (a tool altered a table since, or reset() undid it) go.
      const schema = this.schemaText();
      if (schema !== this.dumpSchema) this.freeDumpQueries();
      this.dumpSchema = schema;
    }
    // A table a tool dropped has no columns: it reads as empty, as a missing table does (state.ts).
    // Where the schema may change, columns go by name, as state.ts compares rows: a rename is a
    // change, columns added in another order or a table rebuilt with its columns swapped are not.
    this.dumpQueries ??= [...this.stateQueries]
      .sort((a, b) => compareCodePoints(a.table, b.table))
      .flatMap(({ table }) => {
        const columns = this.schemaMayChange ? this.liveColumns(table).sort(compareCodePoints) : this.catalog.columnsOf(table).map((c) => c.name);
        if (columns.length === 0) return [];
        const label = this.schemaMayChange ? `${table}\u0003${JSON.stringify(columns)}` : table;
        return [{ table: label, statement: this.db.prepare(`SELECT ${rowTextSql(columns, null)} AS r FROM ${quoteIdentifier(table)} ORDER BY r`) }];
      });
    let key = 'rows:';
    for (const { table, statement } of this.dumpQueries) {
      let rows = '';
      try {
        while (statement.step()) rows += `${String(statement.get()[0])};`;
      } finally {
        statement.reset();
      }
      if (rows !== '') key += `${table}\u0001${rows}\u0002`;
    }
    return key;
  }

  /** A table's columns as the database holds them now (none: the table is gone). */
  private liveColumns(table: string): string[] {
    return queryRows(this.db, `SELECT name FROM pragma_table_info(${quoteLiteral(table)})`).map(([name]) => String(name));
  }

  /** The schema's text now (main and temp), to tell whether the dump's queries still fit it. */
  private schemaText(): string {
    return String(queryRows(this.db, "SELECT group_concat(sql, ';') FROM (SELECT sql FROM sqlite_schema UNION ALL SELECT sql FROM sqlite_temp_schema)")[0]?.[0] ?? '');
  }

  private freeDumpQueries(): void {
    for (const { statement } of this.dumpQueries ?? []) statement.free();
    this.dumpQueries = undefined;
  }

  seedTextValues(): Set<string> {
    this.assertOpen();
    return this.catalog.seedTextValues();
  }

  entityMatches(table: string, column: string, s: string): Set<number> {
    this.assertOpen();
    return this.catalog.entityMatches(table, column, s);
  }

  uncompilableSteps(): Array<{ tool: number; step: number | null; message: string }> {
    this.assertOpen();
    const out: Array<{ tool: number; step: number | null; message: string }> = [];
    const stepsOf = (def: ToolDef) => (Array.isArray(def.steps) ? def.steps : []);
    const stepSqls = (def: ToolDef) => stepsOf(def).map((step) => (typeof step.sql === 'string' ? step.sql : null));
    // A tool that changes the schema may give another's step the columns it names: those are not judged.
    const schemaChanges = this.scenario.library.tools.some((def) => stepSqls(def).some((sql) => sql !== null && SCHEMA_CHANGES.has(firstKeyword(sql))));
    const seen = new Set<string>();
    this.scenario.library.tools.forEach((def, tool) => {
      // The first definition of a name is the one calls run (the constructor's rule).
      const name = trimSpace(def.name);
      if (seen.has(name)) return;
      seen.add(name);
      const sqls = stepSqls(def);
      if (sqls.some((sql) => sql !== null && SCHEMA_CHANGES.has(firstKeyword(sql)))) return;
      const errors = sqls.map((sql) => (sql === null ? null : this.statements.stepError(sql)));
      errors.forEach((message, step) => message !== null && out.push({ tool, step, message }));
      if (def.returns === undefined) return;
      // What `returns` names must be there: a step by its `as`, a column of that step's rows (each said once).
      const named = new Map<string, number>();
      stepsOf(def).forEach((step, index) => typeof step.as === 'string' && named.set(step.as, index));
      const said = new Set<string>();
      for (const ref of templateReferences(def.returns, def['x-json-returns'] === true)) {
        const index = named.get(ref.step);
        let message: string | null = null;
        if (index === undefined) message = `returns refers to unknown step "${ref.step}"`;
        else if (ref.column !== undefined && !schemaChanges && errors[index] === null && sqls[index] !== null && !this.statements.get(sqls[index]).columns().includes(ref.column))
          message = `returns refers to unknown column "${ref.column}" of step "${ref.step}"`;
        if (message !== null && !said.has(message)) {
          said.add(message);
          out.push({ tool, step: null, message });
        }
      }
    });
    return out;
  }

  primaryKeys(table: string): string[] {
    this.assertOpen();
    return this.catalog.primaryKeys(table);
  }

  hasColumn(table: string, column: string): boolean {
    this.assertOpen();
    return this.catalog.hasColumn(table, column);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.statements.freeAll();
    for (const statement of Object.values(this.control)) statement.free();
    this.changeLog?.free();
    this.freeDumpQueries();
    this.db.close();
  }

  private runInSavepoint(tool: CompiledTool, params: JsonObject): CallResult {
    this.control.openCall.run();
    try {
      const result = runSteps(tool, params, this.statements);
      if (tool.isWrite) {
        this.control.releaseCall.run();
        this.appliedWrites.push({ tool, params });
      } else {
        this.rollbackCall();
      }
      return { ok: true, result };
    } catch (error) {
      if (error instanceof CallFailure && tool.isWrite && tool.keepsPartialChanges) {
        // What the steps before the failure changed stays (see ToolDef['x-partial']), unless
        // SQLite rolled back the whole transaction: then none of it is left.
        if (this.releaseCall()) this.appliedWrites.push({ tool, params });
        return failure(error.message);
      }
      this.rollbackCall();
      return failure(error instanceof CallFailure ? error.message : `internal error: ${asError(error).message}`);
    }
  }

  /** Keeps what the call changed; false when SQLite had rolled back the whole transaction (the earlier writes are redone). */
  private releaseCall(): boolean {
    try {
      this.control.releaseCall.run();
      return true;
    } catch {
      this.restoreAppliedWrites();
      return false;
    }
  }

  private rollbackCall(): void {
    try {
      this.control.rollbackCall.run();
      this.control.releaseCall.run();
    } catch {
      // The savepoint is gone: SQLite rolled back the whole transaction (a conflict clause or a
      // trigger's RAISE(ROLLBACK)), which took the database back to the seed.
      this.restoreAppliedWrites();
    }
  }

  /** Reopen the seed savepoint and redo the writes that had succeeded, in order. */
  private restoreAppliedWrites(): void {
    this.control.openSeed.run();
    this.redoAppliedWrites();
  }

  private redoAppliedWrites(): void {
    for (const { tool, params } of this.appliedWrites) {
      this.control.openCall.run();
      try {
        runSteps(tool, params, this.statements);
      } catch (error) {
        if (!(error instanceof CallFailure && tool.keepsPartialChanges)) throw error;
      }
      this.control.releaseCall.run();
    }
  }

  /**
   * Reads the database in its seed state. Seed facts are asked for while writes are applied (the
   * scorer replays runs between its questions): they are taken back to the seed savepoint for the
   * read and done again after it, which costs those few writes instead of a second seed database
   * (a big seed built twice, and unwatched: the watchdog blamed its time on a tool call).
   */
  private inSeedState<T>(read: (db: Database) => T): T {
    if (this.appliedWrites.length === 0) return read(this.db);
    this.control.rollbackSeed.run();
    try {
      return read(this.db);
    } finally {
      this.redoAppliedWrites();
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`scenario "${this.scenarioId}": the engine is closed`);
  }
}
