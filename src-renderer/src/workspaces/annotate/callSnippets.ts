// Whole-call snippets for the ground-truth editor: at a call's place in the array, completion
// offers each tool as `{"tool_name": ..., "parameters": {...}}` with its required parameters as
// tab stops (a review counted half of a task's ~500 keystrokes as this boilerplate). The task's
// user id fills `user_id`, as the lint reads it (lint.ts). Written as Monaco's JSON schema
// `defaultSnippets` (bodyText, in the editor's one-call-per-line form, callsText.ts).
import type { Json, ParamSchema, ToolDef } from '../../../../shared/format/types';

/** What the snippets may fill in for the task at hand. */
export interface SnippetContext {
  userId?: string | null;
}

export interface CallSnippet {
  label: string;
  description: string;
  bodyText: string;
}

/** Text a snippet shows as written: `$`, `}` and `\` escaped (VS Code's snippet syntax). */
function literal(text: string): string {
  return text.replace(/[$}\\]/g, (c) => `\\${c}`);
}

/** A JSON string's text, as a snippet's literal (quotes included). */
function jsonString(text: string): string {
  return literal(JSON.stringify(text));
}

/** A choice's option: `,`, `|` and `\` escaped. */
function option(value: Json): string {
  return JSON.stringify(value).replace(/[,|\\]/g, (c) => `\\${c}`);
}

function typeOf(schema: ParamSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** The tab stop of one parameter: its enum as a choice, the task's user id, or an empty value of its type. */
function placeholder(name: string, schema: ParamSchema | undefined, stop: number, context: SnippetContext): string {
  if (!schema) return `$${stop}`;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return `\${${stop}|${schema.enum.map(option).join(',')}|}`;
  const type = typeOf(schema);
  if (name === 'user_id' && context.userId && (type === undefined || type === 'string')) return `"\${${stop}:${literal(JSON.stringify(context.userId).slice(1, -1))}}"`;
  switch (type) {
    case 'string':
      return `"$${stop}"`;
    case 'integer':
    case 'number':
      return `\${${stop}:${typeof schema.minimum === 'number' && schema.minimum > 0 ? schema.minimum : 0}}`;
    case 'boolean':
      return `\${${stop}|true,false|}`;
    case 'array':
      return `[$${stop}]`;
    case 'object':
      return `{$${stop}}`;
    default:
      return `$${stop}`;
  }
}

/** A tool's whole call with its required parameters to fill (in the order its schema lists them). */
export function callSnippet(tool: ToolDef, context: SnippetContext = {}): CallSnippet {
  const properties = tool.parameters.properties ?? {};
  const required = new Set(tool.parameters.required ?? []);
  const names = [...Object.keys(properties).filter((name) => required.has(name)), ...[...required].filter((name) => !Object.hasOwn(properties, name))];
  const parameters = names.map((name, i) => `${jsonString(name)}:${placeholder(name, properties[name], i + 1, context)}`);
  // No parameter to fill: the cursor waits inside the braces for an optional one.
  const body = parameters.length > 0 ? parameters.join(',') : '$1';
  return {
    label: tool.name,
    description: `The whole call, its required parameters to fill (Tab moves on). ${tool.description}`,
    bodyText: `{"tool_name":${jsonString(tool.name)},"parameters":{${body}}}`,
  };
}
