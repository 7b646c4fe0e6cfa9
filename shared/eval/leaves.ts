// Leaf values of parameters with their paths (SPEC §9: keys chained by '.', array positions '[]')
// and the schema that governs each.
import type { ParamSchema } from '../format/types';
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
