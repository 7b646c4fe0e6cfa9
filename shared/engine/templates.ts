// The `returns` JSON template and the `{P}` placeholders of messages (SPEC §3).
import type { Json, JsonObject } from '../format/types';
import { setOwn } from './params';
import { MAX_STEP_SIZE, sizeOf } from './statements';
import type { SqlValue } from './types';

/** The rows of one named step, as read from SQLite. */
export interface StepRows {
  columns: string[];
  rows: SqlValue[][];
}

export interface TemplateContext {
  /** The call's parameters after undeclared and null-valued keys were dropped. */
  params: JsonObject;
  /** Columns bound by `bind: true` steps so far. */
  bound: ReadonlyMap<string, SqlValue>;
  /** Step results by their `as` name. */
  steps: ReadonlyMap<string, StepRows>;
  /** `$json.S.C` is a reference (ToolDef `x-json-returns`), not text. */
  jsonCells?: boolean;
  /** What the template may still put together (sizeOf's units); none: no limit. */
  budget?: { left: number };
}

/**
 * Most a call's `returns` may put together, as much as a step may collect: each reference copies
 * what it names, so 300 references to one step of 1.6 MB built 480 MB (a code review's crafted
 * tool ran the host out of memory under the step cap).
 */
export const MAX_RETURNS_SIZE = MAX_STEP_SIZE;

const stepSizes = new WeakMap<StepRows, number>();

function stepSize(step: StepRows): number {
  let size = stepSizes.get(step);
  if (size === undefined) {
    size = 0;
    for (const row of step.rows) size += sizeOf(row);
    stepSizes.set(step, size);
  }
  return size;
}

/** Counts what a reference adds to the result against the call's budget. */
function charge(context: TemplateContext, size: number): void {
  if (!context.budget) return;
  context.budget.left -= size;
  if (context.budget.left < 0) throw new Error(`returns puts together more than ${MAX_RETURNS_SIZE / (1 << 20)} MiB of values, the most a call may return`);
}

function jsonSize(value: Json): number {
  return typeof value === 'string' ? value.length : value !== null && typeof value === 'object' ? JSON.stringify(value).length : 8;
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const STEP_REFERENCE = /^\$(rows|count|first)\.(.+)$/s;
const COLUMN_REFERENCE = /^\$(column|value|json)\.([^.]+)\.(.+)$/s;
const PARAM_REFERENCE = /^\$param\.(.+)$/s;

/**
 * Fill `{P}` from bound columns, then parameters (a bound column wins, as in SQL binding:
 * it was set later). A name that is neither, including an absent optional parameter,
 * is left as written so that a template mistake stays visible.
 */
export function fillPlaceholders(text: string, context: Pick<TemplateContext, 'params' | 'bound'>): string {
  if (!text.includes('{')) return text;
  let length = text.length;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const filled = context.bound.has(name) ? renderText(context.bound.get(name) ?? null) : Object.hasOwn(context.params, name) ? renderText(context.params[name]) : whole;
    // One text of many placeholders of a big value (an error message too) stays within a call's size.
    if ((length += filled.length) > MAX_RETURNS_SIZE) throw new Error(`a message or text fills to more than ${MAX_RETURNS_SIZE / (1 << 20)} MiB, the most a call may return`);
    return filled;
  });
}

/**
 * Evaluate a `returns` template: a string that is wholly a `$...` reference becomes that value;
 * any other string gets its placeholders filled; arrays and objects are walked (keys untouched).
 * Throws an Error when a reference names a step or column that does not exist.
 */
export function evaluateTemplate(template: Json, context: TemplateContext): Json {
  if (typeof template === 'string') return evaluateString(template, context);
  if (Array.isArray(template)) return template.map((item) => evaluateTemplate(item, context));
  if (template !== null && typeof template === 'object') {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(template)) setOwn(out, key, evaluateTemplate(value, context));
    return out;
  }
  return template;
}

