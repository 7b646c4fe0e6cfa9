// Bottom bar: open dataset, its clips, where the annotator's edits stand (write-through), host kind
// (and the team person), the latest message, and the shortcut hint.
import { useEffect, useRef } from 'react';
import { useStatusBar, useStudioStore } from '../state/store';
import { useAnnotateStore } from '../workspaces/annotate/annotateStore';
import { WriteThroughBadge } from '../workspaces/annotate/WriteThroughBadge';
import { ClipsControl } from './ClipsControl';

/**
 * When the annotator's edits stop reaching the host (`offline, N unsent`, `not written, N unsent`),
 * a "Saved ..." notice from before is stale: it stayed beside the badge saying the opposite. It is
 * dropped once, as they stop: the retries' 'sending' between two failures is not a new stop, so a
 * notice shown since (another file written) is news and stays.
 */
function useDropNoticeWhenNotWriting(): void {
  const state = useAnnotateStore((store) => store.writeThrough.state);
  const dropNotice = useStudioStore((store) => store.dropNotice);
  const stopped = useRef(false);
  useEffect(() => {
    const notWriting = state === 'offline' || state === 'error';
    if (notWriting && !stopped.current) dropNotice();
    if (notWriting) stopped.current = true;
    else if (state !== 'sending') stopped.current = false; // written again (or a conflict to settle)
  }, [state, dropNotice]);
}

export function StatusBar() {
  const { dataset, hostKind, version, message, problems, setProblemsOpen } = useStatusBar();
  // On a team host: who the personal link says this is.
  const team = useStudioStore((state) => state.appInfo?.team);
  useDropNoticeWhenNotWriting();
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
