// The studio shell: header with workspace tabs, dataset picker, the active workspace, status bar.
import { useHotkeyDispatcher } from '../hotkeys/useHotkeys';
import { useStudioStore, useWorkspace } from '../state/store';
import { useUnloadGuard } from '../workspaces/annotate/useUnloadGuard';
import { WorkspaceView } from '../workspaces/WorkspaceView';
import { CommandPalette } from './CommandPalette';
import { DatasetPicker } from './DatasetPicker';
import { DatasetProblems } from './DatasetProblems';
import { HotkeyHelp } from './HotkeyHelp';
import { ImportReportDialog } from './ImportReportDialog';
import { useShellExtras } from './shellExtras';
import { StatusBar } from './StatusBar';
import { WorkspaceTabs } from './WorkspaceTabs';
import { useHashRoute } from './useHashRoute';
import { useShellHotkeys } from './useShellHotkeys';
import { useStudioStartup } from './useStudioStartup';

export function App() {
  const { workspace } = useWorkspace();
  // A new video folder: remount the workspace so its players load their clips again.
  const clipsEpoch = useShellExtras((state) => state.clipsEpoch);
  useHashRoute();
  useStudioStartup();
  useHotkeyDispatcher();
  useShellHotkeys();
  useUnloadGuard();
  const sidebar = useStudioStore((state) => state.sidebarShown[workspace]);
  const toggleSidebar = useStudioStore((state) => state.toggleSidebar);
  return (
    <div className="shell" data-sidebar={sidebar ? 'shown' : 'hidden'}>
      <header className="app-header">
        <button
          type="button"
          className="sidebar-toggle"
          aria-pressed={sidebar}
          aria-controls="dataset-sidebar"
          onClick={() => toggleSidebar(workspace)}
          title={`${sidebar ? 'Hide' : 'Show'} the dataset list (Ctrl+B)`}
          data-testid="toggle-sidebar"
        >
          {sidebar ? '◂ Datasets' : '▸ Datasets'}
        </button>
        <span className="app-title">EgoBench Studio</span>
        <WorkspaceTabs active={workspace} />
      </header>
      <aside className="sidebar" id="dataset-sidebar" aria-label="Datasets" hidden={!sidebar}>
        <DatasetPicker />
      </aside>
      <WorkspaceView key={clipsEpoch} workspace={workspace} />
      <StatusBar />
      <HotkeyHelp />
      <ImportReportDialog />
      <DatasetProblems />
      <CommandPalette />
    </div>
  );
}
