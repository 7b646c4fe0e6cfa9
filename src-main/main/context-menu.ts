// The right-click menu of the studio's page (Electron shows none of its own): Cut, Copy, Paste and
// Select All where the page allows them, as a browser offers them. The calls editor (Monaco) has
// its own menu and keeps the click; elsewhere a click with nothing to copy or edit shows nothing.
import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';

export type ContextMenuFacts = Pick<ContextMenuParams, 'isEditable' | 'selectionText' | 'editFlags'>;

export function contextMenuTemplate({ isEditable, selectionText, editFlags }: ContextMenuFacts): MenuItemConstructorOptions[] {
  if (isEditable) {
    return [
      { role: 'undo', enabled: editFlags.canUndo },
      { role: 'redo', enabled: editFlags.canRedo },
      { type: 'separator' },
      { role: 'cut', enabled: editFlags.canCut },
      { role: 'copy', enabled: editFlags.canCopy },
      { role: 'paste', enabled: editFlags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: editFlags.canSelectAll },
    ];
  }
  return selectionText.trim() !== '' ? [{ role: 'copy', enabled: editFlags.canCopy }] : [];
}
