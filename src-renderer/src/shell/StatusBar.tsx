// Bottom bar: open dataset, its clips, where the annotator's edits stand (write-through), host kind
// (and the team person), the latest message, and the shortcut hint.
import { useEffect } from 'react';
import { useStatusBar, useStudioStore } from '../state/store';
import { useAnnotateStore } from '../workspaces/annotate/annotateStore';
import { WriteThroughBadge } from '../workspaces/annotate/WriteThroughBadge';
import { ClipsControl } from './ClipsControl';

/**
 * When the annotator's edits stop reaching the host (`offline, N unsent`, `not written, N unsent`),
 * a "Saved ..." notice from before is stale: it stayed beside the badge saying the opposite. A
 * notice shown since (another file written) is news and stays.
 */
function useDropNoticeWhenNotWriting(): void {
  const notWriting = useAnnotateStore((state) => state.writeThrough.state === 'offline' || state.writeThrough.state === 'error');
  const dropNotice = useStudioStore((state) => state.dropNotice);
  useEffect(() => {
    if (notWriting) dropNotice();
  }, [notWriting, dropNotice]);
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
