// Keeps the store's workspace in step with the URL hash (#/annotate, #/replay, ...).
import { useEffect } from 'react';
import { useStudioStore } from '../state/store';
import { defaultWorkspace, hashForWorkspace, routeShown, workspaceFromHash } from '../workspaces/workspaces';

export function useHashRoute(): void {
  useEffect(() => {
    const sync = () => {
      const workspace = workspaceFromHash(window.location.hash);
      routeShown(window.location.hash);
      if (workspace) useStudioStore.getState().setWorkspace(workspace);
      else window.history.replaceState(null, '', hashForWorkspace(defaultWorkspace));
    };
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, []);
}
