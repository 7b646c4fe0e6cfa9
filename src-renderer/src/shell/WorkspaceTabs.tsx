// The workspace tabs. Each is a link to its hash route, so back/forward and reload keep the tab.
import { hashForWorkspace, hashToReturnTo, workspaceIds, workspaceLabels, type WorkspaceId } from '../workspaces/workspaces';

export function WorkspaceTabs({ active }: { active: WorkspaceId }) {
  return (
    <nav className="workspace-tabs" role="tablist" aria-label="Workspaces">
      {workspaceIds.map((id) => (
        <a
          key={id}
          id={`tab-${id}`}
          href={id === active ? hashForWorkspace(id) : hashToReturnTo(id)}
          role="tab"
          aria-selected={id === active}
          aria-controls="workspace-panel"
          className={id === active ? 'tab active' : 'tab'}
          data-testid={`workspace-${id}`}
        >
          {workspaceLabels[id]}
        </a>
      ))}
    </nav>
  );
}
