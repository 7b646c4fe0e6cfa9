// The ground-truth editor's text and the open record kept in step both ways: typed text becomes
// the record's calls when it parses (else it is kept as its editor_text), and calls changed
// elsewhere (the call list, the console) are shown in the text.
import type * as MonacoNs from 'monaco-editor/editor/editor.api';
import { useAnnotateStore } from './annotateStore';
import { callsToText, mergeCalls, parseCallsText, sameCalls } from './callsText';
import type { EditorSchema } from './editorSchema';
import type { CallEntry } from '../../db/schema';

/** Removed calls kept for an undo: this many, the latest. */
const DEPARTED_KEPT = 100;

/** `departed` with the calls of `before` that `after` no longer holds (by id); a new task starts afresh. */
function withDeparted(departed: { task: string; calls: CallEntry[] }, task: string, before: readonly CallEntry[], after: readonly CallEntry[]) {
  const calls = departed.task === task ? departed.calls : [];
  const ids = new Set(after.map((call) => call.id));
  const gone = before.filter((call) => !ids.has(call.id));
  return { task, calls: gone.length === 0 ? calls : [...calls, ...gone].slice(-DEPARTED_KEPT) };
}

/** Starts keeping `model` and the store in step (the schema follows the text too); returns the stop. */
export function syncCallsModel(model: MonacoNs.editor.ITextModel, schema: EditorSchema): () => void {
  // The open task's calls removed so far (the list's ✕, text cut): an undo that brings one back
  // gives it its id and evidence frame again (mergeCalls); they came back as new calls, frame lost.
  let departed: { task: string; calls: CallEntry[] } = { task: '', calls: [] };
  const subscription = model.onDidChangeContent(() => {
    schema.textChanged(() => model.getValue());
    const value = model.getValue();
    const state = useAnnotateStore.getState();
    if (!state.record) return;
    const parsed = parseCallsText(value);
    if (parsed.ok) {
      if (sameCalls(parsed.calls, state.record.calls) && state.record.editor_text === null) return;
      state.edit({ calls: mergeCalls(state.record.calls, parsed.calls, departed.task === state.record.task ? departed.calls : []), editor_text: null });
    } else if (state.record.editor_text !== value) state.edit({ editor_text: value });
  });
  // Calls changed elsewhere: show them, keeping undo.
  const unsubscribe = useAnnotateStore.subscribe((state, previous) => {
    if (!state.record || state.record.calls === previous.record?.calls) return;
    departed = withDeparted(departed, state.record.task, previous.record?.task === state.record.task ? previous.record.calls : [], state.record.calls);
    if (state.record.editor_text !== null) return;
    const current = parseCallsText(model.getValue());
    if (current.ok && sameCalls(current.calls, state.record.calls)) return;
    const next = callsToText(state.record.calls);
    // An undo step of its own: merged into the typing before it, one Ctrl+Z undid both, and an
    // undo after text typed in another layout cut characters from the values.
    model.pushStackElement();
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: next }], () => null);
    model.pushStackElement();
  });
  return () => {
    subscription.dispose();
    unsubscribe();
  };
}
