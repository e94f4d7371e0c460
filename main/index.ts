/**
 * The Electron adapter: application life cycle and the hardened window. The only main-process file that
 * imports `electron`; everything it starts (the core: store, vault, embedded sandbox, services) is plain Node.
 */
import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';
import { userInfo } from 'node:os';
import { AppCore } from './services/appCore.js';

let core: AppCore | undefined;

async function openWindow(): Promise<void> {
  const win = new BrowserWindow({
    width: 1280,
    height: 840,
    show: false,
    title: 'Gateway back office',
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  win.once('ready-to-show', () => win.show());
  // No window may open from the renderer, and the page may not navigate away from the app.
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  if (process.env.ELECTRON_RENDERER_URL) await win.loadURL(process.env.ELECTRON_RENDERER_URL);
  else await win.loadFile(join(__dirname, '../renderer/index.html'));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  app
    .whenReady()
    .then(async () => {
      // The core opens the store, the vault and the embedded sandbox in the app's data folder, and settles
      // every charge left open by an earlier run before the window shows anything.
      core = await AppCore.open({ dataFolder: app.getPath('userData'), osUser: userInfo().username, demo: true });
      await openWindow();
    })
    .catch((err: unknown) => {
      console.error(err);
      app.exit(1);
    });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => {
    void core?.close();
  });
}
