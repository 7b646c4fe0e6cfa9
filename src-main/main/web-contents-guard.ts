// Applied to every web contents the app creates: no page may navigate away, be redirected, attach
// a <webview> or open windows; links to the web are not part of the studio.
import type { WebContents } from 'electron';

export type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler' | 'getURL'>;

export function guardWebContents(contents: GuardedContents): void {
  // Only to the page it shows: a reload (the error view's Reload button runs location.reload(),
  // which Chromium starts from the page, so Electron may ask here) loads the same trusted page.
  contents.on('will-navigate', (event) => {
    if (event.url !== contents.getURL()) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
