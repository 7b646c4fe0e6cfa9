// The edits the browser would not store that no screen shows (strandedEdits.ts): how many, which
// tasks, a retry, a copy of them as text, so that a person can keep them whatever happens, and for
// those whose row changed here since (never saved over it) a way to let them go.
import { useState } from 'react';
import { useConfirm } from '../../components/useConfirm';
import { copyText } from '../reports/save';
import { useAnnotateStore } from './annotateStore';
import { strandedText } from './strandedEdits';

export function StrandedEdits() {
  const stranded = useAnnotateStore((state) => state.stranded);
  const datasetId = useAnnotateStore((state) => state.datasetId);
  const [outcome, setOutcome] = useState<string | null>(null);
  const confirmation = useConfirm('stranded-discard-confirm');
  if (stranded.length === 0) return null;
  const rows = stranded
    .map((edit) => `${edit.task} (${[edit.annotator, edit.dataset === datasetId ? '' : 'another dataset', edit.moved ? 'changed here since' : ''].filter(Boolean).join(', ')})`)
    .join(', ');
  const moved = stranded.filter((edit) => edit.moved).length;
  const discard = async () => {
    const yes = await confirmation.ask({
      title: `Discard ${moved} edit(s)?`,
      detail: 'Their tasks changed in this browser since they were made, so they are not saved over them. Copy them first to keep them.',
      confirm: 'Discard',
    });
    if (yes) useAnnotateStore.getState().discardMoved();
  };
  const retry = async () => {
    setOutcome(null);
    await useAnnotateStore.getState().flush();
    if (useAnnotateStore.getState().stranded.length > 0) setOutcome('still refused');
  };
  return (
    <span className="save-state error" role="status" data-testid="stranded-edits" title={rows}>
      {stranded.length} edit(s) not saved in this browser: {rows}.{' '}
      <button type="button" className="link" data-testid="stranded-retry" onClick={() => void retry()}>
        Try again
      </button>{' '}
      <button
        type="button"
        className="link"
        onClick={() => void copyText(strandedText(stranded)).then(() => setOutcome('copied'), (error: Error) => setOutcome(`not copied: ${error.message}`))}
      >
        Copy them
      </button>
      {moved > 0 && (
        <>
          {' '}
          <button type="button" className="link" data-testid="stranded-discard" onClick={() => void discard()}>
            Discard changed ones
          </button>
        </>
      )}
      {outcome && ` (${outcome})`}
      {confirmation.dialog}
    </span>
  );
}
