/** A second launch of the app (the single-instance lock is taken) quits at once: no core, no window, no IPC. */
import { expect, it, vi } from 'vitest';
import { app, BrowserWindow, control, ipcMain } from './electronStub.js';

vi.mock('electron', () => import('./electronStub.js'));

it('quits without opening anything when another instance holds the lock', async () => {
  control.singleInstance = false;
  control.userData = '/nonexistent/must-not-be-opened';
  await import('../../main/index.js');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(app.quit).toHaveBeenCalled();
  expect(app.listenerCount('second-instance')).toBe(0);
  expect(BrowserWindow.created).toHaveLength(0);
  expect(ipcMain.handlers.size).toBe(0);
});
