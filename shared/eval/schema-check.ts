// Parameters against a tool's JSON Schema as SPEC §9.1 sees them: a key whose value is null
// counts as absent; undeclared keys stay (with additionalProperties: false they fail). Only SPEC
// §3's keyword subset is enforced (see spec-schema.ts): `format`, `pattern`, ... never fail a call.
import { Validator, type Schema } from '@cfworker/json-schema';
import { setOwn } from '../format/own-data';
import { exactValueKey } from '../format/whole-reals';
import { specSubsetSchema } from '../format/spec-schema';
import { BoundedMap } from '../memo/bounded-map';
import type { ToolDef } from '../format/types';

const validators = new WeakMap<ToolDef, Validator>();

function validatorFor(tool: ToolDef): Validator {
  let validator = validators.get(tool);
  if (!validator) {
    validator = new Validator(specSubsetSchema(tool.parameters) as Schema | boolean, '2020-12', true);
    validators.set(tool, validator);
  }
  return validator;
}

export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) setOwn(out, k, withoutNulls(v));
    return out;
  }
  return value;
}

const verdicts = new WeakMap<ToolDef, BoundedMap<string, string | null>>();

/**
 * Null when valid; else the first failure as "location: reason". Memoised: calls repeat. `key`
 * names the parameters uniquely for this tool (a call's callKey, already computed for matching,
 * saves serialising them a second time).
 */
export function schemaFailure(tool: ToolDef, parameters: Record<string, unknown>, key = exactValueKey(parameters)): string | null {
  let memo = verdicts.get(tool);
  if (!memo) verdicts.set(tool, (memo = new BoundedMap(50_000)));
  let verdict = memo.get(key);
  if (verdict === undefined) {
    verdict = check(tool, parameters);
    memo.set(key, verdict);
  }
  return verdict;
}

function check(tool: ToolDef, parameters: Record<string, unknown>): string | null {
  const result = validatorFor(tool).validate(withoutNulls(parameters));
  if (result.valid) return null;
  const deepest = result.errors[result.errors.length - 1] ?? result.errors[0];
  const where = deepest?.instanceLocation?.replace(/^#\/?/, '') || 'parameters';
  return `${where}: ${deepest?.error ?? 'does not fit the schema'}`;
}
