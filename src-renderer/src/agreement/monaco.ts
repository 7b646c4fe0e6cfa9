// Monaco, loaded on first use, with its editor and JSON workers from the bundle. Same approach as
// the Annotate workspace's loader: an environment another view installed keeps its workers.
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

type Monaco = typeof import('monaco-editor');

let loading: Promise<Monaco> | null = null;

export function loadMonaco(): Promise<Monaco> {
  if (!loading) {
    const scope = self as unknown as { MonacoEnvironment?: { getWorker(id: string, label: string): Worker } };
    const previous = scope.MonacoEnvironment;
    if (!previous)
      scope.MonacoEnvironment = { getWorker: (_id, label) => (label === 'json' ? new JsonWorker() : new EditorWorker()) };
    loading = import('monaco-editor');
  }
  return loading;
}
