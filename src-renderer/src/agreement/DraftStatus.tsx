// Where the adjudication's draft is kept: in the dataset's file of the adjudicator's drafts, or in
// this browser only (no name yet, the host away or refusing), and what in that file is no draft.
import type { DraftHostStatus } from './draftWriteThrough';

export function DraftStatus({ status, path, problems }: { status: DraftHostStatus | null; path: string | null; problems: readonly string[] }) {
  return (
    <div className="muted draft-status" data-testid="draft-status" data-kind={path === null ? 'browser' : (status?.kind ?? 'idle')}>
      {path === null ? 'Draft kept in this browser only: name the adjudicator to keep it in the dataset too.' : statusText(status, path)}
      {path !== null && problems.length > 0 && (
        <div className="agreement-error" data-testid="draft-file-problems">
          {path}, left as it is: {problems.slice(0, 3).join('; ')}
          {problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}
        </div>
      )}
    </div>
  );
}

function statusText(status: DraftHostStatus | null, path: string): string {
  switch (status?.kind) {
    case undefined:
      return `Drafts are kept in ${path} until Finalize.`;
    case 'waiting':
      return `Saving the draft to ${path}…`;
    case 'saved':
      return `Draft kept in ${path} until Finalize.`;
    case 'superseded':
      return `Another browser changed the draft of ${status.tasks.join(', ')} later; its draft is the one in ${path} (open the task again to take it).`;
    case 'offline':
      return `Draft kept in this browser for now: the host cannot be reached (${status.message}); tried again every 2 s.`;
    case 'failing':
      return `Draft kept in this browser for now: ${path} could not be written (${status.message}); tried again every 10 s.`;
    case 'refused':
      return `Draft kept in this browser only: ${path} was not written (${status.message}).`;
  }
}
