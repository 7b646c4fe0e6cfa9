// The real src-main/main/index.ts booted on a stand-in `electron` (test-support/fake-electron.ts):
// what it actually hands Electron (window options, session handlers, IPC, protocols, menu), which
// the other tests here check only on the helpers it calls.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ipcInvokeChannel } from '../../shared/api/ipc-channels';
import { studioChannelNames } from '../../shared/api/studio-api';
import { contentSecurityPolicy } from '../services/content-security-policy';
import { makeTempDataset } from '../test-support/temp-dataset';

vi.mock('electron', () => import('../test-support/fake-electron'));

type FakeElectron = typeof import('../test-support/fake-electron');

const root = path.resolve(import.meta.dirname, '..', '..');
const savedArgv = process.argv;
const savedRendererUrl = process.env.ELECTRON_RENDERER_URL;

afterEach(() => {
  vi.doUnmock('../services/trajectory-import');
  vi.doUnmock('../services/egobench-import');
  process.argv = savedArgv;
  if (savedRendererUrl === undefined) delete process.env.ELECTRON_RENDERER_URL;
  else process.env.ELECTRON_RENDERER_URL = savedRendererUrl;
});

interface BootOptions {
  isPackaged?: boolean;
  rendererUrl?: string;
  /** Arguments after `electron .`. */
  args?: string[];
  /** false: another studio holds the single-instance lock. */
  lockFree?: boolean;
}

