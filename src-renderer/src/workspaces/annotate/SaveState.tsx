// Where the open task's annotation stands: saving, saved (the revision the file gets), not saved,
// waiting on a conflict with the file, or calls text that does not parse, which stays in this browser while the file keeps the last
// calls that did (the header must not say "Saved" over text the file does not have).
import type { AnnotationRecord } from '../../db/schema';

interface Props {
  record: AnnotationRecord | null;
  saveState: 'saved' | 'pending' | 'error';
  /** The open task's line waits on a conflict with the file's (write-through): saved here, not there. */
  conflicted: boolean;
  /** Saved edits the host has not taken (offline, refused): the header must not say the file has them. */
  unsent: number;
  /** The open task's line left the file with most of it (a branch switch): kept here until the annotator says. */
  held: boolean;
}

export function SaveState({ record, saveState, conflicted, unsent, held }: Props) {
  const revision = record?.revision ?? 0;
  const unparsed = saveState === 'saved' && record !== null && record.editor_text !== null;
  const [text, kind, title] =
    saveState === 'pending'
      ? ['Saving…', 'pending', '']
      : saveState === 'error'
        ? ['Not saved!', 'error', '']
        : conflicted
          ? [
              'Not in the file: a conflict to resolve',
              'error',
              `Revision ${revision} is kept in this browser; the file holds another version of this task. Choose what to keep.`,
            ]
          : held
          ? ['Not in the file: kept in this browser', 'pending', `Revision ${revision} is kept in this browser; the file no longer holds it. See the bar: write it back, or wait for the file.`]
          : unparsed
          ? [
              'Not in the file: the text does not parse',
              'error',
              `The calls text is kept in this browser only; the file has the last calls that parsed (${revision > 0 ? `revision ${revision}` : 'none yet'}). Fix the text to save it.`,
            ]
          : unsent > 0
            ? [
                `Saved in this browser · rev ${revision}`,
                'pending',
                `${unsent} saved edit(s) are not in the file yet: the host has not taken them (see the badge beside it). They go out when it does.`,
              ]
            : [`Saved · rev ${revision}`, 'saved', `revision ${revision}`];
  return (
    <span className={`save-state ${kind}`} data-testid="save-state" title={title}>
      {text}
    </span>
  );
}
