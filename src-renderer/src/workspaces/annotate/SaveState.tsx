// Where the open task's annotation stands: saving, saved (the revision the file gets), not saved,
// or calls text that does not parse, which stays in this browser while the file keeps the last
// calls that did (the header must not say "Saved" over text the file does not have).
import type { AnnotationRecord } from '../../db/schema';

interface Props {
  record: AnnotationRecord | null;
  saveState: 'saved' | 'pending' | 'error';
}

export function SaveState({ record, saveState }: Props) {
  const revision = record?.revision ?? 0;
  const unparsed = saveState === 'saved' && record !== null && record.editor_text !== null;
  const [text, kind, title] =
    saveState === 'pending'
      ? ['Saving…', 'pending', '']
      : saveState === 'error'
        ? ['Not saved!', 'error', '']
        : unparsed
          ? [
              'Not in the file: the text does not parse',
              'error',
              `The calls text is kept in this browser only; the file has the last calls that parsed (${revision > 0 ? `revision ${revision}` : 'none yet'}). Fix the text to save it.`,
            ]
          : [`Saved · rev ${revision}`, 'saved', `revision ${revision}`];
  return (
    <span className={`save-state ${kind}`} data-testid="save-state" title={title}>
      {text}
    </span>
  );
}
