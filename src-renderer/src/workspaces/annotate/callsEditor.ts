// How the ground-truth editor (GtEditor.tsx) is set up: its Monaco options, and the keys that
// leave it (Tab indents there).
import type * as MonacoNs from 'monaco-editor/editor/editor.api';
import type { Monaco } from '../../components/monaco';
import { focusAfter, focusBefore } from './focusAfter';

export function callsEditorOptions(model: MonacoNs.editor.ITextModel): MonacoNs.editor.IStandaloneEditorConstructionOptions {
  return {
    model,
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 13,
    lineNumbers: 'on',
    scrollBeyondLastLine: false,
    wordWrap: 'on',
    quickSuggestions: { strings: true, other: true, comments: false },
    // A bracket or quote typed over a selection replaces it: surrounding it instead left stray
    // closers after Ctrl+A and typing a new list over the `[ ]` a new task starts with.
    autoSurround: 'never',
    ariaLabel: 'Your key tool calls for this task (JSON); Escape leaves the editor forward, Shift+Escape back',
    theme: window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'vs-dark' : 'vs',
  };
}

/**
 * Tab indents in the editor; Escape (with no suggestion, search or hover open, no completion's
 * placeholders to fill, and no selection or second cursor, which Escape first takes away, as in VS
 * Code) moves on to the next control, Shift+Escape back to the one before (Shift+Tab outdents).
 */
export function leaveOnEscape(monaco: Monaco, instance: MonacoNs.editor.IStandaloneCodeEditor, editorHost: HTMLElement): void {
  const noWidget =
    '!suggestWidgetVisible && !findWidgetVisible && !parameterHintsVisible && !markersNavigationVisible && !editorHoverVisible && !inSnippetMode && !editorHasSelection && !editorHasMultipleSelections';
  instance.addCommand(monaco.KeyCode.Escape, () => focusAfter(editorHost), noWidget);
  instance.addCommand(monaco.KeyMod.Shift | monaco.KeyCode.Escape, () => focusBefore(editorHost), noWidget);
}
