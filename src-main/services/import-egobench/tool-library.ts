// tools.json of a scenario: the release's schemas, their fuzzy / case-insensitive fields marked
// with `x-match`, and each tool's behaviour from the family (SPEC §3).
import type { ParamSchema, ToolDef, ToolLibrary } from '../../../shared/format/types';
import type { MatchRule, ScenarioFamily, ToolBehaviour } from './families';
import type { IssueLog, ReleaseTool } from './release';

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Marks every property named in `rules` (at any depth); on arrays the rule goes on the items. */
/**
 * A behaviour as tools.json keys: `x-json-returns` on the tools whose `returns` reads a cell as
 * JSON (`$json.S.C`, an extension of SPEC §3); `noMethod` only shapes the description.
 */
function asDef({ noMethod: _noMethod, ...behaviour }: ToolBehaviour): Omit<ToolBehaviour, 'noMethod'> & { 'x-json-returns'?: true } {
  return JSON.stringify(behaviour.returns).includes('"$json.') ? { ...behaviour, 'x-json-returns': true } : behaviour;
}

export function markMatchRules(schema: ParamSchema, rules: Record<string, MatchRule>): ParamSchema {
  const props = schema.properties;
  if (props && typeof props === 'object') {
    for (const [key, child] of Object.entries(props)) {
      const rule = rules[key];
      if (rule) {
        const target = child.type === 'array' && child.items ? child.items : child;
        // 'casefold' is this importer's marker for kitchen's case-insensitive exact fields.
        (target as Record<string, unknown>)['x-match'] = rule === 'casefold' ? 'casefold' : { entity: rule.entity };
      }
      markMatchRules(child, rules);
    }
  }
  if (schema.items) markMatchRules(schema.items, rules);
  return schema;
}

/**
 * Parameters the release's implementation does not take: `x-ignored` (matching drops them, as the
 * official evaluator does) and no longer required (the implementation never needed them).
 */
export function markIgnored(schema: ParamSchema, names: string[]): ParamSchema {
  for (const name of names) {
    const property = schema.properties?.[name];
    if (property) (property as Record<string, unknown>)['x-ignored'] = true;
  }
  if (names.length && Array.isArray(schema.required)) schema.required = schema.required.filter((r) => !names.includes(r));
  return schema;
}

/** Adds the parameters the implementation takes beyond the released schema, as required. */
function withExtraParams(schema: ParamSchema, extra: Record<string, ParamSchema> | undefined): ParamSchema {
  if (!extra) return schema;
  return { ...schema, properties: { ...schema.properties, ...extra }, required: [...new Set([...(schema.required ?? []), ...Object.keys(extra)])] };
}

const VALIDATING = ['type', 'enum', 'minimum', 'maximum', 'additionalProperties'] as const;

/**
 * The release's implementations check no parameter types (a kitchen quantity "2" is converted,
 * a restaurant quantity "2" is stored, a retail qty "2" raises inside the tool), so a schema
 * keyword must not refuse a call before it runs. Each validating keyword moves to `x-declared-*`
 * (still shown, no longer enforced); `required` stays: a missing argument fails the call, as it does in Python.
 */
export function declaredOnly(schema: ParamSchema): ParamSchema {
  const out: ParamSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, ParamSchema>).map(([name, child]) => [name, declaredOnly(child)]));
    } else if (key === 'items' && value && typeof value === 'object') {
      out.items = declaredOnly(value as ParamSchema);
    } else if ((VALIDATING as readonly string[]).includes(key)) {
      out[`x-declared-${key}`] = value;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** A schema for a tool the release implements but does not publish: its `:name` parameters, all strings. */
function inferredSchema(behaviour: ToolBehaviour): ParamSchema {
  const names = new Set<string>();
  const bound = new Set<string>();
  for (const step of behaviour.steps) {
    for (const m of step.sql.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) if (!bound.has(m[1])) names.add(m[1]);
    if (step.bind) for (const m of step.sql.matchAll(/\bAS\s+([A-Za-z_][A-Za-z0-9_]*)/gi)) bound.add(m[1]);
  }
  const properties: Record<string, ParamSchema> = {};
  for (const n of names) properties[n] = { type: 'string' };
  return { type: 'object', properties, required: [...names], additionalProperties: false };
}

const NOT_REPRODUCED = "The importer does not reproduce this tool's behaviour.";

export function buildToolLibrary(family: ScenarioFamily, releaseTools: ReleaseTool[], toolsFile: string, log: IssueLog): ToolLibrary {
  const tools: ToolDef[] = [];
  const seen = new Set<string>();
  for (const tool of releaseTools) {
    if (seen.has(tool.name)) {
      log.warn(toolsFile, `tool "${tool.name}" is listed twice; the first schema is used`, tool.index === undefined ? 0 : log.lineOf(toolsFile, [tool.index]));
      continue;
    }
    seen.add(tool.name);
    const parameters = declaredOnly(withExtraParams(markIgnored(markMatchRules(clone(tool.parameters) as ParamSchema, family.matchRules), family.ignoredParams?.[tool.name] ?? []), family.extraParams?.[tool.name]));
    const behaviour = family.behaviours[tool.name];
    const query = family.queryTools.includes(tool.name) ? { 'x-query': true } : {};
    if (!behaviour) {
      log.warn(toolsFile, `tool "${tool.name}": behaviour not reproduced; its calls fail with an error`, tool.index === undefined ? 0 : log.lineOf(toolsFile, [tool.index]));
      tools.push({ name: tool.name, description: tool.description, parameters, effect: 'read', steps: [{ sql: 'SELECT 1 WHERE 0', expect: 'one', error: NOT_REPRODUCED }], ...query });
      continue;
    }
    tools.push({ name: tool.name, description: tool.description, parameters, ...asDef(behaviour), ...query });
  }
  // Tools some ground truths call though the released schemas omit them (e.g. get_country_of_origin).
  for (const [name, behaviour] of Object.entries(family.behaviours)) {
    if (seen.has(name)) continue;
    const parameters = declaredOnly(markMatchRules(inferredSchema(behaviour), family.matchRules));
    const query = family.queryTools.includes(name) ? { 'x-query': true } : {};
    const description = behaviour.noMethod
      ? '(not in the released tool schemas, nor a method of the release: its calls fail there as here; some ground truths call it)'
      : '(not in the released tool schemas; the release implements it and some ground truths call it)';
    tools.push({ name, description, parameters, ...asDef(behaviour), ...query });
  }
  return { state_tables: family.stateTables, tools };
}
