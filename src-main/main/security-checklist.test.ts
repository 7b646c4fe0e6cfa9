// Electron's security checklist (electronjs.org/docs/latest/tutorial/security), one test per
// item, each asserting what can be seen without the Electron binary: window options, session
// handlers, protocol privileges and handlers, fuses, and the sources' use of Electron APIs.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Session } from 'electron';
import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it, vi } from 'vitest';
import { ipcInvokeChannel } from '../../shared/api/ipc-channels';
import type { StudioHandlers } from '../../shared/api/studio-api';
import { contentSecurityPolicy } from '../services/content-security-policy';
import { studioFuses } from '../packaging/fuses';
import { appSchemeDefinition, handleAppRequest } from './app-protocol';
import { registerStudioIpc } from './ipc';
import { mediaSchemeDefinition } from './media-protocol';
import { isTrustedRendererUrl, rendererLocation } from './renderer-trust';
import { applySessionSecurity } from './session-security';
import { guardWebContents, type GuardedContents } from './web-contents-guard';
import { mainWindowOptions } from './window-options';

const root = path.resolve(import.meta.dirname, '..', '..');
const preferences = mainWindowOptions('/app/out/preload/index.cjs').webPreferences!;
const packaged = rendererLocation({ isPackaged: true, devServerUrl: 'http://localhost:5173' });

/** Source files of the Electron main process and preload (what runs with Electron's APIs). */
async function electronSources(): Promise<Array<{ file: string; text: string }>> {
  const files: Array<{ file: string; text: string }> = [];
  for (const dir of ['src-main/main', 'src-main/preload']) {
    for (const name of await readdir(path.join(root, dir))) {
      if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push({ file: `${dir}/${name}`, text: await readFile(path.join(root, dir, name), 'utf8') });
    }
  }
  return files;
}

/** A stand-in web contents that records the guards put on it. */
function guardedContents() {
  const listeners = new Map<string, (event: { url: string; preventDefault(): void }) => void>();
  let openHandler: (() => { action: string }) | undefined;
  const shown = 'app://studio/index.html#/annotate';
  const contents = {
    on: (name: string, listener: (event: { url: string; preventDefault(): void }) => void) => void listeners.set(name, listener),
    setWindowOpenHandler: (handler: () => { action: string }) => void (openHandler = handler),
    getURL: () => shown,
  } as unknown as GuardedContents;
  guardWebContents(contents);
  /** Whether the guard refuses the event; `url`: where it would go (by default a page of the web). */
  const prevented = (name: string, url = 'https://example.com/') => {
    const event = { url, preventDefault: vi.fn() };
    listeners.get(name)?.(event);
    return event.preventDefault.mock.calls.length === 1;
  };
  return { prevented, openHandler: () => openHandler?.() };
}

/** A stand-in session that records the handlers put on it. */
function securedSession() {
  type Frame = { requestingUrl?: string; isMainFrame: boolean };
  let requestHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void, details: Frame) => void) | undefined;
  let checkHandler: ((contents: unknown, permission: string, requestingOrigin: string, details: Frame) => boolean) | undefined;
  let headersHook: ((details: { responseHeaders: Record<string, string[]> }, callback: (response: { responseHeaders: Record<string, string[]> }) => void) => void) | undefined;
  const session = {
    setPermissionRequestHandler: (handler: typeof requestHandler) => void (requestHandler = handler),
    setPermissionCheckHandler: (handler: typeof checkHandler) => void (checkHandler = handler),
    webRequest: { onHeadersReceived: (hook: typeof headersHook) => void (headersHook = hook) },
  } as unknown as Session;
  applySessionSecurity(session, contentSecurityPolicy, packaged);
  return {
    /** Asked by the renderer's top-level page unless another frame is given. */
    request: (permission: string, frame: Frame = { requestingUrl: 'app://studio/index.html', isMainFrame: true }) => {
      let granted: boolean | undefined;
      requestHandler!(null, permission, (value) => (granted = value), frame);
      return granted;
    },
    check: (permission: string, frame: Frame = { requestingUrl: 'app://studio/index.html', isMainFrame: true }, origin = 'app://studio') =>
      checkHandler!(null, permission, origin, frame),
    headers: () => {
      let headers: Record<string, string[]> = {};
      headersHook!({ responseHeaders: { 'Content-Type': ['text/html'] } }, (response) => (headers = response.responseHeaders));
      return headers;
    },
  };
}

