// The `x-match` marks of a tool's parameter schemas (SPEC §8.1), read when tools.json loads: an
// unknown rule is a problem at once; an entity target is kept with its line, to be checked against
// the seed database once that is built (engine-provider.ts): a misspelt TABLE.COLUMN would
// otherwise quietly turn entity matching into containment.
import { lineOfPath, type JsonFile } from './json-file';
import type { ParamSchema, Problem, ToolDef } from './types';

/** An `x-match: {entity: "TABLE.COLUMN"}` of one parameter, where tools.json says it. */
export interface EntityTarget {
  tool: string;
  /** The parameter's path, e.g. `items[].product_name`. */
  parameter: string;
  table: string;
  column: string;
  line: number;
}

const RULES = new Set(['exact', 'casefold']);

/** Entity targets of tool `index` of tools.json; a problem for each unknown rule. */
export function matchMarksOf(tool: ToolDef, index: number, doc: JsonFile, problems: Problem[]): EntityTarget[] {
  const targets: EntityTarget[] = [];
  const walk = (schema: ParamSchema | boolean | undefined, at: PropertyKey[], parameter: string) => {
    if (typeof schema !== 'object' || schema === null) return;
    const mark = schema['x-match'];
    if (typeof mark === 'string' && !RULES.has(mark))
      problems.push({
        file: doc.file,
        line: lineOfPath(doc, [...at, 'x-match']),
        message: `tool "${tool.name}", parameter ${parameter}: x-match "${mark}" is not a rule (exact, casefold or {"entity": "TABLE.COLUMN"}); the default comparison applies`,
      });
    else if (typeof mark === 'object' && mark !== null && typeof mark.entity === 'string') {
      const dot = mark.entity.indexOf('.');
      targets.push({ tool: tool.name, parameter, table: mark.entity.slice(0, dot), column: mark.entity.slice(dot + 1), line: lineOfPath(doc, [...at, 'x-match', 'entity']) });
    }
    for (const [name, child] of Object.entries(schema.properties ?? {})) walk(child, [...at, 'properties', name], parameter ? `${parameter}.${name}` : name);
    walk(schema.items, [...at, 'items'], `${parameter}[]`);
    walk(schema.additionalProperties, [...at, 'additionalProperties'], `${parameter}.*`);
  };
  walk(tool.parameters, ['tools', index, 'parameters'], '');
  return targets;
}
