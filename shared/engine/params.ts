// Call parameters before execution (SPEC §3, §9): undeclared keys dropped, null-valued keys
// treated as absent, JSON Schema validation, and conversion to SQL values.
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type { Json, JsonObject, ParamSchema } from '../format/types';
import { setOwn } from '../format/own-data';
import { specSubsetSchema } from '../format/spec-schema';
import type { SqlValue } from './types';
import { copyWholeReals, stringifyKeepingWholeReals } from '../format/whole-reals';

export { setOwn };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Drop object keys whose value is null (or undefined), at every depth: they count as absent. */
export function dropNullKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNullKeys);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (child !== null && child !== undefined) setOwn(out, key, dropNullKeys(child));
  }
  return out;
}

/**
 * The parameters a tool sees: only the keys its schema declares in `properties` (SPEC §3: the
 * others are "dropped before validation and execution"), with null-valued keys removed at every
 * depth. SPEC says null counts as absent for matching (§8.1) and the schema verdict (§9.1) and is
 * silent on execution; the reading chosen here is the same for execution, so a call that matches
 * another (nulls dropped) also binds the same JSON text and leaves the same state.
 */
export function normalizeParameters(schema: ParamSchema, parameters: Record<string, unknown>): JsonObject {
  const declared = isPlainObject(schema?.properties) ? schema.properties : {};
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(parameters)) {
    if (!Object.hasOwn(declared, key) || value === null || value === undefined) continue;
    setOwn(out, key, dropNullKeys(value) as Json);
  }
  copyWholeReals(parameters, out); // a `2.0` the call wrote stays a REAL (whole-reals.ts)
  return out;
}

/**
 * A compiled JSON Schema (draft 2020-12, no eval) that explains its first failure. It enforces
 * only SPEC §3's keyword subset (type, properties, required, additionalProperties, items, enum,
 * minimum, maximum): `format`, `pattern`, `anyOf`, ... are dropped (see spec-schema.ts), the same
 * reduction SPEC §9.1's verdict uses.
 */
export class ParameterValidator {
  private readonly validator: Validator;

  constructor(schema: ParamSchema) {
    // The reduced copy is never the dataset's object, so the validator's annotations stay off it.
    this.validator = new Validator(specSubsetSchema(schema) as Schema | boolean, '2020-12', true);
  }

  /** null when valid, else a one-line reason such as `quantity: 9 is greater than 5.` */
  check(parameters: JsonObject): string | null {
    const result = this.validator.validate(parameters);
    return result.valid ? null : describeFailure(result.errors);
  }
}

function describeFailure(errors: OutputUnit[]): string {
  // Errors come outermost first; the last one is the most specific, except the bare
  // "False boolean schema." that follows an additionalProperties failure.
  const meaningful = errors.filter((e) => e.keyword !== 'false');
  const leaf = meaningful[meaningful.length - 1] ?? errors[errors.length - 1];
  if (!leaf) return 'parameters do not match the schema';
  const where = instancePath(leaf.instanceLocation);
  return where === '' ? leaf.error : `${where}: ${leaf.error}`;
}

/** `#/items/1/name` -> `items[1].name` */
function instancePath(location: string): string {
  const parts = location.replace(/^#\/?/, '').split('/').filter((p) => p !== '');
  let out = '';
  for (const raw of parts) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out;
}

/** A parameter value as SQLite sees it: objects and arrays as compact JSON (a whole real written `2.0`), booleans as 1/0. */
export function toSqlValue(value: Json | undefined): SqlValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  return stringifyKeepingWholeReals(value);
}
