/**
 * The Electron adapter: application life cycle and the hardened window. The only main-process file that
 * imports `electron`; everything it starts (the embedded sandbox now, the services later) is plain Node.
 */
import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';
import { createSandbox, type Sandbox } from './sandbox/index.js';

let sandbox: Sandbox | undefined;

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
      // The default environment: the embedded sandbox, keeping its orders in the app's data folder.
      sandbox = await createSandbox({ dataFile: join(app.getPath('userData'), 'sandbox.sqlite'), demo: true });
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
    void sandbox?.close();
  });
}
