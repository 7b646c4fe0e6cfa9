// Where the adjudication's draft is kept: in the dataset's file of the adjudicator's drafts, or in
// this browser only (no name yet, the host away or refusing); what in that file is no draft; and,
// when another browser changed this draft in the file since this page read it, the choice between
// theirs and this page's.
import { keptInBrowserText, type DraftHostStatus } from './draftWriteThrough';

interface DraftStatusProps {
  status: DraftHostStatus | null;
  /** The adjudicator's file of drafts; null: none (no adjudicator named). */
  path: string | null;
  problems: readonly string[];
  /** Another browser's draft of this adjudication in the file, and when and what it says. */
  conflict: { updatedAt?: string; note: string } | null;
  onResolve(take: 'theirs' | 'mine'): void;
  finalized: boolean;
}

export function DraftStatus({ status, path, problems, conflict, onResolve, finalized }: DraftStatusProps) {
  if (path === null)
    return (
      <div className="muted draft-status" data-testid="draft-status" data-kind="browser">
        Draft kept in this browser only: name the adjudicator to keep it in the dataset too.
      </div>
    );
  return (
    <div className="muted draft-status" data-testid="draft-status" data-kind={conflict ? 'conflict' : (status?.kind ?? 'idle')}>
      {conflict ? <DraftConflict path={path} theirs={conflict} onResolve={onResolve} /> : finalized ? `Finalized: this task's draft leaves ${path}.` : statusText(status, path)}
      {problems.length > 0 && (
        <div className="agreement-error" data-testid="draft-file-problems">
          {path}, left as it is: {problems.slice(0, 3).join('; ')}
          {problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}
        </div>
      )}
    </div>
  );
}

function DraftConflict({ path, theirs, onResolve }: { path: string; theirs: { updatedAt?: string; note: string }; onResolve(take: 'theirs' | 'mine'): void }) {
  const when = theirs.updatedAt ? new Date(theirs.updatedAt).toLocaleString() : 'a time not given';
  return (
    <div className="agreement-error" role="alert" data-testid="draft-conflict">
      {path} holds another draft of this task, changed in another browser ({when}
      {theirs.note ? `; its rationale: "${theirs.note.length > 80 ? `${theirs.note.slice(0, 80)}…` : theirs.note}"` : ''}). Nothing is written there until you choose.{' '}
      <button type="button" data-testid="take-their-draft" onClick={() => onResolve('theirs')}>
        Take that draft
      </button>{' '}
      <button type="button" data-testid="keep-my-draft" onClick={() => onResolve('mine')}>
        Keep mine (written over it)
      </button>
    </div>
  );
}

function statusText(status: DraftHostStatus | null, path: string): string {
  switch (status?.kind) {
    case undefined:
    case 'conflict': // another adjudication's: this one's is shown above
      return `Drafts are kept in ${path} until Finalize.`;
    case 'waiting':
      return `Saving the draft to ${path}…`;
    case 'saved':
      return `Draft kept in ${path} until Finalize.`;
    case 'offline':
    case 'failing':
    case 'refused':
      return `Draft kept ${keptInBrowserText(status)}`;
  }
}
