// Bottom bar: open dataset, its clips, where the annotator's edits stand (write-through), host kind
// (and the team person), the latest message, and the shortcut hint.
import { useEffect, useRef } from 'react';
import { useStatusBar, useStudioStore } from '../state/store';
import { useAnnotateStore } from '../workspaces/annotate/annotateStore';
import { WriteThroughBadge } from '../workspaces/annotate/WriteThroughBadge';
import { ClipsControl } from './ClipsControl';

/**
 * When the open task's edits are not in the file (the host does not take them: `offline, N
 * unsent`, `not written, N unsent`; or the calls text does not parse, which the header says), a
 * "Saved ..." notice from before is stale: it stayed beside the badge or under the header saying
 * the opposite. It is dropped once, as they stop reaching the file: the retries' 'sending' between
 * two failures is not a new stop, so a notice shown since (another file written) is news and stays.
 */
function useDropNoticeWhenNotInFile(): void {
  const state = useAnnotateStore((store) => store.writeThrough.state);
  const unparsed = useAnnotateStore((store) => store.saveState === 'saved' && store.record !== null && store.record.editor_text !== null);
  const dropNotice = useStudioStore((store) => store.dropNotice);
  const stopped = useRef(false);
  useEffect(() => {
    const notInFile = state === 'offline' || state === 'error' || state === 'held' || unparsed;
    if (notInFile && !stopped.current) dropNotice();
    if (notInFile) stopped.current = true;
    else if (state !== 'sending') stopped.current = false; // written again (or a conflict to settle)
  }, [state, unparsed, dropNotice]);
}

export function StatusBar() {
  const { dataset, hostKind, version, message, problems, setProblemsOpen } = useStatusBar();
  // On a team host: who the personal link says this is.
  const team = useStudioStore((state) => state.appInfo?.team);
  useDropNoticeWhenNotInFile();
  return (
    <footer className="status-bar" data-testid="status-bar">
      <span data-testid="status-dataset">{dataset ? dataset.name : 'No dataset open'}</span>
      {problems > 0 && (
        <button type="button" className="link status-problems" onClick={() => setProblemsOpen(true)} data-testid="status-problems">
          ⚠ {problems} problem{problems === 1 ? '' : 's'}
        </button>
      )}
      <ClipsControl key={dataset?.id ?? ''} />
      <WriteThroughBadge />
      <span data-testid="status-host">
        {hostKind === 'electron' ? 'Desktop' : hostKind === 'web' ? 'Browser host' : 'Connecting…'}
        {team && ` · ${team.name} (${team.role})`}
      </span>
      <span className={message?.kind === 'error' ? 'status-message error' : 'status-message'} role="status" data-testid="status-message" title={message?.text}>
        {message?.text ?? ''}
      </span>
      <span className="muted">{version ? `v${version} · ` : ''}Press ? for shortcuts</span>
    </footer>
  );
}
