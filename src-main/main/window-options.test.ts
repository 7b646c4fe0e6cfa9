import { describe, expect, it } from 'vitest';
import { mainWindowOptions, secureWebPreferences } from './window-options';

describe('main window security options', () => {
  it('isolates and sandboxes the renderer without Node', () => {
    const preferences = mainWindowOptions('/app/out/preload/index.cjs').webPreferences!;
    expect(preferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // No dictionary download from Chromium's CDN.
      spellcheck: false,
    });
  });

  it('never weakens a default by leaving it out', () => {
    // Electron's defaults are safe today, but an explicit value cannot silently change with a release.
    const preferences = secureWebPreferences('/p.cjs');
    for (const key of ['contextIsolation', 'sandbox', 'nodeIntegration', 'webSecurity', 'spellcheck'] as const) {
      expect(preferences[key], key).toBeTypeOf('boolean');
    }
  });
});
