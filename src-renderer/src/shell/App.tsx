// The studio shell: header with workspace tabs, dataset picker, the active workspace, status bar.
import { useHotkeyDispatcher } from '../hotkeys/useHotkeys';
import { useWorkspace } from '../state/store';
import { WorkspaceView } from '../workspaces/WorkspaceView';
import { DatasetPicker } from './DatasetPicker';
import { HotkeyHelp } from './HotkeyHelp';
import { StatusBar } from './StatusBar';
import { WorkspaceTabs } from './WorkspaceTabs';
import { useHashRoute } from './useHashRoute';
import { useShellHotkeys } from './useShellHotkeys';
import { useStudioStartup } from './useStudioStartup';

export function App() {
  const { workspace } = useWorkspace();
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
      <WorkspaceView workspace={workspace} />
      <StatusBar />
      <HotkeyHelp />
    </div>
  );
}
