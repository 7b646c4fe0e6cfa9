// Leaf values of parameters with their paths (SPEC §9: keys chained by '.', array positions '[]')
// and the schema that governs each.
import type { ParamSchema, ToolCall, ToolDef } from '../format/types';
import { BoundedMap } from '../memo/bounded-map';
import { callKey } from './calls';
import { childSchema } from './canonical';

export interface Leaf {
  path: string;
  value: string | number;
  schema: ParamSchema | undefined;
}

export function leaves(value: unknown, schema: ParamSchema | undefined, path = '', out: Leaf[] = []): Leaf[] {
  if (typeof value === 'string' || typeof value === 'number') out.push({ path, value, schema });
  else if (Array.isArray(value)) for (const item of value) leaves(item, schema?.items, `${path}[]`, out);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) leaves(child, childSchema(schema, key), path ? `${path}.${key}` : key, out);
  return out;
}

export function parameterLeaves(parameters: Record<string, unknown>, toolSchema: ParamSchema | undefined): Leaf[] {
  return leaves(parameters, toolSchema);
}

/** Leaves by call key, per tool library (the schemas decide them); bounded. */
const leavesByLibrary = new WeakMap<ReadonlyMap<string, ToolDef>, BoundedMap<string, Leaf[]>>();

/**
 * A call's leaves under its tool's schema. The cascade asks for the same call's leaves in more
 * than one verdict, a ground-truth call's in every run of its task, and most agent calls recur
 * across runs: they are computed once per call key. Callers only read them.
 */
export function callLeaves(call: ToolCall, tools: ReadonlyMap<string, ToolDef>): Leaf[] {
  let memo = leavesByLibrary.get(tools);
  if (!memo) leavesByLibrary.set(tools, (memo = new BoundedMap(50_000)));
  const key = callKey(call);
  let leaves = memo.get(key);
  if (!leaves) {
    leaves = parameterLeaves(call.parameters, tools.get(call.tool_name)?.parameters);
    memo.set(key, leaves);
  }
  return leaves;
}
