// The JSON Schema of the ground-truth editor's text, generated from a scenario's tools.json:
// an array of calls whose tool_name is one of the tools and whose parameters follow that tool's
// schema (if/then per tool, so completion offers the parameters of the tool being written).
//
// Monaco's JSON worker tries every if/then branch on every call, and while it completes a
// tool_name it skips that value, so every branch's `if` holds: each `then` is checked and its
// problems are concatenated one branch at a time (quadratic). A tools.json of 50,000 tools took
// the worker ~40 s per completion, seconds per validation. So a library of more than
// MAX_TOOL_BRANCHES tools gets branches only for the tools the text names (branchedToolNames),
// and the editor registers the schema again when those change.
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

/** Up to this many tools, each has its branch; a larger library, only the tools the text names (at most this many). */
export const MAX_TOOL_BRANCHES = 200;

const TOOL_NAME_IN_TEXT = /"tool_name"\s*:\s*("(?:[^"\\\n]|\\.)*")/g;
const namesOfLibrary = new WeakMap<ToolLibrary, Set<string>>();

/**
 * The tools that get a branch in the schema for `text` (the editor's text, JSON or not yet):
 * every tool of a library of up to MAX_TOOL_BRANCHES tools; of a larger one, the library's tools
 * that the text names as a tool_name, in order of first mention, at most MAX_TOOL_BRANCHES.
 */
export function branchedToolNames(library: ToolLibrary, text: string): string[] {
  if (library.tools.length <= MAX_TOOL_BRANCHES) return library.tools.map((tool) => tool.name);
  let names = namesOfLibrary.get(library);
  if (!names) namesOfLibrary.set(library, (names = new Set(library.tools.map((tool) => tool.name))));
  const named = new Set<string>();
  for (const [, literal] of text.matchAll(TOOL_NAME_IN_TEXT)) {
    let name: unknown;
    try {
      name = JSON.parse(literal);
    } catch {
      continue;
    }
    if (typeof name === 'string' && names.has(name)) named.add(name);
    if (named.size === MAX_TOOL_BRANCHES) break;
  }
  return [...named];
}

/**
 * The tools branched after the text changed: those before and those the text names now, at most
 * MAX_TOOL_BRANCHES. Never fewer while the editor is open: each new set restarts Monaco's JSON
 * worker, and a name typed through another (get, get_item) or a backspace should not.
 */
export function followedToolNames(library: ToolLibrary, text: string, before: readonly string[]): string[] {
  const names = new Set(before);
  for (const name of branchedToolNames(library, text)) {
    if (names.size >= MAX_TOOL_BRANCHES) break;
    names.add(name);
  }
  return [...names];
}

/** The schema, with if/then branches for the tools named in `branched` (every tool when omitted: keep it to small libraries). */
export function callsJsonSchema(library: ToolLibrary, branched: readonly string[] = library.tools.map((tool) => tool.name)): JsonSchema {
  const names = library.tools.map((tool) => tool.name);
  const wanted = new Set(branched);
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
          // Monaco's own message lists every allowed value: a megabyte for a library of 50,000 tools.
          errorMessage: 'Not a tool of this scenario (tools.json); Ctrl+Space lists them.',
        },
        parameters: { type: 'object' },
      },
      allOf: library.tools
        .filter((tool) => wanted.has(tool.name))
        .map((tool) => ({
          if: { properties: { tool_name: { const: tool.name } }, required: ['tool_name'] },
          then: { properties: { parameters: { ...plain(tool.parameters), type: 'object', description: tool.description } } },
        })),
    },
  };
}
