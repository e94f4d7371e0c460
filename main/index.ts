/**
 * The Electron adapter: application life cycle, the hardened window and the IPC binding. The only
 * main-process file that imports `electron` at run time; the decisions (window options, what counts as
 * the app's page, navigation, permissions, who may call main, the menu) live in main/shell/ and are
 * tested there with stand-ins, and everything the window talks to (the core: store, vault, embedded
 * sandbox, services) is plain Node, shared with browser mode (main/browserMode.ts).
 */
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, session, shell, type WebContents } from 'electron';
import { CONTRACT_VERSION } from './ipc/channels.js';
import { createDispatcher } from './ipc/dispatcher.js';
import { sessionGuard } from './ipc/sessionGuard.js';
import { EventHub } from './ipc/events.js';
import { createHandlers } from './ipc/handlers.js';
import { AppCore } from './services/appCore.js';
import { appPage } from './shell/appPage.js';
import { CONSOLE_PARTITION, consoleWindowOptions } from './shell/consoleWindow.js';
import { sendContentSecurityPolicy } from './shell/contentSecurityPolicy.js';
import { bindChannels, forwardEvents } from './shell/ipcBinding.js';
import { menuTemplate } from './shell/menu.js';
import { guardNavigation } from './shell/navigation.js';
import { denyPermissions } from './shell/permissions.js';
import { appFrameOnly } from './shell/senderCheck.js';
import { focusWindow, windowOptions } from './shell/window.js';

// The main bundle is ESM: its folder comes from import.meta.url (out/main/ when built).
const here = fileURLToPath(new URL('.', import.meta.url));
// Only an unpackaged app (electron-vite dev) follows ELECTRON_RENDERER_URL: in a packaged one, setting it must
// not make a page from elsewhere "the app's page", trusted with IPC.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const page = appPage({ rendererFile: join(here, '../renderer/index.html'), devServerUrl });
const events = new EventHub();

let core: AppCore | undefined;
let win: BrowserWindow | undefined;

async function openWindow(): Promise<BrowserWindow> {
  const w = new BrowserWindow(windowOptions(join(here, '../preload/index.cjs')));
  win = w;
  const stopEvents = forwardEvents(events, w.webContents);
  w.on('closed', () => {
    stopEvents();
    if (win === w) win = undefined;
  });
  w.once('ready-to-show', () => w.show());
  await w.loadURL(page.url);
  return w;
}

/** The developer console's windows: the sandbox's page, with none of the app's powers (main/shell/consoleWindow.ts). */
const consoleWindows = new WeakSet<WebContents>();

function openConsoleWindow(url: string): void {
  const w = new BrowserWindow(consoleWindowOptions());
  consoleWindows.add(w.webContents);
  w.once('ready-to-show', () => w.show());
  w.loadURL(url).catch((err: unknown) => console.error(`console window: ${err instanceof Error ? err.message : String(err)}`));
}

function showAbout(): void {
  const detail = `Version ${app.getVersion()} (IPC contract ${CONTRACT_VERSION})\nElectron ${process.versions.electron ?? '?'}, Node ${process.versions.node}`;
  const options = { type: 'info' as const, title: 'About', message: 'Gateway Back Office', detail, buttons: ['OK'] };
  void (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options));
}

async function start(): Promise<void> {
  sendContentSecurityPolicy(session.defaultSession);
  denyPermissions(session.defaultSession, page.isAppUrl);
  // The console's own session: no permission for any page in it.
  denyPermissions(session.fromPartition(CONSOLE_PARTITION), () => false);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({ appName: 'Gateway Back Office', isDev: devServerUrl !== undefined, platform: process.platform, showAbout }),
    ),
  );

  // The core opens the store, the vault and the embedded sandbox (demo data seeded on first run) in the
  // app's data folder, and settles every charge left open by an earlier run before the window shows anything.
  const dataFolder = app.getPath('userData');
  core = await AppCore.open({
    dataFolder,
    osUser: userInfo().username,
    systemLocale: app.getLocale(),
    demo: true,
    entry: 'the Electron app',
  });
  const handlers = createHandlers({ core, events, app: { name: app.getName(), version: app.getVersion(), shell: 'electron', dataFolder } });
  bindChannels(
    ipcMain,
    // Every channel is checked against the role of the person signed in before its payload is looked at.
    createDispatcher(handlers, console.error, sessionGuard(core), core.calls),
    appFrameOnly(() => win?.webContents, page.isAppUrl),
  );
  await openWindow();
}

// One running app per data folder: a second launch focuses the first one's window and exits.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (win) focusWindow(win);
  });
  // Every web contents, not just the main window's, is kept on the app's page.
  app.on('web-contents-created', (_event, contents) =>
    guardNavigation(contents, {
      isAppUrl: page.isAppUrl,
      openExternal: (url) => shell.openExternal(url),
      sandboxConsole: {
        sandboxUrl: () => core?.sandbox.url,
        isConsoleWindow: (c) => consoleWindows.has(c as WebContents),
        open: openConsoleWindow,
      },
    }),
  );
  app.on('activate', () => {
    if (core && !win) void openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Quitting waits for the core to close (the store flushed, the sandbox stopped), then quits for real.
  app.on('before-quit', (event) => {
    const closing = core;
    if (!closing) return;
    core = undefined;
    event.preventDefault();
    closing
      .close()
      .catch((err: unknown) => console.error(err))
      .finally(() => app.quit());
  });
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      console.error(err);
      // Said to the person who started it, not only to a console nobody sees (say, the data folder is in use).
      dialog.showErrorBox('The back office cannot start', err instanceof Error ? err.message : String(err));
      app.exit(1);
    });
}
