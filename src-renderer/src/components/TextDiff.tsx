// The studio's one side-by-side diff of two read-only texts (Monaco's diff editor): Adjudicate's
// canonical calls of two annotators, Annotate's conflict between a row and its file's line.
import { useEffect, useRef } from 'react';
import { loadMonaco } from './monaco';
import './text-diff.css';

type DiffEditor = import('monaco-editor/editor/editor.api').editor.IStandaloneDiffEditor;

export interface TextDiffProps {
  original: string;
  modified: string;
  /** The captions over the two sides; each side's editor is named "<caption> (read only)" to a screen reader. */
  captions: [string, string];
  testId?: string;
}

export function TextDiff({ original, modified, captions, testId }: TextDiffProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<DiffEditor | null>(null);
  const [left, right] = captions.map((caption) => `${caption} (read only)`);

  useEffect(() => {
    let disposed = false;
    void loadMonaco().then((monaco) => {
      if (disposed || !host.current) return;
      const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;
      editor.current = monaco.editor.createDiffEditor(host.current, {
        readOnly: true,
        originalEditable: false,
        automaticLayout: true,
        renderSideBySide: true,
        // Side by side even in a narrow pane (Monaco switches to inline below 900 px by default).
        useInlineViewWhenSpaceIsLimited: false,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        theme: dark ? 'vs-dark' : 'vs',
        fontSize: 12,
        // Monaco dims the line number after a final newline below WCAG AA contrast; shown plainly.
        renderFinalNewline: 'on',
      });
      editor.current.setModel({ original: monaco.editor.createModel('', 'json'), modified: monaco.editor.createModel('', 'json') });
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
      const diff = editor.current;
      const model = diff?.getModel();
      if (!diff || !model) return;
      // The diff's two editors name themselves (their edit contexts are text fields to a screen reader).
      diff.getOriginalEditor().updateOptions({ ariaLabel: left });
      diff.getModifiedEditor().updateOptions({ ariaLabel: right });
      if (model.original.getValue() !== original) model.original.setValue(original);
      if (model.modified.getValue() !== modified) model.modified.setValue(modified);
    };
    apply();
    const element = host.current;
    element?.addEventListener('monaco-ready', apply);
    return () => element?.removeEventListener('monaco-ready', apply);
  }, [original, modified, left, right]);

  return (
    <div className="text-diff-wrap">
      <div className="diff-captions">
        <span>{captions[0]}</span>
        <span>{captions[1]}</span>
      </div>
      <div className="text-diff" data-testid={testId} ref={host} />
    </div>
  );
}
