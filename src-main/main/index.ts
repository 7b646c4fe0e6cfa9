// Electron main process: one secure window over the studio services.
import path from 'node:path';
import {
  BrowserWindow,
  Menu,
  app,
  dialog,
  ipcMain,
  protocol,
  session,
  type MessageBoxOptions,
  type MessageBoxReturnValue,
  type OpenDialogOptions,
  type OpenDialogReturnValue,
} from 'electron';
import { ipcEventChannel } from '../../shared/api/ipc-channels';
import type { DatasetSummary } from '../../shared/api/studio-api';
import { contentSecurityPolicy } from '../services/content-security-policy';
import { importEgobenchRelease } from '../services/egobench-import';
import { createStudioHost } from '../services/studio-host';
import { readImportedTrajectories } from '../services/trajectory-import';
import { buildAppMenuTemplate } from './app-menu-template';
import { appOrigin, appSchemeDefinition, registerAppProtocol } from './app-protocol';
import { registerStudioIpc } from './ipc';
import { datasetArgs, secondLaunchDatasets, type SecondLaunch } from './launch-args';
import { mediaSchemeDefinition, registerMediaProtocol } from './media-protocol';
import { isTrustedRendererUrl, rendererLocation as locateRenderer } from './renderer-trust';
import { applySessionSecurity } from './session-security';
import { promptBeforeUnload } from './unload-prompt';
import { guardWebContents } from './web-contents-guard';
import { contextMenuTemplate } from './context-menu';
import { mainWindowOptions } from './window-options';

// Must happen before the app is ready.
protocol.registerSchemesAsPrivileged([appSchemeDefinition, mediaSchemeDefinition]);

// One studio at a time: a second one on the same user data would find the renderer's storage
// (IndexedDB) locked and refuse drafts. A second launch hands its --dataset folders to the running
// studio ('second-instance' below) and quits.
const launchDatasets = datasetArgs(process.argv).map((folder) => path.resolve(folder));
const secondLaunch: SecondLaunch = { datasets: launchDatasets };
const defaultDatasets = datasetArgs(process.argv, '--default-dataset').map((folder) => path.resolve(folder));
const isFirstInstance = app.requestSingleInstanceLock(secondLaunch);
if (!isFirstInstance) app.quit();

// The dev server only in an unpackaged app; else the build over app://studio/.
const rendererLocation = locateRenderer({ isPackaged: app.isPackaged, devServerUrl: process.env.ELECTRON_RENDERER_URL });
const isDev = rendererLocation.kind === 'dev-server';
const rendererOrigin = rendererLocation.kind === 'dev-server' ? rendererLocation.origin : appOrigin;
const rendererDir = path.join(import.meta.dirname, '..', 'renderer');

const studio = createStudioHost({
  hostKind: 'electron',
  appRoot: app.getAppPath(),
  configDir: app.getPath('userData'),
  // datasets.setVideoFolder: the folder comes from this dialog, never from the renderer.
  chooseFolder: (title) => pickFolder({ title }),
  // Built beside this file (electron-vite's main build, input eval-worker): scoring off the main process's thread.
  evaluationWorker: new URL('./eval-worker.js', import.meta.url),
});

let mainWindow: BrowserWindow | null = null;

/** A native open dialog, attached to the window when there is one (modal to it, over it). */
function showOpenDialog(options: OpenDialogOptions): Promise<OpenDialogReturnValue> {
  return mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options);
}

/** A native message box, attached to the window when there is one. */
function showMessageBox(options: MessageBoxOptions): Promise<MessageBoxReturnValue> {
  return mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options);
}

/** A native folder dialog (over the window when there is one); null when cancelled. */
async function pickFolder(options: { title: string; defaultPath?: string; create?: boolean }): Promise<string | null> {
  const { canceled, filePaths } = await showOpenDialog({
    title: options.title,
    defaultPath: options.defaultPath,
    properties: options.create ? ['openDirectory', 'createDirectory', 'promptToCreate'] : ['openDirectory'],
  });
  return canceled || !filePaths[0] ? null : filePaths[0];
}

/** The release being imported (from its first dialog to its end), or null. */
let importingRelease: string | null = null;

/** File > Import EgoBench Release...: release folder, then dataset folder, both from dialogs; the renderer shows the outcome. */
async function importRelease(): Promise<void> {
  if (importingRelease !== null) {
    // One import at a time (each is heavy); say why this one does not start.
    void showMessageBox({
      type: 'info',
      title: 'Import EgoBench Release',
      message: 'An EgoBench release is being imported already.',
      detail: importingRelease ? `Wait until the import of ${importingRelease} ends, then import the next one.` : 'Finish choosing its folders, or cancel, first.',
    });
    return;
  }
  importingRelease = '';
  try {
    await pickAndImportRelease();
  } finally {
    importingRelease = null;
  }
}

async function pickAndImportRelease(): Promise<void> {
  const release = await pickFolder({ title: 'Import EgoBench Release: choose the release folder (tasks/, tools/, init/, results/)' });
  if (!release) return;
  const out = await pickFolder({ title: 'Import EgoBench Release: choose a folder for the new dataset', defaultPath: path.dirname(release), create: true });
  if (!out) return;
  importingRelease = release;
  studio.events.emit('egobench.imported', { state: 'running', release, out });
  try {
    // The renderer opens the new dataset (already in the catalog) and shows the report.
    studio.events.emit('egobench.imported', await importEgobenchRelease(release, out, studio.catalog));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    studio.events.emit('egobench.imported', { state: 'failed', release, out, message });
    dialog.showErrorBox('Cannot import the EgoBench release', message);
  }
}

