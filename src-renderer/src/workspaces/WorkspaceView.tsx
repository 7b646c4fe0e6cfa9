// Renders the active workspace. Each workspace is its own chunk, loaded the first time it is
// shown: the studio starts without evaluating the others (Reports' charts, Replay's list...).
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { ViewErrorBoundary } from './ViewErrorBoundary';
import { workspaceLabels, type WorkspaceId } from './workspaces';

type Loaded = { default: ComponentType };
type Chunk = Record<string, unknown>;
/** Each workspace's chunk, and the name its component is exported under. */
const chunks: Record<WorkspaceId, { load: () => Promise<Chunk>; component: string }> = {
  annotate: { load: () => import('./annotate/AnnotateWorkspace'), component: 'AnnotateWorkspace' },
  adjudicate: { load: () => import('./adjudicate/AdjudicateWorkspace'), component: 'AdjudicateWorkspace' },
  replay: { load: () => import('./replay/ReplayWorkspace'), component: 'ReplayWorkspace' },
  reports: { load: () => import('./reports/ReportsWorkspace'), component: 'ReportsWorkspace' },
};
const componentOf = (workspace: WorkspaceId, chunk: Chunk): Loaded => ({ default: chunk[chunks[workspace].component] as ComponentType });
const load = (workspace: WorkspaceId) => (): Promise<Loaded> => chunks[workspace].load().then((chunk) => componentOf(workspace, chunk));

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
  load(workspace)().catch(async (error: unknown) => {
    const script = failedScript(error);
    if (script === null || new URL(script).origin !== location.origin) throw error;
    return componentOf(workspace, (await import(/* @vite-ignore */ `${script}?retry=${++retries}`)) as Chunk);
  });

type Views = Record<WorkspaceId, LazyExoticComponent<ComponentType>>;
const firstViews = Object.fromEntries((Object.keys(chunks) as WorkspaceId[]).map((id) => [id, lazy(load(id))])) as Views;

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
