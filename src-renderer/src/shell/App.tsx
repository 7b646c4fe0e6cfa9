// The studio shell: header with workspace tabs, dataset picker, the active workspace, status bar.
import { useHotkeyDispatcher } from '../hotkeys/useHotkeys';
import { useWorkspace } from '../state/store';
import { WorkspaceView } from '../workspaces/WorkspaceView';
import { DatasetPicker } from './DatasetPicker';
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
  return (
    <div className="shell">
      <header className="app-header">
        <span className="app-title">EgoBench Studio</span>
        <WorkspaceTabs active={workspace} />
      </header>
      <aside className="sidebar">
        <DatasetPicker />
      </aside>
      <WorkspaceView key={clipsEpoch} workspace={workspace} />
      <StatusBar />
      <HotkeyHelp />
      <ImportReportDialog />
    </div>
  );
}
