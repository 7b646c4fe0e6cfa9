// Offers the whole-call snippets (callSnippets.ts) in the calls editor at a call's place. A
// completion provider of its own, in this thread, rather than the JSON schema's defaultSnippets:
// the JSON worker appends a `,` when it reads another value after the cursor, and it reads the
// text as it is when the request arrives but the cursor as it was when it was sent, so typing a
// tool's name quickly inserted `{...},` before the closing `]` (seen in the e2e).
import { getLocation } from 'jsonc-parser';
import type * as MonacoNs from 'monaco-editor/editor/editor.api';
import type { Monaco } from '../../components/monaco';
import type { ToolLibrary } from '../../../../shared/format/types';
import { callSnippet, type SnippetContext } from './callSnippets';

/** Suggestions at most: a large library's tools are narrowed by the word typed first. */
const MAX_SNIPPETS = 200;

interface Calls {
  library: ToolLibrary;
  context: SnippetContext;
}

/** The calls editors open, by model URI; the one provider serves them all. */
const editors = new Map<string, Calls>();
let registered: MonacoNs.IDisposable | null = null;

/** Whole-call snippets for the editor of model `modelUri` until the returned function is called. */
export function offerCallSnippets(monaco: Monaco, modelUri: string, library: ToolLibrary, context: SnippetContext): () => void {
  const entry = { library, context };
  editors.set(modelUri, entry);
  registered ??= monaco.languages.registerCompletionItemProvider('json', {
    provideCompletionItems: (model, position) => {
      const calls = editors.get(model.uri.toString());
      if (!calls) return { suggestions: [] };
      const word = model.getWordUntilPosition(position);
      const text = model.getValue();
      const start = model.getOffsetAt({ lineNumber: position.lineNumber, column: word.startColumn });
      if (!atCallPlace(text, start)) return { suggestions: [] };
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
      const typed = word.word.toLowerCase();
      const separator = valueFollows(text, model.getOffsetAt(position)) ? ',' : '';
      const suggestions = calls.library.tools
        .filter((tool) => tool.name.toLowerCase().includes(typed))
        .slice(0, MAX_SNIPPETS)
        .map((tool) => {
          const snippet = callSnippet(tool, calls.context);
          return {
            label: { label: snippet.label, description: 'whole call' },
            kind: monaco.languages.CompletionItemKind.Snippet,
            documentation: snippet.description,
            insertText: snippet.bodyText + separator,
            insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
            filterText: tool.name,
            range,
          };
        });
      return { suggestions };
    },
  });
  return () => {
    if (editors.get(modelUri) === entry) editors.delete(modelUri);
  };
}

/** Whether `offset` is where a call may start: in the top-level array, after its `[` or a `,`. */
export function atCallPlace(text: string, offset: number): boolean {
  const path = getLocation(text, offset).path;
  if (path.length !== 1 || typeof path[0] !== 'number') return false;
  let before = offset - 1;
  while (before >= 0 && /\s/.test(text[before])) before--;
  return text[before] === '[' || text[before] === ',';
}

/** Whether another value starts after `offset` (past the word typed and white space): the call then needs a comma. */
export function valueFollows(text: string, offset: number): boolean {
  const next = /^[\w$-]*\s*(\S?)/.exec(text.slice(offset, offset + 4096))?.[1] ?? '';
  return next !== '' && next !== ']' && next !== ',';
}
