// The renderer's page asks before it goes while an edit is held by that page alone (the browser
// storage refused it twice: src-renderer/.../annotate/useUnloadGuard.ts). Electron then cancels the
// close or reload without a word unless the main process asks the person: this asks, and lets the
// page go when they choose to leave.
import type { MessageBoxSyncOptions, WebContents } from 'electron';

export const UNLOAD_QUESTION: MessageBoxSyncOptions = {
  type: 'warning',
  title: 'Edits not saved',
  message: 'This window holds edits that could not be saved.',
  detail: 'The browser storage refused them, so they would be lost. Stay, then use "Copy them" in Annotate (or try again), or leave without them.',
  buttons: ['Stay', 'Leave without them'],
  defaultId: 0,
  // Escape or closing the box stays.
  cancelId: 0,
  noLink: true,
};
const LEAVE = 1;

export type UnloadContents = Pick<WebContents, 'on'>;

/** `ask` puts the question (dialog.showMessageBoxSync over the window) and gives the chosen button's index. */
export function promptBeforeUnload(contents: UnloadContents, ask: (question: MessageBoxSyncOptions) => number): void {
  contents.on('will-prevent-unload', (event) => {
    // Preventing this event lets the page go despite its beforeunload handler.
    if (ask(UNLOAD_QUESTION) === LEAVE) event.preventDefault();
  });
}
