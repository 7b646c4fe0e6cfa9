// One task of the conflict dialog: its pick (mine or the file's line), and the two versions
// compared in full, with the text being typed in the editor that a pick of the file would drop.
import { useState } from 'react';
import { TextDiff } from '../../components/TextDiff';
import { contentText, type ConflictPick, type SyncConflict } from '../../db/annotationFile';
import { copyText } from '../reports/save';

export type Side = ConflictPick['side'];

type Version = SyncConflict['mine'] | SyncConflict['theirs'];

/** What the version is, in a line: revision, when it was saved, its calls by name. */
function summary(value: Version): string {
  const saved = new Date(value.updated_at);
  const when = typeof value.updated_at !== 'string' ? 'at an unknown time' : Number.isNaN(saved.getTime()) ? value.updated_at : saved.toLocaleString();
  const calls = value.calls.map((call) => call.tool_name).join(' → ') || 'no calls';
  return `${value.status ?? 'no status'}, saved ${when}: ${calls}`;
}

const sideLabel = (side: Side, value: Version) => `${side === 'mine' ? 'Mine' : 'File'} (rev ${value.revision})`;

export interface ConflictTaskProps {
  conflict: SyncConflict;
  side: Side | undefined;
  /** Whether its versions are the ones compared below. */
  shown: boolean;
  onShow(): void;
  onChoose(side: Side): void;
}

export function ConflictTask({ conflict, side, shown, onShow, onChoose }: ConflictTaskProps) {
  return (
    <fieldset className={shown ? 'shown' : undefined} data-task-id={conflict.task} onFocus={onShow}>
      <legend>
        <button type="button" className="link" onClick={onShow} aria-current={shown ? 'true' : undefined} aria-controls="conflict-detail">
          {conflict.task}
        </button>
      </legend>
      {(['mine', 'theirs'] as const).map((option) => {
        const value = option === 'mine' ? conflict.mine : conflict.theirs;
        return (
          <label key={option}>
            <input type="radio" name={conflict.task} checked={side === option} onChange={() => onChoose(option)} />
            {sideLabel(option, value)}
            <span className="muted"> {summary(value)}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** The shown task's two versions side by side, and the editor's text that is not calls yet. */
export function ConflictDetail({ conflict }: { conflict: SyncConflict }) {
  const typed = conflict.mine.editor_text;
  return (
    <div className="conflict-detail" id="conflict-detail" data-testid="conflict-detail" data-task-id={conflict.task}>
      <TextDiff
        original={contentText(conflict.mine)}
        modified={contentText(conflict.theirs)}
        captions={[`${conflict.task}: ${sideLabel('mine', conflict.mine)}`, `${sideLabel('theirs', conflict.theirs)}`]}
        testId="conflict-diff"
      />
      {typed !== null && <TypedText text={typed} />}
    </div>
  );
}

function TypedText({ text }: { text: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className="conflict-typed" data-testid="conflict-typed">
      <p>
        Your editor also holds text that is not calls yet: it stays with <strong>Mine</strong>; taking the file&apos;s version drops it.{' '}
        <button type="button" onClick={() => void copyText(text).then(() => setCopied('Copied'), (error: Error) => setCopied(`Not copied: ${error.message}`))}>
          Copy text
        </button>{' '}
        {copied && <span role="status">{copied}</span>}
      </p>
      <pre>{text}</pre>
    </div>
  );
}
