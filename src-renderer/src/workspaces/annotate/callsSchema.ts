// The JSON Schema of the ground-truth editor's text, generated from a scenario's tools.json:
// an array of calls whose tool_name is one of the tools and whose parameters follow that tool's
// schema (if/then per tool, so completion offers the parameters of the tool being written).
import type { ParamSchema, ToolLibrary } from '../../../../shared/format/types';

type JsonSchema = Record<string, unknown>;

/**
 * What the editor checks and documents: SPEC §3's keywords, the ones scoring enforces (spec-schema.ts),
 * so the editor never flags a value the engine accepts (a `pattern`, a `format`), and the words
 * that describe a parameter. The studio's x- keywords go too.
 */
const EDITOR_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'minimum', 'maximum', 'description', 'title', 'markdownDescription', 'default', 'examples']);

function plain(schema: ParamSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!EDITOR_KEYWORDS.has(key)) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, ParamSchema>).map(([name, sub]) => [name, plain(sub)]));
    } else if ((key === 'items' || key === 'additionalProperties') && value && typeof value === 'object') {
      if (!Array.isArray(value)) out[key] = plain(value as ParamSchema);
    } else out[key] = value;
  }
  return out;
}

export function callsJsonSchema(library: ToolLibrary): JsonSchema {
  const names = library.tools.map((tool) => tool.name);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'array',
    description: 'The key tool calls of the task, in order.',
    items: {
      type: 'object',
      required: ['tool_name', 'parameters'],
      additionalProperties: false,
      properties: {
        tool_name: {
          type: 'string',
          enum: names,
          markdownEnumDescriptions: library.tools.map((tool) => `**${tool.effect}** — ${tool.description}`),
        },
        parameters: { type: 'object' },
      },
      allOf: library.tools.map((tool) => ({
        if: { properties: { tool_name: { const: tool.name } }, required: ['tool_name'] },
        then: { properties: { parameters: { ...plain(tool.parameters), type: 'object', description: tool.description } } },
      })),
    },
  };
}
