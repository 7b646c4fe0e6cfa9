// The tool step language (SPEC §3): steps in order, named binding, expect, bind, returns.
import type { Json, JsonObject, ToolDef, ToolStep } from '../format/types';
import { BoundedMap } from '../memo/bounded-map';
import { ParameterValidator, toSqlValue } from './params';
import { asError, type Collect, type StatementCache } from './statements';
import { evaluateTemplate, fillPlaceholders, MAX_RETURNS_SIZE, rowsToJson, type StepRows, type TemplateContext } from './templates';
import type { SqlValue } from './types';
import { exactValueKey, wholeRealKeys } from '../format/whole-reals';

/**
 * A call that fails: its message becomes the `{"status": "error"}` result. Thrown and caught inside the engine on
 * every failed call (often, when runs are scored), so it records no stack trace: that capture
 * was most of its cost, and nobody reads it.
 */
export class CallFailure extends Error {
  constructor(message: string) {
    const engine = Error as { stackTraceLimit?: number }; // V8's; elsewhere the assignment does nothing
    const limit = engine.stackTraceLimit;
    engine.stackTraceLimit = 0;
    super(message);
    engine.stackTraceLimit = limit;
  }
}

export class CompiledTool {
  private validator: ParameterValidator | undefined;
  /**
   * Without `returns`, a read tool returns the rows of its last named step (its last step when
   * none is named): the step that usually holds the answer. A write tool returns success.
   */
  readonly defaultReturnStep: number;

  constructor(readonly def: ToolDef) {
    const steps = Array.isArray(def.steps) ? def.steps : [];
    const lastNamed = steps.findLastIndex((step) => typeof step.as === 'string');
    this.defaultReturnStep = lastNamed >= 0 ? lastNamed : steps.length - 1;
  }

  /** A failing write keeps what its earlier steps changed (`x-partial`), as the release's Python tools do. */
  get keepsPartialChanges(): boolean {
    return this.def['x-partial'] === true;
  }

  get isWrite(): boolean {
    return this.def.effect === 'write'; // anything else is treated as read: it cannot change state
  }

  /** Verdicts by the parameters' text (exactValueKey): the same call is checked again and again when runs are scored. */
  private readonly verdicts = new BoundedMap<string, string | null>(20_000);

  /** null when the parameters fit the schema, else the reason. */
  checkParameters(parameters: JsonObject): string | null {
    const key = exactValueKey(parameters);
    let verdict = this.verdicts.get(key);
    if (verdict === undefined) {
      this.validator ??= new ParameterValidator(this.def.parameters);
      verdict = this.validator.check(parameters);
      this.verdicts.set(key, verdict);
    }
    return verdict;
  }
}

/**
 * Run the tool's steps on the current database (the caller owns the savepoint) and evaluate
 * what it returns. Throws CallFailure for an SQL error, a failed `expect` or a bad template.
 */
export function runSteps(tool: CompiledTool, params: JsonObject, statements: StatementCache): Json {
  const bound = new Map<string, SqlValue>();
  /**
   * Names whose whole number is a REAL (JavaScript's 4 for SQLite's 4.0), bound as REAL: the
   * parameters the call wrote as `4.0` (whole-reals.ts), and bound columns that hold one.
   */
  const reals = new Set<string>(wholeRealKeys(params) as ReadonlySet<string>);
  const named = new Map<string, StepRows>();
  const steps: ToolStep[] = tool.def.steps ?? [];
  // A bound column wins over a parameter of the same name: it was set later.
  const valueOf = (name: string): SqlValue | undefined => (bound.has(name) ? bound.get(name) : Object.hasOwn(params, name) ? toSqlValue(params[name]) : undefined);
  let defaultRows: StepRows | undefined;

  for (let index = 0; index < steps.length; index += 1) {
    const step = steps[index];
    const label = typeof step.as === 'string' ? `step ${index + 1} ("${step.as}")` : `step ${index + 1}`;
    let output;
    try {
      if (typeof step.sql !== 'string') throw new Error('the step has no SQL text');
      output = statements.get(step.sql).run(valueOf, collectFor(step, index === tool.defaultReturnStep), { maxRows: MAX_STEP_ROWS, reals, typeFirstRow: step.bind === true });
    } catch (error) {
      throw new CallFailure(`SQL error in ${label}: ${asError(error).message}`);
    }
    const rows: StepRows = { columns: output.columns, rows: output.rows };
    if (step.bind === true) bindFirstRow(bound, reals, rows, output.wholeReals, params);
    if (!meetsExpectation(step.expect, output.rowCount)) {
      let message: string;
      try {
        message = typeof step.error === 'string' ? fillPlaceholders(step.error, { params, bound }) : defaultExpectMessage(step.expect, label);
      } catch (error) {
        message = asError(error).message; // a message too big to fill
      }
      throw new CallFailure(message);
    }
    if (typeof step.as === 'string') named.set(step.as, rows);
    if (index === tool.defaultReturnStep) defaultRows = rows;
  }

  if (tool.def.returns !== undefined) {
    const context: TemplateContext = { params, bound, steps: named, jsonCells: tool.def['x-json-returns'] === true, budget: { left: MAX_RETURNS_SIZE } };
    try {
      return evaluateTemplate(tool.def.returns, context);
    } catch (error) {
      throw new CallFailure(asError(error).message);
    }
  }
  if (tool.isWrite) return { status: 'success' };
  return defaultRows ? rowsToJson(defaultRows) : [];
}

/**
 * Rows one step may give (a tool's result is held, and remembered, in memory): a step that asks
 * SQLite for millions of rows would otherwise end the scoring thread out of memory, taking every
 * scenario's scores with it. Far above what a tool shows an agent.
 */
export const MAX_STEP_ROWS = 100_000;

function collectFor(step: ToolStep, isDefaultReturn: boolean): Collect {
  if (typeof step.as === 'string' || isDefaultReturn) return 'all';
  return step.bind === true ? 'first' : 'count';
}

/**
 * The first row's columns become named values for later steps. With no row the step's
 * columns are unbound again, so later steps and messages see the parameter (or NULL)
 * rather than a stale value from an earlier step; a parameter written `2.0` is a REAL again.
 */
function bindFirstRow(bound: Map<string, SqlValue>, reals: Set<string>, step: StepRows, wholeReals: ReadonlySet<number> | undefined, params: JsonObject): void {
  const first = step.rows[0];
  step.columns.forEach((column, i) => {
    if (first) bound.set(column, first[i]);
    else bound.delete(column);
    if (first ? wholeReals?.has(i) : wholeRealKeys(params).has(column)) reals.add(column);
    else reals.delete(column);
  });
}

function meetsExpectation(expect: ToolStep['expect'], rowCount: number): boolean {
  switch (expect) {
    case 'one':
      return rowCount === 1;
    case 'some':
      return rowCount >= 1;
    case 'none':
      return rowCount === 0;
    default:
      return true; // no expectation (an unknown word is not one of the three)
  }
}

function defaultExpectMessage(expect: ToolStep['expect'], label: string): string {
  if (expect === 'one') return `expected exactly one row from ${label}`;
  if (expect === 'some') return `expected at least one row from ${label}`;
  return `expected no row from ${label}`;
}
