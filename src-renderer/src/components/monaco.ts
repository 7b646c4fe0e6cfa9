// Monaco, loaded on first use (it is large), with its editor and JSON workers from the bundle.
// One loader for every view that edits or diffs JSON (Annotate's editor, Adjudicate's diff).
//
// Only what the studio uses is loaded: the editor API, its editor features (find, suggest,
// hover, folding, diff...) and the JSON language service. `import('monaco-editor')` would also
// evaluate ~80 language definitions and bundle the TypeScript, CSS and HTML workers (about
// 14 MB), which cost the first task open several hundred milliseconds of main thread.
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

type EditorApi = typeof import('monaco-editor/editor/editor.api');
type JsonLanguage = typeof import('monaco-editor/languages/features/json/register');

/** The part of the `monaco-editor` namespace the studio uses. */
export type Monaco = EditorApi & { json: JsonLanguage };

let loading: Promise<Monaco> | null = null;

export function loadMonaco(): Promise<Monaco> {
  if (!loading) {
    const scope = self as unknown as { MonacoEnvironment?: { getWorker(id: string, label: string): Worker } };
    // Another workspace may have installed an environment; keep its workers, add JSON.
    const previous = scope.MonacoEnvironment;
    scope.MonacoEnvironment = {
      getWorker: (id, label) => (label === 'json' ? new JsonWorker() : previous ? previous.getWorker(id, label) : new EditorWorker()),
    };
    loading = Promise.all([
      import('monaco-editor/editor/editor.api'),
      import('monaco-editor/features/register.all'),
      import('monaco-editor/languages/features/json/register'),
    ]).then(([api, , json]) => ({ ...api, json }));
  }
  return loading;
}
