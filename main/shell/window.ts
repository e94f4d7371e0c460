/**
 * The main window's options: the renderer is untrusted web content, so it gets no Node, runs in
 * Chromium's sandbox in its own JavaScript world (the preload's api is the only thing it shares with
 * it), and cannot turn web security or <webview> on.
 */
import type { BaseWindow, BrowserWindowConstructorOptions } from 'electron';

export function windowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 840,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Gateway Back Office',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

/** A second launch brings the running window forward instead of opening a second app on the same data. */
export function focusWindow(win: Pick<BaseWindow, 'isMinimized' | 'restore' | 'show' | 'focus'>): void {
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
