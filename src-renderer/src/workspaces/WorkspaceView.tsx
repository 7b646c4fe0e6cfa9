// Renders the active workspace. Each workspace is its own chunk, loaded the first time it is
// shown: the studio starts without evaluating the others (Reports' charts, Replay's list...).
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { ViewErrorBoundary } from './ViewErrorBoundary';
import { workspaceLabels, type WorkspaceId } from './workspaces';

type Loaded = { default: ComponentType };
const loaders: Record<WorkspaceId, () => Promise<Loaded>> = {
  annotate: () => import('./annotate/AnnotateWorkspace').then((module) => ({ default: module.AnnotateWorkspace })),
  adjudicate: () => import('./adjudicate/AdjudicateWorkspace').then((module) => ({ default: module.AdjudicateWorkspace })),
  replay: () => import('./replay/ReplayWorkspace').then((module) => ({ default: module.ReplayWorkspace })),
  reports: () => import('./reports/ReportsWorkspace').then((module) => ({ default: module.ReportsWorkspace })),
};

type Views = Record<WorkspaceId, LazyExoticComponent<ComponentType>>;
const firstViews = Object.fromEntries(Object.entries(loaders).map(([id, load]) => [id, lazy(load)])) as Views;

export function WorkspaceView({ workspace }: { workspace: WorkspaceId }) {
  // A lazy view keeps a failed load for good (a chunk the host did not serve): Try again makes a
  // new one, which asks for the chunk again.
  const [views, setViews] = useState(firstViews);
  const View = views[workspace];
  const retry = () => setViews((current) => ({ ...current, [workspace]: lazy(loaders[workspace]) }));
  return (
    <main className="workspace" id="workspace-panel" role="tabpanel" aria-labelledby={`tab-${workspace}`} data-workspace={workspace}>
      <ViewErrorBoundary key={workspace} name={workspaceLabels[workspace]} onRetry={retry}>
        <Suspense fallback={<div className="muted workspace-loading">Loading…</div>}>
          <View />
        </Suspense>
      </ViewErrorBoundary>
    </main>
  );
}
