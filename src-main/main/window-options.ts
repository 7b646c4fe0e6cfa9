// The main window's options. Kept free of runtime Electron imports so unit tests can assert the
// security settings without the Electron binary.
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/** The renderer is an untrusted web page: no Node, isolated from the preload, sandboxed. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    // On Linux and Windows Chromium's spellchecker downloads its dictionaries from Google's CDN:
    // the studio loads nothing remote.
    spellcheck: false,
  };
}

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    title: 'EgoBench Studio',
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    // Shown on ready-to-show, so the window never flashes an empty frame.
    show: false,
    webPreferences: secureWebPreferences(preloadPath),
  };
}
