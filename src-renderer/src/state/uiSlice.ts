// Shell state: the active workspace, the shortcut overlay and the status bar message.
import type { StateCreator } from 'zustand';
import { defaultWorkspace, type WorkspaceId } from '../workspaces/workspaces';
import type { StudioState } from './store';

export interface StatusMessage {
  text: string;
  kind: 'info' | 'error';
  /** Increases with every message, so the same text shown twice still re-renders. */
  serial: number;
}

export interface UiSlice {
  workspace: WorkspaceId;
  hotkeyHelpOpen: boolean;
  message: StatusMessage | null;
  setWorkspace(workspace: WorkspaceId): void;
  setHotkeyHelpOpen(open: boolean): void;
  showMessage(text: string, kind: StatusMessage['kind']): void;
}

export const createUiSlice: StateCreator<StudioState, [], [], UiSlice> = (set) => ({
  workspace: defaultWorkspace,
  hotkeyHelpOpen: false,
  message: null,
  setWorkspace: (workspace) => set({ workspace }),
  setHotkeyHelpOpen: (hotkeyHelpOpen) => set({ hotkeyHelpOpen }),
  showMessage: (text, kind) => set((state) => ({ message: { text, kind, serial: (state.message?.serial ?? 0) + 1 } })),
});
