// The ground-truth editor: Monaco JSON with a schema generated from the scenario's tools.json
// (tool names, parameters and enums complete; schema errors inline) and lint markers.
import { useEffect, useRef } from 'react';
import type * as MonacoNs from 'monaco-editor/editor/editor.api';
import type { ScenarioDef } from '../../../../shared/format/types';
import { useAnnotateStore } from './annotateStore';
import { editorSchema, type EditorSchema } from './editorSchema';
import { callsToText, mergeCalls, parseCallsText, sameCalls } from './callsText';
import { loadMonaco, type Monaco } from '../../components/monaco';
import { warmFrameDecoder } from '../../video/frameCache';
import { afterClipQuiet, afterClipShown } from './clip';
import { focusAfter, focusBefore } from './focusAfter';

/** Idle time before Monaco is loaded while no task is open. */
const WARM_UP_DELAY_MS = 1500;

/**
 * While the annotator looks at the queue: starts the frame decoder's worker at once (its module
 * loads on its own thread), and loads Monaco after a moment of idle, so that the first task opens
 * with the editor ready; not at once, as a task picked right away should not wait behind Monaco's
 * evaluation on the main thread.
 */
export function useWarmEditor(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    warmFrameDecoder();
    let idle = 0;
    const timer = window.setTimeout(() => {
      idle = window.requestIdleCallback(() => void loadMonaco(), { timeout: 2000 });
    }, WARM_UP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.cancelIdleCallback(idle);
    };
  }, [active]);
}

/** Line of the n-th call in text written by callsToText (or typed in one call per line). */
function lineOfCall(model: MonacoNs.editor.ITextModel, index: number): number {
  let seen = -1;
  for (let line = 1; line <= model.getLineCount(); line++) {
    if (model.getLineContent(line).includes('"tool_name"')) seen++;
    if (seen === index) return line;
  }
  return 1;
}

export function GtEditor({ scenario }: { scenario: ScenarioDef }) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MonacoNs.editor.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<Monaco | null>(null);
  const taskKey = useAnnotateStore((state) => (state.record ? `${state.record.task}/${state.record.annotator}` : null));
  const lint = useAnnotateStore((state) => state.lint);

  // Create the editor once per task; the text model is tied to the scenario's schema by URI.
  useEffect(() => {
    let disposed = false;
    let subscription: MonacoNs.IDisposable | null = null;
    let unsubscribe: (() => void) | null = null;
    let schema: EditorSchema | null = null;
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
      const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, 'json', uri);
      if (model.getValue() !== text) model.setValue(text);
      const instance = monaco.editor.create(host.current, {
        model,
        automaticLayout: true,
        minimap: { enabled: false },
        fontSize: 13,
        lineNumbers: 'on',
        scrollBeyondLastLine: false,
        wordWrap: 'on',
        quickSuggestions: { strings: true, other: true, comments: false },
        ariaLabel: 'Your key tool calls for this task (JSON); Escape leaves the editor forward, Shift+Escape back',
        theme: window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'vs-dark' : 'vs',
      });
      editor.current = instance;
      // Tab indents in the editor; Escape (with no suggestion or search open, and no selection or
      // second cursor, which Escape first takes away, as in VS Code) moves on to the next control,
      // Shift+Escape back to the one before (Shift+Tab outdents).
      const editorHost = host.current;
      const noWidget =
        '!suggestWidgetVisible && !findWidgetVisible && !parameterHintsVisible && !markersNavigationVisible && !editorHasSelection && !editorHasMultipleSelections';
      instance.addCommand(monaco.KeyCode.Escape, () => focusAfter(editorHost), noWidget);
      instance.addCommand(monaco.KeyMod.Shift | monaco.KeyCode.Escape, () => focusBefore(editorHost), noWidget);
      subscription = model.onDidChangeContent(() => {
        schema?.textChanged(() => model.getValue());
        const value = model.getValue();
        const state = useAnnotateStore.getState();
        if (!state.record) return;
        const parsed = parseCallsText(value);
        if (parsed.ok) {
          if (sameCalls(parsed.calls, state.record.calls) && state.record.editor_text === null) return;
          state.edit({ calls: mergeCalls(state.record.calls, parsed.calls), editor_text: null });
        } else if (state.record.editor_text !== value) state.edit({ editor_text: value });
      });
      // Calls changed elsewhere (the call list, the console): show them, keeping undo.
      unsubscribe = useAnnotateStore.subscribe((state, previous) => {
        if (!state.record || state.record.calls === previous.record?.calls) return;
        if (state.record.editor_text !== null) return;
        const current = parseCallsText(model.getValue());
        if (current.ok && sameCalls(current.calls, state.record.calls)) return;
        const next = callsToText(state.record.calls);
        model.pushEditOperations([], [{ range: model.getFullModelRange(), text: next }], () => null);
      });
    };
    void mount();
    return () => {
      disposed = true;
      subscription?.dispose();
      unsubscribe?.();
      schema?.dispose();
      editor.current?.dispose();
      editor.current = null;
    };
  }, [scenario, taskKey]);

  // Lint as markers beside the schema's own.
  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editor.current?.getModel();
    if (!monaco || !model) return;
    monaco.editor.setModelMarkers(
      model,
      'egobench-lint',
      lint.map((issue) => {
        const line = lineOfCall(model, issue.call);
        return {
          severity: issue.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
          message: issue.message,
          startLineNumber: line,
          endLineNumber: line,
          startColumn: 1,
          endColumn: model.getLineMaxColumn(line),
        };
      }),
    );
  }, [lint]);

  return <div className="gt-editor" data-testid="gt-editor" ref={host} />;
}
