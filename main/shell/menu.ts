/**
 * The application menu as a template (Menu.buildFromTemplate turns it into a menu in main/index.ts). The
 * roles give the platform's usual shortcuts (Ctrl/Cmd+C, +Q, +0, F11, ...); reload and the developer tools
 * exist only in development, where reloading cannot lose a running batch and devtools cannot be used to
 * poke at a production window.
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  readonly appName: string;
  readonly isDev: boolean;
  readonly platform: NodeJS.Platform;
  /** Shows the About box (name, version, contract version). */
  readonly showAbout: () => void;
}

export function menuTemplate(o: MenuOptions): MenuItemConstructorOptions[] {
  const mac = o.platform === 'darwin';
  const about: MenuItemConstructorOptions = { label: `About ${o.appName}`, click: () => o.showAbout() };
  const dev: MenuItemConstructorOptions[] = o.isDev
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : [];
  return [
    // macOS keeps About and Quit in the menu named after the app.
    ...(mac
      ? [
          {
            label: o.appName,
            submenu: [
              about,
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : []),
    { label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        ...dev,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [about] },
  ];
}
