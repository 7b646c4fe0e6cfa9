// Monaco, loaded on first use (it is large), with its editor and JSON workers from the bundle.
// One loader for every view that edits or diffs JSON (Annotate's editor, Adjudicate's diff).
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

type Monaco = typeof import('monaco-editor');

let loading: Promise<Monaco> | null = null;

export function loadMonaco(): Promise<Monaco> {
  if (!loading) {
    const scope = self as unknown as { MonacoEnvironment?: { getWorker(id: string, label: string): Worker } };
    // Another workspace may have installed an environment; keep its workers, add JSON.
    const previous = scope.MonacoEnvironment;
    scope.MonacoEnvironment = {
      getWorker: (id, label) => (label === 'json' ? new JsonWorker() : previous ? previous.getWorker(id, label) : new EditorWorker()),
    };
    loading = import('monaco-editor');
  }
  return loading;
}
