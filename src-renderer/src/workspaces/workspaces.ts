// The studio's workspaces, in tab order. Each has a hash route (#/annotate) and a view component.
export const workspaceIds = ['annotate', 'adjudicate', 'replay', 'reports'] as const;
export type WorkspaceId = (typeof workspaceIds)[number];

export const workspaceLabels: Record<WorkspaceId, string> = {
  annotate: 'Annotate',
  adjudicate: 'Adjudicate',
  replay: 'Replay',
  reports: 'Reports',
};

export const defaultWorkspace: WorkspaceId = 'annotate';

/** Workspaces that show the dataset's evaluation (its rows, its figures). */
export function showsEvaluation(id: WorkspaceId): boolean {
  return id === 'replay' || id === 'reports';
}

export function isWorkspaceId(value: string): value is WorkspaceId {
  return (workspaceIds as readonly string[]).includes(value);
}

/** `#/replay` -> 'replay'; anything unknown -> null. */
export function workspaceFromHash(hash: string): WorkspaceId | null {
  const id = hash.replace(/^#\/?/, '').split('/')[0];
  return isWorkspaceId(id) ? id : null;
}

export function hashForWorkspace(id: WorkspaceId): string {
  return `#/${id}`;
}

/**
 * Replay's last route in this page (the run open, its call, a view): going back to Replay from
 * another workspace returns there (a look at Reports had dropped the run). Only Replay: another
 * workspace's tab opens its start, as before.
 */
let replayReturn: string | null = null;

/** Notes the route shown (useHashRoute calls it on each change of the hash). */
export function routeShown(hash: string): void {
  if (workspaceFromHash(hash) === 'replay') replayReturn = hash;
}

/** Where switching to `id` from another workspace goes: Replay's last route, else the workspace's start. */
export function hashToReturnTo(id: WorkspaceId): string {
  return id === 'replay' && replayReturn !== null ? replayReturn : hashForWorkspace(id);
}