/** The steps and columns a `returns` template names (`$rows.S`, `$value.S.C`, ...), to check them once against the tool's steps. */
export function templateReferences(template: Json, jsonCells: boolean): Array<{ step: string; column?: string }> {
  const out: Array<{ step: string; column?: string }> = [];
  const walk = (value: Json): void => {
    if (typeof value === 'string') {
      const stepRef = STEP_REFERENCE.exec(value);
      const columnRef = COLUMN_REFERENCE.exec(value);
      if (stepRef) out.push({ step: stepRef[2] });
      else if (columnRef && (columnRef[1] !== 'json' || jsonCells)) out.push({ step: columnRef[2], column: columnRef[3] });
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(template);
  return out;
}

function evaluateString(text: string, context: TemplateContext): Json {
  if (text.startsWith('$')) {
    const param = PARAM_REFERENCE.exec(text);
    if (param) {
      const value = Object.hasOwn(context.params, param[1]) ? context.params[param[1]] : null;
      if (context.budget) charge(context, jsonSize(value));
      return value;
    }
    const stepRef = STEP_REFERENCE.exec(text);
    if (stepRef) {
      const step = stepNamed(context, stepRef[2]);
      if (stepRef[1] === 'count') return step.rows.length;
      if (stepRef[1] === 'rows') {
        charge(context, stepSize(step));
        return rowsToJson(step);
      }
      if (step.rows.length === 0) return null;
      charge(context, sizeOf(step.rows[0]));
      return rowToJson(step.columns, step.rows[0]);
    }
    const columnRef = COLUMN_REFERENCE.exec(text);
    if (columnRef && (columnRef[1] !== 'json' || context.jsonCells === true)) {
      const step = stepNamed(context, columnRef[2]);
      const index = step.columns.lastIndexOf(columnRef[3]); // the last of duplicate names, as in rowToJson
      if (index < 0) throw new Error(`returns refers to unknown column "${columnRef[3]}" of step "${columnRef[2]}"`);
      charge(context, columnRef[1] === 'column' ? stepSize(step) : step.rows.length > 0 ? sizeOf(step.rows[0]) : 0);
      if (columnRef[1] === 'column') return step.rows.map((row) => sqlToJson(row[index]));
      const value = step.rows.length > 0 ? sqlToJson(step.rows[0][index]) : null;
      return columnRef[1] === 'json' ? parseJsonCell(value, columnRef[2], columnRef[3]) : value;
    }
  }
  const filled = fillPlaceholders(text, context);
  if (filled !== text) charge(context, filled.length);
  return filled;
}

/**
 * `$json.S.C`: the JSON text in column C of step S's first row, as the value it encodes (SQLite's
 * json_object / json_group_array build nested results, e.g. a look-up keyed by the names found).
 * null when there is no row or the cell is NULL; a cell that is not JSON text is a template error.
 */
function parseJsonCell(value: Json, step: string, column: string): Json {
  if (value === null) return null;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as Json;
    } catch {
      // reported below
    }
  }
  throw new Error(`returns reads column "${column}" of step "${step}" as JSON, but it holds no JSON text`);
}

function stepNamed(context: TemplateContext, name: string): StepRows {
  const step = context.steps.get(name);
  if (!step) throw new Error(`returns refers to unknown step "${name}"`);
  return step;
}

/** Rows as objects, column order kept; with duplicate column names the last one wins. */
export function rowsToJson(step: StepRows): JsonObject[] {
  return step.rows.map((row) => rowToJson(step.columns, row));
}

function rowToJson(columns: string[], row: SqlValue[]): JsonObject {
  const out: JsonObject = {};
  for (let i = 0; i < columns.length; i += 1) setOwn(out, columns[i], sqlToJson(row[i]));
  return out;
}

/** A cell as JSON: a blob becomes its bytes in lower-case hex. */
export function sqlToJson(value: SqlValue | undefined): Json {
  if (value === undefined) return null;
  return value instanceof Uint8Array ? toHex(value) : value;
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function renderText(value: Json | SqlValue | undefined): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return toHex(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
