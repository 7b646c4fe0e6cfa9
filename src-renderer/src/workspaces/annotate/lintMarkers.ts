// The lint's issues (lint.ts) as markers in the ground-truth editor, beside the JSON schema's own.
import type * as MonacoNs from 'monaco-editor/editor/editor.api';
import type { Monaco } from '../../components/monaco';
import type { LintIssue } from './lint';

/** Line of the n-th call in text written by callsToText (or typed in one call per line). */
function lineOfCall(model: MonacoNs.editor.ITextModel, index: number): number {
  let seen = -1;
  for (let line = 1; line <= model.getLineCount(); line++) {
    if (model.getLineContent(line).includes('"tool_name"')) seen++;
    if (seen === index) return line;
  }
  return 1;
}

/** Replaces the model's lint markers with `lint`'s, each over its call's line. */
export function setLintMarkers(monaco: Monaco, model: MonacoNs.editor.ITextModel, lint: LintIssue[]): void {
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
}
