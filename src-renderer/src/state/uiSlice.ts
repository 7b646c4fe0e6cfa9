// Shell state: the active workspace, the shortcut overlay, the status bar message and whether
// the dataset sidebar shows in each workspace.
import type { StateCreator } from 'zustand';
import { defaultWorkspace, showsEvaluation, workspaceIds, type WorkspaceId } from '../workspaces/workspaces';
import type { StudioState } from './store';

export interface StatusMessage {
  text: string;
  kind: 'info' | 'error';
  /** Increases with every message, so the same text shown twice still re-renders. */
  serial: number;
  /** When it was shown (performance.now()). */
  at: number;
  /** Shown by showNotice: a line nobody asked for, which a change of state may make stale. */
  notice?: true;
}

/** How long an error stays before a background notice may take its place. */
export const ERROR_HOLD_MS = 8000;

/** localStorage key of a workspace's sidebar choice ('shown' or 'hidden'). */
export const sidebarKey = (workspace: WorkspaceId) => `egobench.${workspace}.sidebar`;

/** Annotate needs the width for the clip, so its sidebar starts folded; the others show it. */
function storedSidebar(workspace: WorkspaceId): boolean {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(sidebarKey(workspace));
  } catch {
    // storage unavailable: the defaults
  }
  return stored === null ? workspace !== 'annotate' : stored === 'shown';
}

export interface UiSlice {
  workspace: WorkspaceId;
  hotkeyHelpOpen: boolean;
  /** The Ctrl+K "Go to" palette. */
  paletteOpen: boolean;
  setPaletteOpen(open: boolean): void;
  message: StatusMessage | null;
  /** Whether the dataset sidebar shows, per workspace; remembered in localStorage. */
  sidebarShown: Record<WorkspaceId, boolean>;
  toggleSidebar(workspace: WorkspaceId): void;
  setWorkspace(workspace: WorkspaceId): void;
  setHotkeyHelpOpen(open: boolean): void;
  showMessage(text: string, kind: StatusMessage['kind']): void;
  /**
   * A line nobody asked for ("Saved annotations/a.jsonl", after each write-through): shown unless
   * an error came in the last ERROR_HOLD_MS, which it would hide before it could be read.
   */
  showNotice(text: string): void;
  /** Takes away the notice shown, if the message is one ("Saved annotations/a.jsonl" once the edits go offline). */
  dropNotice(): void;
}

export const createUiSlice: StateCreator<StudioState, [], [], UiSlice> = (set, get) => ({
  workspace: defaultWorkspace,
  hotkeyHelpOpen: false,
  paletteOpen: false,
  setPaletteOpen: (paletteOpen) => set({ paletteOpen }),
  message: null,
  sidebarShown: Object.fromEntries(workspaceIds.map((id) => [id, storedSidebar(id)])) as Record<WorkspaceId, boolean>,
  toggleSidebar: (workspace) =>
    set((state) => {
      const shown = !state.sidebarShown[workspace];
      try {
        window.localStorage.setItem(sidebarKey(workspace), shown ? 'shown' : 'hidden');
      } catch {
        // storage unavailable: the choice lasts for this page
      }
      return { sidebarShown: { ...state.sidebarShown, [workspace]: shown } };
    }),
  setWorkspace: (workspace) => {
    // A notice belongs to the work it came from ("Saved annotations/a.jsonl" under Replay read as Replay's).
    set((state) => (state.message?.notice && workspace !== state.workspace ? { workspace, message: null } : { workspace }));
    // Replay and Reports show the evaluation: the host starts it at the click, not once their
    // chunk has loaded and mounted (on a busy renderer that was most of a second of an unchanged reopen).
    const dataset = get().currentDataset;
    if (dataset && showsEvaluation(workspace)) get().ensureEvaluation(dataset);
  },
  setHotkeyHelpOpen: (hotkeyHelpOpen) => set({ hotkeyHelpOpen }),
  showMessage: (text, kind) => set((state) => ({ message: { text, kind, serial: (state.message?.serial ?? 0) + 1, at: performance.now() } })),
  showNotice: (text) => {
    const shown = get().message;
    if (shown?.kind === 'error' && performance.now() - shown.at < ERROR_HOLD_MS) return;
    set((state) => ({ message: { text, kind: 'info', serial: (state.message?.serial ?? 0) + 1, at: performance.now(), notice: true } }));
  },
  dropNotice: () => {
    if (get().message?.notice) set({ message: null });
  },
});
