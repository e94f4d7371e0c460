/**
 * The main window's options: the renderer is untrusted web content, so it gets no Node, runs in
 * Chromium's sandbox in its own JavaScript world (the preload's api is the only thing it shares with
 * it), and cannot turn web security or <webview> on.
 */
import type { BaseWindow, BrowserWindowConstructorOptions } from 'electron';
import { channelsArgument } from '../ipc/channels.js';
import { CHANNELS } from '../ipc/contract.js';

/** What every window of the app's gets, whatever page it shows: no Node, Chromium's sandbox, web security on. */
export const HARDENED_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const satisfies BrowserWindowConstructorOptions['webPreferences'];

/** Size and first state of a window: shown once its page is ready. */
export const WINDOW_FRAME = { width: 1280, height: 840, minWidth: 900, minHeight: 600, show: false } as const;

/** The app's window: its preload gets the contract's channel names as an argument (channels.ts says why). */
export function windowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    ...WINDOW_FRAME,
    title: 'Gateway Back Office',
    webPreferences: { preload, additionalArguments: [channelsArgument(CHANNELS)], ...HARDENED_PREFERENCES },
  };
}

/** A second launch brings the running window forward instead of opening a second app on the same data. */
export function focusWindow(win: Pick<BaseWindow, 'isMinimized' | 'restore' | 'show' | 'focus'>): void {
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
