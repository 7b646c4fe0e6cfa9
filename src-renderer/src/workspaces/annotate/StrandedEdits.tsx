// The edits the view left before the browser would store them (strandedEdits.ts): how many, which
// tasks, a retry, and a copy of them as text, so that a person can keep them whatever happens.
import { useState } from 'react';
import { copyText } from '../reports/save';
import { useAnnotateStore } from './annotateStore';
import { strandedText } from './strandedEdits';

export function StrandedEdits() {
  const stranded = useAnnotateStore((state) => state.stranded);
  const [copied, setCopied] = useState<string | null>(null);
  if (stranded.length === 0) return null;
  const rows = stranded.map((edit) => `${edit.task} (${edit.annotator})`).join(', ');
  return (
    <span className="save-state error" role="alert" data-testid="stranded-edits" title={rows}>
      {stranded.length} edit(s) not saved in this browser: {rows}.{' '}
      <button type="button" className="link" data-testid="stranded-retry" onClick={() => void useAnnotateStore.getState().flush()}>
        Try again
      </button>{' '}
      <button
        type="button"
        className="link"
        onClick={() => void copyText(strandedText(stranded)).then(() => setCopied('copied'), (error: Error) => setCopied(`not copied: ${error.message}`))}
      >
        Copy them
      </button>
      {copied && ` (${copied})`}
    </span>
  );
}
