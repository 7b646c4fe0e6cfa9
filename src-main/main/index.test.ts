// The real src-main/main/index.ts booted on a stand-in `electron` (test-support/fake-electron.ts):
// what it actually hands Electron (window options, session handlers, IPC, protocols, menu), which
// the other tests here check only on the helpers it calls.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ipcInvokeChannel } from '../../shared/api/ipc-channels';
import { studioChannelNames } from '../../shared/api/studio-api';

vi.mock('electron', () => import('../test-support/fake-electron'));

type FakeElectron = typeof import('../test-support/fake-electron');

const root = path.resolve(import.meta.dirname, '..', '..');
const savedArgv = process.argv;
const savedRendererUrl = process.env.ELECTRON_RENDERER_URL;

afterEach(() => {
  process.argv = savedArgv;
  if (savedRendererUrl === undefined) delete process.env.ELECTRON_RENDERER_URL;
  else process.env.ELECTRON_RENDERER_URL = savedRendererUrl;
});

interface BootOptions {
  isPackaged?: boolean;
  rendererUrl?: string;
  /** Arguments after `electron .`. */
  args?: string[];
}

/** A fresh index.ts on a fresh stand-in Electron, app ready, its window created. */
async function boot({ isPackaged = true, rendererUrl, args = [] }: BootOptions = {}): Promise<FakeElectron['fake']> {
  vi.resetModules();
  const { fake } = (await import('electron')) as unknown as FakeElectron;
  fake.reset();
  fake.isPackaged = isPackaged;
  fake.appPath = root;
  fake.userData = await mkdtemp(path.join(tmpdir(), 'main-index-'));
  if (rendererUrl === undefined) delete process.env.ELECTRON_RENDERER_URL;
  else process.env.ELECTRON_RENDERER_URL = rendererUrl;
  process.argv = ['/usr/bin/electron', '.', ...args];
  await import('./index');
  fake.ready();
  await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 10_000 });
  return fake;
}

describe('main/index.ts as it runs', () => {
  it('opens one secure window on app://studio/, guarded, with the session secured and every channel registered', async () => {
    const fake = await boot();
    const [window] = fake.windows;
    expect(window.loadedUrl).toBe('app://studio/index.html');
    expect(window.options.webPreferences).toMatchObject({
      preload: expect.stringMatching(/preload[/\\]index\.cjs$/),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // Chromium's spellchecker would download dictionaries: nothing remote.
      spellcheck: false,
    });
    // web-contents-created put the navigation guards on the window's contents.
    expect([...window.webContents.listeners.keys()]).toEqual(expect.arrayContaining(['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']));
    expect(window.webContents.windowOpenHandler?.()).toEqual({ action: 'deny' });
    expect(fake.headersHooked).toBe(true);
    expect(fake.privilegedSchemes.map((scheme) => scheme.scheme)).toEqual(['app', 'studio-media']);
    expect([...fake.protocolHandlers.keys()].sort()).toEqual(['app', 'studio-media']);
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(studioChannelNames.map(ipcInvokeChannel).sort());
    const refused = fake.ipcHandlers.get(ipcInvokeChannel('app.info'))!({ senderFrame: { url: 'https://example.com/' } });
    await expect(refused).rejects.toThrow(/forbidden/);
  });

  it("lets the renderer's top-level page write to the clipboard, and nothing else", async () => {
    const fake = await boot();
    const page = { requestingUrl: 'app://studio/index.html#/annotate', isMainFrame: true };
    expect(fake.request('clipboard-sanitized-write', page)).toBe(true);
    expect(fake.check('clipboard-sanitized-write', 'app://studio', page)).toBe(true);
    expect(fake.check('clipboard-sanitized-write', 'app://studio', { isMainFrame: true })).toBe(true);
    for (const permission of ['clipboard-read', 'media', 'notifications', 'fullscreen']) {
      expect(fake.request(permission, page), permission).toBe(false);
      expect(fake.check(permission, 'app://studio', page), permission).toBe(false);
    }
    const frame = { requestingUrl: 'app://studio/index.html', isMainFrame: false };
    expect(fake.request('clipboard-sanitized-write', frame)).toBe(false);
    expect(fake.check('clipboard-sanitized-write', 'app://studio', frame)).toBe(false);
    const other = { requestingUrl: 'https://example.com/', isMainFrame: true };
    expect(fake.request('clipboard-sanitized-write', other)).toBe(false);
    expect(fake.check('clipboard-sanitized-write', 'https://example.com', other)).toBe(false);
  });

  it('never loads a remote page named by ELECTRON_RENDERER_URL, and refuses its IPC', async () => {
    const fake = await boot({ isPackaged: false, rendererUrl: 'https://evil.example/' });
    expect(fake.windows[0].loadedUrl).toBe('app://studio/index.html');
    expect(fake.headersHooked).toBe(true);
    const call = fake.ipcHandlers.get(ipcInvokeChannel('app.info'))!({ senderFrame: { url: 'https://evil.example/' } });
    await expect(call).rejects.toThrow(/forbidden/);
  });

  it("loads electron-vite's dev server on this machine when unpackaged", async () => {
    const fake = await boot({ isPackaged: false, rendererUrl: 'http://localhost:5173/' });
    expect(fake.windows[0].loadedUrl).toBe('http://localhost:5173/');
    await expect(fake.ipcHandlers.get(ipcInvokeChannel('app.info'))!({ senderFrame: { url: 'http://localhost:5173/#/replay' } })).resolves.toMatchObject({ hostKind: 'electron' });
  });
});
