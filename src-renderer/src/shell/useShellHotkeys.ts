// The shell's own shortcuts: the help overlay, the Go to palette, the dataset sidebar and
// switching workspaces.
import { useHotkeyAction } from '../hotkeys/useHotkeys';
import { useStudioStore } from '../state/store';
import { hashForWorkspace, hashToReturnTo, workspaceFromHash, workspaceIds, type WorkspaceId } from '../workspaces/workspaces';

function useWorkspaceHotkey(workspace: WorkspaceId): void {
  useHotkeyAction(`workspace.${workspace}`, () => {
    // From another workspace, back where it was (Replay's open run); in it, its start.
    window.location.hash = workspaceFromHash(window.location.hash) === workspace ? hashForWorkspace(workspace) : hashToReturnTo(workspace);
  });
}

export function useShellHotkeys(): void {
  useHotkeyAction('help.toggle', () => {
    const { hotkeyHelpOpen, setHotkeyHelpOpen } = useStudioStore.getState();
    setHotkeyHelpOpen(!hotkeyHelpOpen);
  });
  useHotkeyAction('help.close', () => useStudioStore.getState().setHotkeyHelpOpen(false));
  useHotkeyAction('palette.open', () => useStudioStore.getState().setPaletteOpen(true));
  useHotkeyAction('sidebar.toggle', () => {
    const { workspace, toggleSidebar } = useStudioStore.getState();
    toggleSidebar(workspace);
  });
  // One hook call per workspace; the list is a constant, so the call order never changes.
  useWorkspaceHotkey(workspaceIds[0]);
  useWorkspaceHotkey(workspaceIds[1]);
  useWorkspaceHotkey(workspaceIds[2]);
  useWorkspaceHotkey(workspaceIds[3]);
}
