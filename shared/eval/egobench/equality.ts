// Parameter filtering and equality as the official EgoBench evaluator applies them
// (egobench/README.md, "How the official evaluator scores").
import { setOwn } from '../../format/own-data';
import { entityNamesMatch, type EntityLookup } from '../entity-names';
import type { ParamSchema, ToolDef } from '../../format/types';

/** How one named field compares: fuzzy entity matching, whole-string ignoring case, or exact. */
export type FieldRule = { kind: 'entity'; table: string; column: string } | { kind: 'casefold' } | { kind: 'exact' };

export interface EqualityContext {
  /** Field name -> rule; the official evaluator decides by field name, wherever it occurs. */
  rules: ReadonlyMap<string, FieldRule>;
  entities: EntityLookup;
}

function ruleOf(schema: ParamSchema): FieldRule | undefined {
  const mark = schema['x-match'] as unknown;
  if (mark === 'casefold') return { kind: 'casefold' };
  if (mark && typeof mark === 'object' && typeof (mark as { entity?: unknown }).entity === 'string') {
    const target = (mark as { entity: string }).entity;
    const dot = target.indexOf('.');
    if (dot > 0) return { kind: 'entity', table: target.slice(0, dot), column: target.slice(dot + 1) };
  }
  return undefined;
}

/** Field rules from the `x-match` marks of a tool library (on a property, or on an array's items). */
export function fieldRules(tools: readonly ToolDef[]): Map<string, FieldRule> {
  const rules = new Map<string, FieldRule>();
  const walk = (schema: ParamSchema | undefined): void => {
    if (!schema || typeof schema !== 'object') return;
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      const rule = ruleOf(child) ?? (child.items ? ruleOf(child.items) : undefined);
      if (rule && !rules.has(name)) rules.set(name, rule);
      walk(child);
    }
    walk(schema.items);
  };
  for (const tool of tools) walk(tool.parameters);
  return rules;
}

/**
 * Drops the parameters the tool's implementation does not accept: undeclared ones and those marked
 * `x-ignored` (declared by the released schema, not taken by the implementation). A tool outside
 * the library keeps them all.
 */
export function acceptedParameters(parameters: Record<string, unknown>, tool: ToolDef | undefined): Record<string, unknown> {
  if (!tool) return parameters;
  const declared = tool.parameters?.properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parameters)) {
    if (Object.hasOwn(declared, key) && (declared[key] as Record<string, unknown>)['x-ignored'] !== true) setOwn(out, key, value);
  }
  return out;
}

const PY_FLOAT = /^[+-]?(\d[\d_]*(\.[\d_]*)?|\.\d[\d_]*)([eE][+-]?\d+)?$/;

/** A value as Python's float() would read it, else undefined. */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const s = value.trim();
    if (PY_FLOAT.test(s)) return Number(s.replace(/_/g, ''));
    if (/^[+-]?(inf|infinity)$/i.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
  }
  return undefined;
}

function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return typeof value;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Two names are equal under the entity rule (entity-names.ts). */
function entityEqual(a: string, b: string, rule: { table: string; column: string }, ctx: EqualityContext): boolean {
  return entityNamesMatch(a, b, ctx.entities(rule.table, rule.column, a), ctx.entities(rule.table, rule.column, b));
}

/**
 * The official matcher gives up on the whole task (0 matches, 0 calls on both sides) when a
 * fuzzy field holds something other than a string that Python finds truthy and it meets a string.
 */
export class MatchingCollapse extends Error {}

const pyTruthy = (v: unknown): boolean =>
  v !== null && v !== undefined && v !== false && v !== 0 && v !== '' && !(Array.isArray(v) && v.length === 0) && !(isObject(v) && Object.keys(v).length === 0);

function stringsEqual(a: string, b: string, field: string | undefined, inList: boolean, ctx: EqualityContext): boolean {
  const rule = field === undefined ? undefined : ctx.rules.get(field);
  if (!rule || rule.kind === 'exact') return a === b;
  // Kitchen's fields and any fuzzy name inside a list are compared trimmed, ignoring case.
  if (rule.kind === 'casefold') return a.trim().toLowerCase() === b.trim().toLowerCase();
  if (inList) {
    // Inside lists the official evaluator skips the database: one name contains the other, ignoring case
    // ("GLITZ Sauvignon Blan" ~ "glitz sauvignon blanc", but not two wines sharing "sauvignon blanc").
    const la = a.trim().toLowerCase();
    const lb = b.trim().toLowerCase();
    return la.includes(lb) || lb.includes(la);
  }
  return entityEqual(a, b, rule, ctx);
}

/**
 * The official equality of two parameter values. `field` is the name the value sits under (list
 * items inherit their list's); `inList` is true anywhere inside a list.
 */
export function valuesEqual(a: unknown, b: unknown, field: string | undefined, inList: boolean, ctx: EqualityContext): boolean {
  const ka = kindOf(a);
  const kb = kindOf(b);
  const rule = field === undefined ? undefined : ctx.rules.get(field);
  const other = ka === 'string' ? b : a;
  if (rule && rule.kind !== 'exact' && (ka === 'string') !== (kb === 'string') && !Array.isArray(other) && pyTruthy(other)) {
    throw new MatchingCollapse(`"${field}" holds a ${ka === 'string' ? kb : ka} where a name is compared`);
  }
  const numeric = (k: string): boolean => k === 'int' || k === 'float';
  if (ka !== kb && !(numeric(ka) && numeric(kb))) {
    // Different types compare as numbers when both convert ("2" equals 2.0), else unequal.
    const na = asNumber(a);
    const nb = asNumber(b);
    return na !== undefined && nb !== undefined && na === nb;
  }
  if (numeric(ka)) return a === b;
  if (ka === 'string') return stringsEqual(a as string, b as string, field, inList, ctx);
  if (ka === 'list') return listsEqual(a as unknown[], b as unknown[], field, ctx);
  if (ka === 'object') return objectsEqual(a as Record<string, unknown>, b as Record<string, unknown>, inList, ctx);
  return a === b;
}

/** Same length, and each item of `a` takes the first unused equal item of `b`. */
function listsEqual(a: unknown[], b: unknown[], field: string | undefined, ctx: EqualityContext): boolean {
  if (a.length !== b.length) return false;
  const used = new Array<boolean>(b.length).fill(false);
  for (const item of a) {
    const j = b.findIndex((other, k) => !used[k] && valuesEqual(item, other, field, true, ctx));
    if (j < 0) return false;
    used[j] = true;
  }
  return true;
}

/** Same keys, equal values under each key. */
export function objectsEqual(a: Record<string, unknown>, b: Record<string, unknown>, inList: boolean, ctx: EqualityContext): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && valuesEqual(a[key], b[key], key, inList, ctx));
}

export { isObject };
