/** The application menu: the usual roles and shortcuts, developer entries only in development, About with the version. */
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { menuTemplate } from '../../main/shell/menu.js';

const roles = (items: MenuItemConstructorOptions[]): string[] =>
  items.flatMap((i) => [...(i.role ? [i.role] : []), ...(Array.isArray(i.submenu) ? roles(i.submenu) : [])]);
const find = (items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions | undefined =>
  items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? i.submenu : [])]).find((i) => i.label === label);

describe('the application menu', () => {
  const options = { appName: 'Gateway Back Office', platform: 'linux' as const, showAbout: () => undefined };

  it('has File, Edit, View, Window and Help with the usual roles', () => {
    const menu = menuTemplate({ ...options, isDev: false });
    expect(menu.map((m) => m.label ?? m.role)).toEqual(['File', 'Edit', 'View', 'windowMenu', 'help']);
    expect(roles(menu)).toEqual(
      expect.arrayContaining([
        'quit',
        'undo',
        'redo',
        'cut',
        'copy',
        'paste',
        'selectAll',
        'resetZoom',
        'zoomIn',
        'zoomOut',
        'togglefullscreen',
      ]),
    );
  });

  it('offers reload and the developer tools only in development', () => {
    expect(roles(menuTemplate({ ...options, isDev: false }))).not.toEqual(expect.arrayContaining(['reload']));
    expect(roles(menuTemplate({ ...options, isDev: false }))).not.toContain('toggleDevTools');
    expect(roles(menuTemplate({ ...options, isDev: true }))).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
  });

  it('shows About from Help', () => {
    const showAbout = vi.fn();
    const about = find(menuTemplate({ ...options, isDev: false, showAbout }), 'About Gateway Back Office');
    (about?.click as () => void)();
    expect(showAbout).toHaveBeenCalled();
  });

  it("on macOS keeps About and Quit in the app's own menu, so Cmd+Q is bound once", () => {
    const menu = menuTemplate({ ...options, platform: 'darwin', isDev: false });
    expect(menu[0]?.label).toBe('Gateway Back Office');
    expect(roles(menu).filter((r) => r === 'quit')).toHaveLength(1);
  });
});
