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
