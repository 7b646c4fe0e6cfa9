// A stand-in for the `electron` module, so a test can boot the real src-main/main/index.ts without
// the Electron binary (vi.mock('electron', () => import('../test-support/fake-electron'))) and see
// what it hands Electron: the window's options and URL, the session's handlers, the IPC channels,
// the protocols, the menu, the dialogs it opens. `fake` holds what was handed and lets the test act
// as Electron does: app ready, a second instance, a menu click, a permission asked.
/* eslint-disable @typescript-eslint/no-unsafe-function-type -- listeners of every shape are recorded as given */

export interface OpenDialogAnswer {
  canceled: boolean;
  filePaths: string[];
}

export interface MenuItem {
  label?: string;
  role?: string;
  submenu?: MenuItem[];
  click?: () => void;
}

interface PermissionFrame {
  requestingUrl?: string;
  isMainFrame: boolean;
}

type RequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: PermissionFrame) => void;
type CheckHandler = (contents: unknown, permission: string, requestingOrigin: string, details: PermissionFrame) => boolean;

export class FakeWebContents {
  readonly listeners = new Map<string, Function[]>();
  readonly sent: unknown[][] = [];
  windowOpenHandler: Function | undefined;
  on(name: string, listener: Function): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  send(...args: unknown[]): void {
    this.sent.push(args);
  }
  setWindowOpenHandler(handler: Function): void {
    this.windowOpenHandler = handler;
  }
  /** The pushed events' names, in order. */
  eventNames(): unknown[] {
    return this.sent.map((args) => args[1]);
  }
}

export class BrowserWindow {
  static getAllWindows(): BrowserWindow[] {
    return fake.windows.filter((window) => !window.destroyed);
  }
  readonly webContents = new FakeWebContents();
  loadedUrl: string | undefined;
  destroyed = false;
  minimized = false;
  focused = 0;
  constructor(readonly options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>) {
    fake.windows.push(this);
    fake.emitApp('web-contents-created', {}, this.webContents);
  }
  private readonly listeners = new Map<string, Function[]>();
  once(name: string, listener: Function): this {
    return this.on(name, listener);
  }
  on(name: string, listener: Function): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  /** As the user closes it. */
  close(): void {
    this.destroyed = true;
    for (const listener of this.listeners.get('closed') ?? []) listener();
    if (BrowserWindow.getAllWindows().length === 0) fake.emitApp('window-all-closed');
  }
  show(): void {}
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  focus(): void {
    this.focused++;
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
}

class FakeState {
  isPackaged = true;
  /** What requestSingleInstanceLock answers: false as if another instance held it. */
  lockFree = true;
  lockData: unknown;
  quits = 0;
  userData = '';
  appPath = '';
  readonly appListeners = new Map<string, Function[]>();
  readonly windows: BrowserWindow[] = [];
  readonly ipcHandlers = new Map<string, Function>();
  readonly protocolHandlers = new Map<string, Function>();
  readonly privilegedSchemes: Array<{ scheme: string }> = [];
  menuTemplate: MenuItem[] = [];
  readonly popups: Array<{ template: MenuItem[]; window: BrowserWindow | undefined }> = [];
  /** Answers for the next open dialogs, in order; cancelled when none is left. */
  readonly openDialogAnswers: OpenDialogAnswer[] = [];
  readonly openDialogs: Array<{ parent: BrowserWindow | undefined; options: Record<string, unknown> }> = [];
  readonly errorBoxes: Array<{ title: string; content: string }> = [];
  readonly messageBoxes: Array<{ parent: BrowserWindow | undefined; options: Record<string, unknown> }> = [];
  requestHandler: RequestHandler | undefined;
  checkHandler: CheckHandler | undefined;
  /** The session's onHeadersReceived hook (the CSP), when one was set. */
  headersHook: Function | undefined;
  private resolveReady: () => void = () => undefined;
  readonly whenReady = new Promise<void>((resolve) => (this.resolveReady = resolve));