/** A fresh index.ts on a fresh stand-in Electron, app ready, its window created. */
async function boot({ isPackaged = true, rendererUrl, args = [], lockFree = true }: BootOptions = {}): Promise<FakeElectron['fake']> {
  vi.resetModules();
  const { fake } = (await import('electron')) as unknown as FakeElectron;
  fake.reset();
  fake.isPackaged = isPackaged;
  fake.lockFree = lockFree;
  fake.appPath = root;
  fake.userData = await mkdtemp(path.join(tmpdir(), 'main-index-'));
  if (rendererUrl === undefined) delete process.env.ELECTRON_RENDERER_URL;
  else process.env.ELECTRON_RENDERER_URL = rendererUrl;
  process.argv = ['/usr/bin/electron', '.', ...args];
  await import('./index');
  fake.ready();
  if (lockFree) await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 10_000 });
  else await new Promise((resolve) => setTimeout(resolve, 200));
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
    // The CSP on every response of the session, the unload question on the window.
    expect(fake.responseHeaders({ 'Content-Type': ['text/html'] })).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [contentSecurityPolicy] });
    expect(window.webContents.listeners.has('will-prevent-unload')).toBe(true);
    expect(fake.privilegedSchemes.map((scheme) => scheme.scheme)).toEqual(['app', 'studio-media']);
    expect([...fake.protocolHandlers.keys()].sort()).toEqual(['app', 'studio-media']);
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(studioChannelNames.map(ipcInvokeChannel).sort());
    const appInfo = (url: string) => fake.ipcHandlers.get(ipcInvokeChannel('app.info'))!({ senderFrame: { url } });
    await expect(appInfo('app://studio/index.html#/replay')).resolves.toMatchObject({ hostKind: 'electron' });
    for (const url of ['https://example.com/', 'app://studio/assets/x.html', 'studio-media://tiny-00000000/a.html']) await expect(appInfo(url), url).rejects.toThrow(/forbidden/);
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
    expect(fake.responseHeaders({})).toEqual({ 'Content-Security-Policy': [contentSecurityPolicy] });
    const call = fake.ipcHandlers.get(ipcInvokeChannel('app.info'))!({ senderFrame: { url: 'https://evil.example/' } });
    await expect(call).rejects.toThrow(/forbidden/);
  });

  it("loads electron-vite's dev server on this machine when unpackaged", async () => {
    const fake = await boot({ isPackaged: false, rendererUrl: 'http://localhost:5173/' });
    expect(fake.windows[0].loadedUrl).toBe('http://localhost:5173/');
    await expect(fake.ipcHandlers.get(ipcInvokeChannel('app.info'))!({ senderFrame: { url: 'http://localhost:5173/#/replay' } })).resolves.toMatchObject({ hostKind: 'electron' });
  });

  it('quits at once when a studio already runs, handing it the --dataset folders (absolute)', async () => {
    const fake = await boot({ lockFree: false, args: ['--dataset', 'datasets/egobench-sample', '--dataset=/data/other'] });
    expect(fake.lockData).toEqual({ datasets: [path.resolve('datasets/egobench-sample'), '/data/other'] });
    expect(fake.quits).toBe(1);
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcHandlers.size).toBe(0);
    expect(fake.appListeners.has('second-instance')).toBe(false);
  });

  it("adds npm start's default dataset at launch but never hands it to a running studio (a second bare npm start changes nothing)", async () => {
    const sample = path.join(root, 'datasets', 'egobench-sample');
    const second = await boot({ lockFree: false, args: ['--default-dataset', sample] });
    expect(second.lockData).toEqual({ datasets: [] });
    const fake = await boot({ args: ['--default-dataset', sample] });
    await vi.waitFor(async () => {
      const list = (await fake.ipcHandlers.get(ipcInvokeChannel('datasets.list'))!({ senderFrame: { url: 'app://studio/index.html' } })) as Array<{ root: string; source: string }>;
      expect(list.filter((dataset) => dataset.source === 'added').map((dataset) => dataset.root)).toEqual([sample]);
    });
  });

  it('on a second launch, shows its window and opens the datasets that launch named', async () => {
    const fake = await boot();
    const [window] = fake.windows;
    window.minimized = true;
    const sample = path.join(root, 'datasets', 'egobench-sample');
    const notADataset = await mkdtemp(path.join(tmpdir(), 'main-index-empty-'));
    const tiny = await makeTempDataset();
    fake.emitApp('second-instance', {}, ['/usr/bin/electron', '.', '--dataset', sample], '/', { datasets: [notADataset, sample, '/elsewhere/second', tiny.root] });
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(1);
    // The first dataset it could add opens (the renderer opens what datasets.opened names); the others are said.
    await vi.waitFor(() => expect(window.webContents.eventNames()).toContain('datasets.opened'));
    const opened = window.webContents.sent.filter((args) => args[1] === 'datasets.opened');
    expect(opened).toHaveLength(1);
    expect(opened[0][2]).toMatchObject({ dataset: { root: sample, source: 'added' } });
    expect(fake.errorBoxes.map((box) => box.title)).toEqual(['Cannot open dataset', 'Cannot open dataset']);
    expect(fake.errorBoxes[0].content).toContain(notADataset);
    expect(fake.windows).toHaveLength(1);
    // Every dataset it named is in the list, as --dataset adds them at launch.
    const list = (await fake.ipcHandlers.get(ipcInvokeChannel('datasets.list'))!({ senderFrame: { url: 'app://studio/index.html' } })) as Array<{ root: string; source: string }>;
    expect(list.filter((dataset) => dataset.source === 'added').map((dataset) => dataset.root)).toEqual([sample, tiny.root]);
    await tiny.cleanup();
  });

  it('shows the edit menu on a right-click in a field, Copy on selected text, nothing elsewhere', async () => {
    const fake = await boot();
    const [window] = fake.windows;
    const rightClick = (params: Record<string, unknown>) => {
      for (const listener of window.webContents.listeners.get('context-menu') ?? []) listener({}, params);
    };
    const editFlags = { canUndo: false, canRedo: false, canCut: true, canCopy: true, canPaste: true, canDelete: true, canSelectAll: true, canEditRichly: false };
    rightClick({ isEditable: true, selectionText: 'x', editFlags });
    rightClick({ isEditable: false, selectionText: 'retail-01', editFlags });
    rightClick({ isEditable: false, selectionText: '', editFlags });
    expect(fake.popups.map((popup) => [popup.template.map((item) => item.role).filter(Boolean), popup.window === window])).toEqual([
      [['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll'], true],
      [['copy'], true],
    ]);
  });

  it('on a second launch with no window left (macOS), opens one', async () => {
    const fake = await boot();
    fake.windows[0].close();
    fake.emitApp('second-instance', {}, [], '/', { datasets: [] });
    expect(fake.windows).toHaveLength(2);
    expect(fake.windows[1].loadedUrl).toBe('app://studio/index.html');
  });

  it('File > Import Trajectory Folder... with a sub-folder it cannot read: the rest is sent, the folder is a problem, nothing rejects', async () => {
    const fake = await boot();
    const dir = await mkdtemp(path.join(tmpdir(), 'main-index-import-'));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await mkdir(path.join(dir, 'runs'));
      await writeFile(path.join(dir, 'runs', 'a.jsonl'), '{}\n');
      // 18 nested folders of 250 characters: past PATH_MAX, so reading the deepest fails (ENAMETOOLONG).
      execFileSync('bash', ['-c', 'cd "$1" && n=$(printf "d%.0s" {1..250}) && for i in $(seq 18); do mkdir "$n" && cd "$n"; done && echo "{}" > x.jsonl', '-', path.join(dir, 'runs')]);
      fake.openDialogAnswers.push({ canceled: false, filePaths: [path.join(dir, 'runs')] });
      fake.clickFileItem('Import Trajectory Folder...');
      const webContents = fake.windows[0].webContents;
      await vi.waitFor(() => expect(webContents.eventNames()).toContain('trajectories.imported'));
      const [, , imported] = webContents.sent.find((args) => args[1] === 'trajectories.imported')!;
      expect(imported).toMatchObject({
        files: [{ name: 'runs/a.jsonl', text: '{}\n' }],
        problems: [{ line: 0, message: expect.stringMatching(/^cannot read the folder: its path is too long/) }],
      });
      expect(fake.errorBoxes).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      execFileSync('rm', ['-rf', dir]);
    }
  });

  it('File > Import Trajectory Files...: a failure is said in a dialog, never an unhandled rejection', async () => {
    vi.doMock('../services/trajectory-import', () => ({ readImportedTrajectories: () => Promise.reject(new Error('the disk went away')) }));
    const fake = await boot();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      fake.openDialogAnswers.push({ canceled: false, filePaths: ['/data/runs.jsonl'] });
      fake.clickFileItem('Import Trajectory Files...');
      await vi.waitFor(() => expect(fake.errorBoxes).toEqual([{ title: 'Cannot import the trajectories', content: 'the disk went away' }]));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it("attaches the menu's dialogs to the window", async () => {
    const fake = await boot();
    const [window] = fake.windows;
    for (const label of ['Open Dataset Folder...', 'Import Trajectory Files...', 'Import Trajectory Folder...', 'Import EgoBench Release...']) fake.clickFileItem(label);
    fake.menuTemplate.find((menu) => menu.role === 'help')!.submenu!.find((item) => item.label === 'About EgoBench Studio')!.click!();
    await vi.waitFor(() => expect(fake.openDialogs).toHaveLength(4));
    expect(fake.openDialogs.map((call) => call.parent === window)).toEqual([true, true, true, true]);
    expect(fake.messageBoxes.map((call) => call.parent === window)).toEqual([true]);
  });

  it('says so when Import EgoBench Release... is chosen while one runs, and imports again once it ended', async () => {
    let finish: () => void = () => undefined;
    const importEgobenchRelease = vi.fn(() => new Promise<never>((_resolve, reject) => (finish = () => reject(new Error('stopped')))));
    vi.doMock('../services/egobench-import', () => ({ importEgobenchRelease }));
    const fake = await boot();
    fake.openDialogAnswers.push({ canceled: false, filePaths: ['/data/release'] }, { canceled: false, filePaths: ['/data/out'] });
    fake.clickFileItem('Import EgoBench Release...');
    await vi.waitFor(() => expect(importEgobenchRelease).toHaveBeenCalledOnce());
    fake.clickFileItem('Import EgoBench Release...');
    await vi.waitFor(() => expect(fake.messageBoxes).toHaveLength(1));
    expect(fake.messageBoxes[0].options).toMatchObject({ message: 'An EgoBench release is being imported already.', detail: expect.stringContaining('/data/release') });
    expect(fake.openDialogs).toHaveLength(2);
    finish();
    await vi.waitFor(() => expect(fake.errorBoxes).toEqual([{ title: 'Cannot import the EgoBench release', content: 'stopped' }]));
    fake.clickFileItem('Import EgoBench Release...');
    await vi.waitFor(() => expect(fake.openDialogs).toHaveLength(3));
  });
});
