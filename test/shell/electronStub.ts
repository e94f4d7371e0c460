/**
 * A small hand-made stand-in for the `electron` module, for the tests that load main/index.ts or
 * preload/index.ts themselves (`vi.mock('electron', () => import('./electronStub.js'))`). It records
 * what the code under test asked of Electron and lets the test play Electron's part: emit app events,
 * call the registered IPC handlers, read what a window was created with.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/** What the test controls before main/index.ts runs. */
export const control = { singleInstance: true, userData: '' };

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

export class FakeWebContents extends EventEmitter {
  readonly mainFrame: FakeFrame = { url: '', parent: null };
  readonly sent: [string, unknown][] = [];
  windowOpenHandler?: (details: { url: string }) => { action: string };
  destroyed = false;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  requestSingleInstanceLock = vi.fn(() => control.singleInstance);
  quit = vi.fn();
  exit = vi.fn();
  whenReady = () => Promise.resolve();
  getPath = (name: string) => (name === 'userData' ? control.userData : `/nonexistent/${name}`);
  getName = () => 'gateway-backoffice';
  getVersion = () => '9.8.7';
  getLocale = () => 'en-US';
}
export const app = new FakeApp();

export class BrowserWindow extends EventEmitter {
  static readonly created: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly show = vi.fn();
  readonly focus = vi.fn();
  readonly restore = vi.fn();
  minimized = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.created.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  async loadURL(url: string): Promise<void> {
    this.webContents.mainFrame.url = url;
    this.emit('ready-to-show');
  }
}

type Handler = (event: unknown, ...args: unknown[]) => unknown;
export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle: vi.fn((channel: string, handler: Handler) => void ipcMain.handlers.set(channel, handler)),
};

const fakeSession = () => ({
  webRequest: { onHeadersReceived: vi.fn() },
  setPermissionRequestHandler: vi.fn(),
  setPermissionCheckHandler: vi.fn(),
});
const partitions = new Map<string, ReturnType<typeof fakeSession>>();

export const session = {
  defaultSession: fakeSession(),
  /** One session per partition name, as Electron keeps them. */
  fromPartition: vi.fn((partition: string) => {
    const existing = partitions.get(partition) ?? fakeSession();
    partitions.set(partition, existing);
    return existing;
  }),
};

export const shell = { openExternal: vi.fn(async (_url: string) => undefined) };
export const dialog = { showMessageBox: vi.fn(async () => ({ response: 0, checkboxChecked: false })), showErrorBox: vi.fn() };
export const Menu = {
  buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
  setApplicationMenu: vi.fn(),
};

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld: vi.fn((key: string, api: unknown) => void contextBridge.exposed.set(key, api)),
};

class FakeIpcRenderer extends EventEmitter {
  invoke = vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => ({ ok: true, value: 'from main' }));
  send = vi.fn();
}
export const ipcRenderer = new FakeIpcRenderer();
