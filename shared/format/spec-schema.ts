// The part of a tool's parameter schema that validation enforces. SPEC §3 defines `parameters` as
// a draft 2020-12 *subset*: type, properties, required, additionalProperties, items, enum,
// minimum, maximum. A full validator would also enforce keywords outside it (pattern, minLength,
// const, anyOf, $ref, ...) and so fail calls the contract accepts; draft 2020-12 itself treats
// `format` as an annotation only. So validators (the engine's, SPEC §9's verdict) are given this
// copy, which keeps the subset and drops every other keyword (x-ordered, x-match, description, ...).
import { isJsonObject, setOwn } from './own-data';

/** A JSON Schema as a validator takes it: an object, or a boolean schema. */
export type SubsetSchema = boolean | Record<string, unknown>;

const reduced = new WeakMap<object, Record<string, unknown>>();

/**
 * `schema` reduced to SPEC §3's keywords, recursively through properties, additionalProperties and
 * items (an array-form `items` is dropped). Built once per schema object and shared, so the hot
 * path (a validator per tool) pays nothing per call; callers must not mutate it. A boolean schema
 * stays as it is; anything else that is not an object (a missing schema) allows everything.
 */
export function specSubsetSchema(schema: unknown): SubsetSchema {
  if (typeof schema === 'boolean') return schema;
  if (!isJsonObject(schema)) return {};
  let out = reduced.get(schema);
  if (!out) {
    out = reduce(schema);
    reduced.set(schema, out);
  }
  return out;
}

function reduce(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { type, properties, required, additionalProperties, items, enum: allowed, minimum, maximum } = schema;
  if (type !== undefined) out.type = Array.isArray(type) ? [...(type as unknown[])] : type;
  if (isJsonObject(properties)) {
    const reducedProperties: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(properties)) setOwn(reducedProperties, name, specSubsetSchema(child));
    out.properties = reducedProperties;
  }
  if (required !== undefined) out.required = Array.isArray(required) ? [...(required as unknown[])] : required;
  if (additionalProperties !== undefined) out.additionalProperties = specSubsetSchema(additionalProperties);
  if (items !== undefined && !Array.isArray(items)) out.items = specSubsetSchema(items);
  if (allowed !== undefined) out.enum = Array.isArray(allowed) ? [...(allowed as unknown[])] : allowed;
  if (minimum !== undefined) out.minimum = minimum;
  if (maximum !== undefined) out.maximum = maximum;
  return out;
}
