// Renders the active workspace.
import type { ComponentType } from 'react';
import { AdjudicateWorkspace } from './adjudicate/AdjudicateWorkspace';
import { AnnotateWorkspace } from './annotate/AnnotateWorkspace';
import { ReplayWorkspace } from './replay/ReplayWorkspace';
import { ReportsWorkspace } from './reports/ReportsWorkspace';
import type { WorkspaceId } from './workspaces';

const views: Record<WorkspaceId, ComponentType> = {
  annotate: AnnotateWorkspace,
  adjudicate: AdjudicateWorkspace,
  replay: ReplayWorkspace,
  reports: ReportsWorkspace,
};

export function WorkspaceView({ workspace }: { workspace: WorkspaceId }) {
  const View = views[workspace];
  return (
    <main className="workspace" id="workspace-panel" role="tabpanel" aria-labelledby={`tab-${workspace}`} data-workspace={workspace}>
      <View />
    </main>
  );
}
