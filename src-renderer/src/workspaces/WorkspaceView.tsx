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

/** Each workspace chunk's component, by the name it is exported under. */
const exported: Record<WorkspaceId, string> = { annotate: 'AnnotateWorkspace', adjudicate: 'AdjudicateWorkspace', replay: 'ReplayWorkspace', reports: 'ReportsWorkspace' };

/** The script a failed dynamic import names (Chromium: "Failed to fetch dynamically imported module: URL"), or null. */
export function failedScript(error: unknown): string | null {
  const url = error instanceof Error ? /(https?|app):\/\/\S+\.js\b/.exec(error.message)?.[0] : undefined;
  return url ?? null;
}

let retries = 0;
/**
 * Loads a workspace again after its chunk failed to load. A browser keeps a failed module fetch
 * for the page's life (Chromium 150 asks nothing more for the same URL: Try again failed at once),
 * so when the plain import fails again its chunk is asked for under a URL of its own (a query,
 * which the hosts ignore).
 */
const loadAgain = (workspace: WorkspaceId) => (): Promise<Loaded> =>
  loaders[workspace]().catch(async (error: unknown) => {
    const script = failedScript(error);
    if (script === null || new URL(script).origin !== location.origin) throw error;
    const module = (await import(/* @vite-ignore */ `${script}?retry=${++retries}`)) as Record<string, ComponentType>;
    return { default: module[exported[workspace]] };
  });

type Views = Record<WorkspaceId, LazyExoticComponent<ComponentType>>;
const firstViews = Object.fromEntries(Object.entries(loaders).map(([id, load]) => [id, lazy(load)])) as Views;

export function WorkspaceView({ workspace }: { workspace: WorkspaceId }) {
  // A lazy view keeps a failed load for good (a chunk the host did not serve): Try again makes a
  // new one, which asks for the chunk again (loadAgain).
  const [views, setViews] = useState(firstViews);
  const View = views[workspace];
  const retry = () => setViews((current) => ({ ...current, [workspace]: lazy(loadAgain(workspace)) }));
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
