// The shell's own shortcuts: the help overlay, the Go to palette, the dataset sidebar and
// switching workspaces.
import { useHotkeyAction } from '../hotkeys/useHotkeys';
import { useStudioStore } from '../state/store';
import { hashForWorkspace, workspaceIds, workspaceLabels, type WorkspaceId } from '../workspaces/workspaces';

function useWorkspaceHotkey(workspace: WorkspaceId, index: number): void {
  useHotkeyAction({
    id: `workspace.${workspace}`,
    keys: [`Alt+${index + 1}`],
    description: `Go to ${workspaceLabels[workspace]}`,
    group: 'Workspaces',
    run: () => {
      window.location.hash = hashForWorkspace(workspace);
    },
  });
}

export function useShellHotkeys(): void {
  useHotkeyAction({
    id: 'help.toggle',
    keys: ['?'],
    description: 'Show or hide this list of shortcuts',
    group: 'General',
    run: () => {
      const { hotkeyHelpOpen, setHotkeyHelpOpen } = useStudioStore.getState();
      setHotkeyHelpOpen(!hotkeyHelpOpen);
    },
  });
  useHotkeyAction({
    id: 'help.close',
    keys: ['Escape'],
    description: 'Close the shortcut list',
    group: 'General',
    run: () => useStudioStore.getState().setHotkeyHelpOpen(false),
  });
  useHotkeyAction({
    id: 'palette.open',
    keys: ['Ctrl+k'],
    description: 'Go to a task, trajectory, workspace or action',
    group: 'General',
    run: () => useStudioStore.getState().setPaletteOpen(true),
  });
  useHotkeyAction({
    id: 'sidebar.toggle',
    keys: ['Ctrl+b'],
    description: 'Show or hide the dataset list (remembered per workspace)',
    group: 'General',
    run: () => {
      const { workspace, toggleSidebar } = useStudioStore.getState();
      toggleSidebar(workspace);
    },
  });
  // One hook call per workspace; the list is a constant, so the call order never changes.
  useWorkspaceHotkey(workspaceIds[0], 0);
  useWorkspaceHotkey(workspaceIds[1], 1);
  useWorkspaceHotkey(workspaceIds[2], 2);
  useWorkspaceHotkey(workspaceIds[3], 3);
}
