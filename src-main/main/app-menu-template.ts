// The application menu as data, so tests can check it without Electron.
import type { MenuItemConstructorOptions } from 'electron';

export interface AppMenuActions {
  openDatasetFolder(): void;
  openRecentDataset(root: string): void;
  showAbout(): void;
  /** File > Import Trajectory Files... / Folder...: for the Replay workspace (absent: no items). */
  importTrajectories?(kind: 'files' | 'folder'): void;
  /** File > Import EgoBench Release...: a release folder converted into a new dataset (absent: no item). */
  importEgobenchRelease?(): void;
}

export interface AppMenuOptions {
  appName: string;
  isMac: boolean;
  /** Developer tools only in development builds. */
  isDev: boolean;
  recentRoots: string[];
  actions: AppMenuActions;
}

export function buildAppMenuTemplate({ appName, isMac, isDev, recentRoots, actions }: AppMenuOptions): MenuItemConstructorOptions[] {
  const recentItems: MenuItemConstructorOptions[] =
    recentRoots.length > 0
      ? recentRoots.map((root) => ({ label: root, click: () => actions.openRecentDataset(root) }))
      : [{ label: 'No recent datasets', enabled: false }];
  const about: MenuItemConstructorOptions = { label: `About ${appName}`, click: () => actions.showAbout() };
  return [
    ...(isMac ? [{ label: appName, submenu: [about, { type: 'separator' }, { role: 'quit' }] } as MenuItemConstructorOptions] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Dataset Folder...', accelerator: 'CmdOrCtrl+O', click: () => actions.openDatasetFolder() },
        { label: 'Open Recent', submenu: recentItems },
        ...(actions.importTrajectories
          ? ([
              { type: 'separator' },
              { label: 'Import Trajectory Files...', click: () => actions.importTrajectories!('files') },
              { label: 'Import Trajectory Folder...', click: () => actions.importTrajectories!('folder') },
            ] as MenuItemConstructorOptions[])
          : []),
        ...(actions.importEgobenchRelease
          ? ([
              { type: 'separator' },
              { label: 'Import EgoBench Release...', click: () => actions.importEgobenchRelease!() },
            ] as MenuItemConstructorOptions[])
          : []),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        ...(isDev ? [{ role: 'toggleDevTools' } as MenuItemConstructorOptions] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: isMac ? [] : [about] },
  ];
}
