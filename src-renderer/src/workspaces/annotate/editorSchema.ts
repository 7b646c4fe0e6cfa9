// The ground-truth editor's entry among Monaco's JSON schemas (GtEditor.tsx): set while its
// editor is mounted, set again when the tools it branches on change (callsSchema.ts).
import type { Monaco } from '../../components/monaco';

/**
 * Sets this editor's entry among the JSON language's schemas (null: removes it), keeping the
 * others'. Each change restarts Monaco's JSON worker and sends it every entry.
 */
export function setSchemaEntry(monaco: Monaco, uri: string, entry: { fileMatch: string[]; schema: object } | null): void {
  const others = monaco.json.jsonDefaults.diagnosticsOptions.schemas?.filter((other) => other.uri !== uri) ?? [];
  monaco.json.jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: entry ? [...others, { uri, ...entry }] : others,
  });
}

/** The same tool names, in any order. */
export function sameNames(a: readonly string[], b: readonly string[]): boolean {
  const bs = new Set(b);
  return a.length === b.length && a.every((name) => bs.has(name));
}