/**
 * File > Import Trajectory Files/Folder...: the renderer scores what was read and lists what could
 * not be (a sub-folder or file it cannot read is a problem there); a failure of the whole is said.
 */
async function importTrajectories(kind: 'files' | 'folder'): Promise<void> {
  try {
    const { canceled, filePaths } = await showOpenDialog({
      title: kind === 'files' ? 'Import Trajectory Files' : 'Import Trajectory Folder',
      properties: kind === 'files' ? ['openFile', 'multiSelections'] : ['openDirectory', 'multiSelections'],
      filters: kind === 'files' ? [{ name: 'Trajectories', extensions: ['jsonl', 'json'] }] : undefined,
    });
    if (canceled || filePaths.length === 0) return;
    studio.events.emit('trajectories.imported', await readImportedTrajectories(filePaths));
  } catch (error) {
    dialog.showErrorBox('Cannot import the trajectories', error instanceof Error ? error.message : String(error));
  }
}

function createMainWindow(): void {
  const window = new BrowserWindow(mainWindowOptions(path.join(import.meta.dirname, '..', 'preload', 'index.cjs')));
  window.once('ready-to-show', () => window.show());
  window.webContents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params);
    if (template.length > 0) Menu.buildFromTemplate(template).popup({ window });
  });
  promptBeforeUnload(window.webContents, (question) => dialog.showMessageBoxSync(window, question));
  window.on('closed', () => (mainWindow = null));
  void window.loadURL(rendererLocation.url);
  mainWindow = window;
}

async function addAndAnnounce(folder: string): Promise<void> {
  try {
    const dataset = await studio.catalog.addFolder(folder);
    studio.events.emit('datasets.opened', { dataset });
  } catch (error) {
    dialog.showErrorBox('Cannot open dataset', error instanceof Error ? error.message : String(error));
  }
}

/**
 * Adds the folders to the catalog, as --dataset does at launch, and opens the first in the window;
 * a folder that is no dataset is said in a dialog.
 */
async function openLaunchDatasets(folders: readonly string[]): Promise<void> {
  let first: DatasetSummary | undefined;
  for (const folder of folders) {
    try {
      const dataset = await studio.catalog.addFolder(folder);
      first ??= dataset;
    } catch (error) {
      dialog.showErrorBox('Cannot open dataset', error instanceof Error ? error.message : String(error));
    }
  }
  if (first) studio.events.emit('datasets.opened', { dataset: first });
}

/** Another launch while this one runs: show the window, open what it named. */
function welcomeSecondLaunch(data: unknown): void {
  if (!mainWindow) createMainWindow();
  else {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  }
  void openLaunchDatasets(secondLaunchDatasets(data));
}

async function installMenu(): Promise<void> {
  const template = buildAppMenuTemplate({
    appName: 'EgoBench Studio',
    isMac: process.platform === 'darwin',
    isDev,
    recentRoots: await studio.catalog.recentRoots(),
    actions: {
      openDatasetFolder: () => {
        void pickFolder({ title: 'Open Dataset Folder' }).then((folder) => (folder === null ? undefined : addAndAnnounce(folder)));
      },
      openRecentDataset: (root) => void addAndAnnounce(root),
      importTrajectories: (kind) => void importTrajectories(kind),
      importEgobenchRelease: () => void importRelease(),
      showAbout: () => {
        const { name, version, versions } = studio.appInfo;
        void showMessageBox({
          title: 'About EgoBench Studio',
          message: `EgoBench Studio ${version}`,
          detail: `${name}\nElectron ${versions.electron ?? '?'} · Chromium ${versions.chrome ?? '?'} · Node ${versions.node}`,
        });
      },
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

if (isFirstInstance) {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
  // Emitted only once this app is ready.
  app.on('second-instance', (_event, _argv, _workingDirectory, data) => welcomeSecondLaunch(data));
  void app.whenReady().then(startStudio);
}

async function startStudio(): Promise<void> {
  applySessionSecurity(session.defaultSession, isDev ? null : contentSecurityPolicy, rendererLocation);
  registerAppProtocol(protocol, rendererDir);
  registerMediaProtocol(protocol, studio.catalog, studio.videoFolders, rendererOrigin);
  const handlers = {
    ...studio.handlers,
    // Opening a dataset changes the recent list shown in File > Open Recent.
    'datasets.open': async (datasetId: string) => {
      const dataset = await studio.handlers['datasets.open'](datasetId);
      await installMenu();
      return dataset;
    },
  };
  registerStudioIpc(ipcMain, handlers, (frameUrl) => isTrustedRendererUrl(frameUrl, rendererLocation));
  studio.events.subscribe((name, payload) => mainWindow?.webContents.send(ipcEventChannel, name, payload));
  for (const folder of [...launchDatasets, ...defaultDatasets]) {
    await studio.catalog.addFolder(folder).catch((error: unknown) => console.error(String(error)));
  }
  await installMenu();
  createMainWindow();
}