  /** As new: the module stays cached across vi.resetModules, so each boot starts with this. */
  reset(): void {
    Object.assign(this, new FakeState());
  }
  ready(): void {
    this.resolveReady();
  }
  emitApp(name: string, ...args: unknown[]): void {
    for (const listener of this.appListeners.get(name) ?? []) listener(...args);
  }
  /** A permission request as Chromium makes it; resolves with the answer. */
  request(permission: string, frame: PermissionFrame): boolean | undefined {
    let granted: boolean | undefined;
    this.requestHandler!(this.windows[0]?.webContents, permission, (value) => (granted = value), frame);
    return granted;
  }
  check(permission: string, origin: string, frame: PermissionFrame): boolean {
    return this.checkHandler!(this.windows[0]?.webContents, permission, origin, frame);
  }
  /** The headers the session's hook gives a response (none hooked: as they came). */
  responseHeaders(headers: Record<string, string[]>): Record<string, string[]> {
    let out = headers;
    this.headersHook?.({ responseHeaders: headers }, (response: { responseHeaders: Record<string, string[]> }) => (out = response.responseHeaders));
    return out;
  }
  /** Clicks File > `label`. */
  clickFileItem(label: string): void {
    const item = this.menuTemplate.find((menu) => menu.label === 'File')?.submenu?.find((entry) => entry.label === label);
    if (!item?.click) throw new Error(`no File > ${label}`);
    item.click();
  }
}

export const fake = new FakeState();

export const app = {
  get isPackaged() {
    return fake.isPackaged;
  },
  getAppPath: () => fake.appPath,
  getPath: () => fake.userData,
  on(name: string, listener: Function) {
    fake.appListeners.set(name, [...(fake.appListeners.get(name) ?? []), listener]);
    return app;
  },
  whenReady: () => fake.whenReady,
  quit: () => void fake.quits++,
  requestSingleInstanceLock(data?: unknown) {
    fake.lockData = data;
    return fake.lockFree;
  },
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler: RequestHandler) => void (fake.requestHandler = handler),
    setPermissionCheckHandler: (handler: CheckHandler) => void (fake.checkHandler = handler),
    webRequest: { onHeadersReceived: (hook: Function) => void (fake.headersHook = hook) },
  },
};

/** A dialog's arguments: ([parent,] options). */
function dialogCall(args: unknown[]): { parent: BrowserWindow | undefined; options: Record<string, unknown> } {
  const [parent, options] = args[0] instanceof BrowserWindow ? [args[0], args[1]] : [undefined, args[0]];
  return { parent, options: options as Record<string, unknown> };
}

export const dialog = {
  showOpenDialog(...args: unknown[]): Promise<OpenDialogAnswer> {
    fake.openDialogs.push(dialogCall(args));
    return Promise.resolve(fake.openDialogAnswers.shift() ?? { canceled: true, filePaths: [] });
  },
  showErrorBox: (title: string, content: string) => void fake.errorBoxes.push({ title, content }),
  showMessageBox(...args: unknown[]) {
    fake.messageBoxes.push(dialogCall(args));
    return Promise.resolve({ response: 0, checkboxChecked: false });
  },
  showMessageBoxSync: () => 0,
};

export const Menu = {
  /** The application menu's template is kept as `menuTemplate`; a menu shown with popup() is recorded in `popups`. */
  buildFromTemplate: (template: MenuItem[]) => ({
    template,
    popup: (options: { window?: BrowserWindow }) => void fake.popups.push({ template, window: options.window }),
  }),
  setApplicationMenu: (menu: { template: MenuItem[] } | null) => void (fake.menuTemplate = menu?.template ?? []),
};

export const ipcMain = {
  handle: (channel: string, listener: Function) => void fake.ipcHandlers.set(channel, listener),
};

export const protocol = {
  registerSchemesAsPrivileged: (schemes: Array<{ scheme: string }>) => void fake.privilegedSchemes.push(...schemes),
  handle: (scheme: string, handler: Function) => void fake.protocolHandlers.set(scheme, handler),
};
