// The ground-truth editor: Monaco JSON with a schema generated from the scenario's tools.json
// (tool names, parameters and enums complete; schema errors inline), whole-call snippets
// (callSnippetCompletion.ts) and lint markers. Its options
// and keys are callsEditor.ts's, the text kept in step with the record callsModelSync.ts's; it is
// warmed up while the queue shows (useWarmEditor.ts).
import { useEffect, useRef } from 'react';
import type * as MonacoNs from 'monaco-editor/editor/editor.api';
import type { ScenarioDef, Task } from '../../../../shared/format/types';
import { useAnnotateStore } from './annotateStore';
import { editorSchema, type EditorSchema } from './editorSchema';
import { callsToText } from './callsText';
import { loadMonaco, type Monaco } from '../../components/monaco';
import { afterClipQuiet, afterClipShown } from './clip';
import { callsEditorOptions, leaveOnEscape } from './callsEditor';
import { syncCallsModel } from './callsModelSync';
import { setLintMarkers } from './lintMarkers';
import { useHotkeyAction } from '../../hotkeys/useHotkeys';
import { taskUserId } from './lint';
import { offerCallSnippets } from './callSnippetCompletion';

/** `task`: the task open, whose user id the call snippets fill in. */
export function GtEditor({ scenario, task }: { scenario: ScenarioDef; task: Task | null }) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MonacoNs.editor.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<Monaco | null>(null);
  const taskKey = useAnnotateStore((state) => (state.record ? `${state.record.task}/${state.record.annotator}` : null));
  const lint = useAnnotateStore((state) => state.lint);
  const userId = task ? taskUserId(task) : null;

  // Create the editor once per task; the text model is tied to the scenario's schema by URI.
  useEffect(() => {
    let disposed = false;
    let stopSync: (() => void) | null = null;
    let schema: EditorSchema | null = null;
    let stopSnippets: (() => void) | null = null;
    const mount = async () => {
      // The clip first: Monaco's first evaluation holds the main thread for hundreds of ms, and
      // creating an editor for tens; neither should delay the first frame or a run of steps.
      await afterClipShown();
      await afterClipQuiet();
      if (disposed) return;
      const monaco = await loadMonaco();
      if (disposed || !host.current) return;
      monacoRef.current = monaco;
      const uri = monaco.Uri.parse(`egobench://calls/${scenario.id}/${taskKey ?? 'none'}.json`);
      // One schema entry per model, matched by its exact URI (globs do not match custom schemes),
      // while its editor is mounted.
      const schemaUri = `egobench://schema/${scenario.id}/${taskKey ?? 'none'}`;
      const record = useAnnotateStore.getState().record;
      const text = record?.editor_text ?? callsToText(record?.calls ?? []);
      schema = editorSchema(monaco, scenario.library, schemaUri, uri.toString(), text);
      stopSnippets = offerCallSnippets(monaco, uri.toString(), scenario.library, { userId });
      const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, 'json', uri);
      if (model.getValue() !== text) model.setValue(text);
      const instance = monaco.editor.create(host.current, callsEditorOptions(model));
      editor.current = instance;
      leaveOnEscape(monaco, instance, host.current);
      stopSync = syncCallsModel(model, schema);
    };
    void mount();
    return () => {
      disposed = true;
      stopSync?.();
      stopSnippets?.();
      schema?.dispose();
      editor.current?.dispose();
      editor.current = null;
    };
  }, [scenario, taskKey, userId]);

  // `e` from anywhere in Annotate: the editor is 8 to 40 Tab presses away.
  useHotkeyAction('annotate.focus-editor', () => editor.current?.focus());
  // The call list's moves and deletes are edits of the editor's text (callsModelSync.ts): its undo
  // takes them back from wherever the focus is, not only from inside the editor.
  useHotkeyAction('annotate.undo', () => editor.current?.trigger('keyboard', 'undo', null));
  useHotkeyAction('annotate.redo', () => editor.current?.trigger('keyboard', 'redo', null));

  // Lint as markers beside the schema's own.
  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editor.current?.getModel();
    if (!monaco || !model) return;
    setLintMarkers(monaco, model, lint);
  }, [lint]);

  return <div className="gt-editor" data-testid="gt-editor" ref={host} />;
}