describe('Electron security checklist', () => {
  it('1. Only load secure content', () => {
    // The packaged renderer comes from app:, both custom schemes count as secure like https.
    expect(packaged.url).toBe('app://studio/index.html');
    expect(appSchemeDefinition.privileges?.secure).toBe(true);
    expect(mediaSchemeDefinition.privileges?.secure).toBe(true);
    expect(contentSecurityPolicy).not.toMatch(/\bhttps?:|\bws:|\*/);
  });

  it('2. Do not enable Node.js integration for remote content', () => {
    expect(preferences).toMatchObject({ nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false });
  });

  it('3. Enable context isolation', () => expect(preferences.contextIsolation).toBe(true));

  it('4. Enable process sandboxing', () => expect(preferences.sandbox).toBe(true));

  it('5. Handle session permission requests from remote content', () => {
    const session = securedSession();
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'display-capture']) {
      expect(session.request(permission), permission).toBe(false);
      expect(session.check(permission), permission).toBe(false);
    }
    // Clipboard writes (the Copy buttons): the renderer's top-level page only.
    expect(session.request('clipboard-sanitized-write')).toBe(true);
    expect(session.check('clipboard-sanitized-write')).toBe(true);
    for (const frame of [
      { requestingUrl: 'app://studio/index.html', isMainFrame: false },
      { requestingUrl: 'https://example.com/', isMainFrame: true },
      { requestingUrl: 'studio-media://tiny-00000000/page.html', isMainFrame: true },
    ]) {
      expect(session.request('clipboard-sanitized-write', frame), frame.requestingUrl).toBe(false);
      expect(session.check('clipboard-sanitized-write', frame), frame.requestingUrl).toBe(false);
    }
    // A check without the frame's URL goes by the frame's origin.
    expect(session.check('clipboard-sanitized-write', { isMainFrame: true })).toBe(true);
    expect(session.check('clipboard-sanitized-write', { isMainFrame: true }, 'https://example.com')).toBe(false);
    expect(session.check('clipboard-read', { isMainFrame: true })).toBe(false);
  });

  it('6. Do not disable webSecurity', () => expect(preferences.webSecurity).toBe(true));

  it('7. Define a Content Security Policy', async () => {
    expect(securedSession().headers()['Content-Security-Policy']).toEqual([contentSecurityPolicy]);
    // Custom-scheme responses bypass the session hook: the renderer's own handler sends it.
    const dir = await mkdtemp(path.join(tmpdir(), 'checklist-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
    const response = await handleAppRequest(new Request('app://studio/index.html'), dir);
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    await rm(dir, { recursive: true });
    expect(contentSecurityPolicy).toMatch(/default-src 'self'/);
    expect(contentSecurityPolicy).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
  });

  it('8. Do not enable allowRunningInsecureContent', () => expect(preferences.allowRunningInsecureContent).toBe(false));

  it('9. Do not enable experimental features', () => expect(preferences.experimentalFeatures).toBe(false));

  it('10. Do not use enableBlinkFeatures', async () => {
    expect(preferences).not.toHaveProperty('enableBlinkFeatures');
    for (const { file, text } of await electronSources()) expect(text, file).not.toContain('enableBlinkFeatures');
  });

  it('11. Do not use allowpopups for WebViews', async () => {
    expect(preferences.webviewTag).toBe(false);
    for (const { file, text } of await electronSources()) expect(text, file).not.toMatch(/allowpopups/i);
  });

  it('12. Verify WebView options before creation', () => {
    // There are no webviews: the tag is off and any attach is refused.
    expect(preferences.webviewTag).toBe(false);
    expect(guardedContents().prevented('will-attach-webview')).toBe(true);
  });

  it('13. Disable or limit navigation', () => {
    const contents = guardedContents();
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect']) expect(contents.prevented(name), name).toBe(true);
    for (const url of ['app://studio/other.html', 'app://studio/index.html', 'http://127.0.0.1:5173/']) expect(contents.prevented('will-navigate', url), url).toBe(true);
    // A reload of the page shown (the error view's Reload button) is the one navigation let through.
    expect(contents.prevented('will-navigate', 'app://studio/index.html#/annotate')).toBe(false);
    expect(preferences.navigateOnDragDrop).toBe(false);
  });

  it('14. Disable or limit creation of new windows', () => expect(guardedContents().openHandler()).toEqual({ action: 'deny' }));

  it('15. Do not use shell.openExternal with untrusted content', async () => {
    for (const { file, text } of await electronSources()) expect(text, file).not.toMatch(/openExternal|\bshell\b/);
  });

  it('16. Use a current version of Electron', async () => {
    const pinned = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')).devDependencies.electron as string;
    // Pinned exactly, so the lockfile and the README's Node requirement describe one version.
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    // 41 went out of support in 2026; 45 was the newest major when this was written.
    expect(Number(pinned.split('.')[0])).toBeGreaterThanOrEqual(45);
    const installed = createRequire(import.meta.url)('electron/package.json') as { version: string };
    expect(installed.version).toBe(pinned);
  });

  it('17. Validate the sender of all IPC messages', async () => {
    const registered = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();
    const readText = vi.fn(async () => 'text');
    registerStudioIpc({ handle: (channel, listener) => void registered.set(channel, listener as never) }, { 'datasets.readText': readText } as unknown as StudioHandlers, (url) =>
      isTrustedRendererUrl(url, packaged),
    );
    const call = (url: string) => registered.get(ipcInvokeChannel('datasets.readText'))!({ senderFrame: { url } }, 'tiny-00000000', 'tasks.jsonl');
    await expect(call('app://studio/index.html#/annotate')).resolves.toBe('text');
    for (const url of ['http://localhost:5173/', 'file:///app/out/renderer/index.html', 'studio-media://tiny-00000000/page.html', 'app://studio/assets/x.html']) {
      await expect(call(url), url).rejects.toThrow(/^\[forbidden\]/);
    }
    expect(readText).toHaveBeenCalledOnce();
  });

  it('18. Avoid usage of the file:// protocol and prefer usage of custom protocols', async () => {
    expect(packaged.url.startsWith('app://')).toBe(true);
    expect(isTrustedRendererUrl('file:///app/out/renderer/index.html', packaged)).toBe(false);
    expect(studioFuses[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
    for (const { file, text } of await electronSources()) expect(text, file).not.toMatch(/loadFile\(|['"`]file:/);
  });

  it('19. Check which fuses you can change', () => {
    expect(studioFuses).toMatchObject({
      strictlyRequireAllFuses: true,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
    });
  });

  it('20. Do not expose Electron APIs to untrusted web content', async () => {
    const preload = await readFile(path.join(root, 'src-main/preload/index.ts'), 'utf8');
    // One object, window.studio, built from the channel map; ipcRenderer itself never crosses.
    expect([...preload.matchAll(/exposeInMainWorld\(\s*'([^']+)'\s*,\s*(\w+)/g)].map((match) => [match[1], match[2]])).toEqual([['studio', 'studio']]);
    expect(preload).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer|ipcRenderer\.(send|sendSync)\b/);
    for (const { file, text } of await electronSources()) {
      if (!file.startsWith('src-main/preload/')) expect(text, file).not.toMatch(/\bcontextBridge\b|ipcRenderer/);
    }
  });
});
