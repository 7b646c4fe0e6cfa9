// Renders the active workspace. Each workspace is its own chunk, loaded the first time it is
// shown: the studio starts without evaluating the others (Reports' charts, Replay's list...).
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { ViewErrorBoundary } from './ViewErrorBoundary';
import { workspaceLabels, type WorkspaceId } from './workspaces';

const views: Record<WorkspaceId, LazyExoticComponent<ComponentType>> = {
  annotate: lazy(() => import('./annotate/AnnotateWorkspace').then((module) => ({ default: module.AnnotateWorkspace }))),
  adjudicate: lazy(() => import('./adjudicate/AdjudicateWorkspace').then((module) => ({ default: module.AdjudicateWorkspace }))),
  replay: lazy(() => import('./replay/ReplayWorkspace').then((module) => ({ default: module.ReplayWorkspace }))),
  reports: lazy(() => import('./reports/ReportsWorkspace').then((module) => ({ default: module.ReportsWorkspace }))),
};

export function WorkspaceView({ workspace }: { workspace: WorkspaceId }) {
  const View = views[workspace];
  return (
    <main className="workspace" id="workspace-panel" role="tabpanel" aria-labelledby={`tab-${workspace}`} data-workspace={workspace}>
      <ViewErrorBoundary key={workspace} name={workspaceLabels[workspace]}>
        <Suspense fallback={<div className="muted workspace-loading">Loading…</div>}>
          <View />
        </Suspense>
      </ViewErrorBoundary>
    </main>
  );
}
