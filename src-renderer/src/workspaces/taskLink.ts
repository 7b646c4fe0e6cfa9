// The task a workspace has open, kept in the address (#/annotate/<task id>, #/adjudicate/<task id>)
// so a reload, or a link pasted from a colleague, opens the same task again.
import { useCallback } from 'react';
import { useHashValue } from './useHashValue';
import { workspaceFromHash } from './workspaces';

export type TaskWorkspace = 'annotate' | 'adjudicate';

export function taskHash(workspace: TaskWorkspace, taskId: string | null): string {
  return taskId === null ? `#/${workspace}` : `#/${workspace}/${encodeURIComponent(taskId)}`;
}

/** `#/annotate/kitchen%2F1` -> 'kitchen/1'; the workspace alone, another route or a bad escape -> null. */
export function parseTaskHash(workspace: TaskWorkspace, hash: string): string | null {
  const match = new RegExp(`^#?/?${workspace}/([^/]+)$`).exec(hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * The task named by the address, kept in step with it (a pasted link, Back), and `show`, which puts
 * the task the workspace opened into the address without a history entry: Back leaves the
 * workspace rather than walking every task opened.
 */
export function useTaskLink(workspace: TaskWorkspace): { linked: string | null; show(taskId: string | null): void } {
  const parse = useCallback((hash: string) => parseTaskHash(workspace, hash), [workspace]);
  const [linked, setLinked] = useHashValue(parse);
  const show = useCallback(
    (taskId: string | null) => {
      // Only while the address is the workspace's: a task closing as another workspace shows leaves it alone.
      const hash = window.location.hash;
      if (workspaceFromHash(hash) !== workspace) return;
      const next = taskHash(workspace, taskId);
      if (hash !== next) window.history.replaceState(null, '', next);
      setLinked(taskId);
    },
    [workspace, setLinked],
  );
  return { linked, show };
}
