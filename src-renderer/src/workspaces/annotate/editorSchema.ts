// The ground-truth editor's entry among Monaco's JSON schemas (GtEditor.tsx): set while its
// editor is mounted, set again when the tools it branches on change (callsSchema.ts).
import type { Monaco } from '../../components/monaco';
import type { ToolLibrary } from '../../../../shared/format/types';
import { branchedToolNames, callsJsonSchema, followedToolNames } from './callsSchema';

/** Pause in typing after which the schema follows the tools the text names (a large library's). */
const SCHEMA_FOLLOW_MS = 300;

export interface EditorSchema {
  /** The text changed: once typing pauses, the schema branches on the tools it names too. */
  textChanged(text: () => string): void;
  /** The editor is gone: its entry is removed. */
  dispose(): void;
}

/**
 * An editor's schema entry (matched by its model's exact URI: globs do not match custom schemes),
 * set now with branches for the tools `text` names (all of a small library: callsSchema.ts).
 */
export function editorSchema(monaco: Monaco, library: ToolLibrary, uri: string, modelUri: string, text: string): EditorSchema {
  let branched = branchedToolNames(library, text);
  const register = () => setSchemaEntry(monaco, uri, { fileMatch: [modelUri], schema: callsJsonSchema(library, branched) });
  register();
  let timer: number | undefined;
  return {
    textChanged(current) {
      // In a timer: after the edit is kept, and not on every keystroke.
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const names = followedToolNames(library, current(), branched);
        if (sameNames(names, branched)) return;
        branched = names;
        register();
      }, SCHEMA_FOLLOW_MS);
    },
    dispose() {
      window.clearTimeout(timer);
      setSchemaEntry(monaco, uri, null);
    },
  };
}

/**
 * Sets this editor's entry among the JSON language's schemas (null: removes it), keeping the
 * others'. Each change restarts Monaco's JSON worker and sends it every entry.
 */
function setSchemaEntry(monaco: Monaco, uri: string, entry: { fileMatch: string[]; schema: object } | null): void {
  const others = monaco.json.jsonDefaults.diagnosticsOptions.schemas?.filter((other) => other.uri !== uri) ?? [];
  monaco.json.jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: entry ? [...others, { uri, ...entry }] : others,
  });
}

/** The same tool names, in any order. */
function sameNames(a: readonly string[], b: readonly string[]): boolean {
  const bs = new Set(b);
  return a.length === b.length && a.every((name) => bs.has(name));
}
