// Monaco's diff editor over the canonical JSON (SPEC §8.1 strings) of the two call sequences.
import { useEffect, useRef } from 'react';
import { canonicalJson } from '../../../shared/eval/canonical';
import type { ToolCall } from '../../../shared/format/types';
import { loadMonaco } from '../components/monaco';

export function canonicalText(calls: readonly ToolCall[]): string {
  return `${JSON.stringify(canonicalJson(calls.map((c) => ({ tool_name: c.tool_name.trim(), parameters: c.parameters }))), null, 2)}\n`;
}

type DiffEditor = import('monaco-editor/editor/editor.api').editor.IStandaloneDiffEditor;

export function CanonicalDiff({ a, b, names }: { a: readonly ToolCall[]; b: readonly ToolCall[]; names: [string, string] }) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<DiffEditor | null>(null);
  const textA = canonicalText(a);
  const textB = canonicalText(b);

  useEffect(() => {
    let disposed = false;
    void loadMonaco().then((monaco) => {
      if (disposed || !host.current) return;
      const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;
      editor.current = monaco.editor.createDiffEditor(host.current, {
        readOnly: true,
        originalEditable: false,
        originalAriaLabel: 'Annotator A, canonical calls (read only)',
        modifiedAriaLabel: 'Annotator B, canonical calls (read only)',
        automaticLayout: true,
        renderSideBySide: true,
        // Side by side even in a narrow pane (Monaco switches to inline below 900 px by default).
        useInlineViewWhenSpaceIsLimited: false,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        theme: dark ? 'vs-dark' : 'vs',
        fontSize: 12,
      });
      editor.current.setModel({ original: monaco.editor.createModel('', 'json'), modified: monaco.editor.createModel('', 'json') });
      // The diff's two editors name themselves (their edit contexts are text fields to a screen reader).
      editor.current.getOriginalEditor().updateOptions({ ariaLabel: 'Annotator A, canonical calls (read only)' });
      editor.current.getModifiedEditor().updateOptions({ ariaLabel: 'Annotator B, canonical calls (read only)' });
      host.current.dataset.ready = 'true';
      host.current.dispatchEvent(new Event('monaco-ready'));
    });
    return () => {
      disposed = true;
      const model = editor.current?.getModel();
      editor.current?.dispose();
      model?.original.dispose();
      model?.modified.dispose();
      editor.current = null;
    };
  }, []);

  useEffect(() => {
    const apply = () => {
      const model = editor.current?.getModel();
      if (!model) return;
      if (model.original.getValue() !== textA) model.original.setValue(textA);
      if (model.modified.getValue() !== textB) model.modified.setValue(textB);
    };
    apply();
    const element = host.current;
    element?.addEventListener('monaco-ready', apply);
    return () => element?.removeEventListener('monaco-ready', apply);
  }, [textA, textB]);

  return (
    <div className="adjudication-diff-wrap">
      <div className="diff-captions">
        <span>{names[0]} (canonical)</span>
        <span>{names[1]} (canonical)</span>
      </div>
      <div className="adjudication-diff" data-testid="adjudication-diff" ref={host} />
    </div>
  );
}
