/**
 * Smoke test of the real Electron app, built and launched through Playwright's _electron: the window
 * opens on the app's page, the preload's api answers app.info from main with shell 'electron', and the
 * page has no Node. It runs only where an Electron binary is already on disk (the project's build
 * machines cannot download one) and a display exists; otherwise it says why in one line and is skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../main/ipc/contract.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The Electron executable if it is already on disk (as scripts/start.ts finds it); asking the electron package would try a download. */
function electronBinary(): string | undefined {
  const electron = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  // path.txt names the executable within the folder the package unpacked it into, once it is downloaded.
  const pathFile = join(electron, 'path.txt');
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(electron, 'dist');
  const binary = existsSync(pathFile) ? join(dist, readFileSync(pathFile, 'utf8')) : undefined;
  return binary !== undefined && existsSync(binary) ? binary : undefined;
}

const binary = electronBinary();
const skipReason = !binary
  ? 'the Electron binary is not installed (node_modules/electron has no dist/; it cannot be downloaded here)'
  : process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY
    ? 'there is no display (run the tests under xvfb-run)'
    : undefined;
if (skipReason) console.log(`Electron smoke test skipped: ${skipReason}.`);

describe.skipIf(skipReason !== undefined)('the Electron app', () => {
  let dataHome = '';
  let electronApp: ElectronApplication | undefined;

  beforeAll(async () => {
    dataHome = mkdtempSync(join(tmpdir(), 'electron-smoke-'));
    const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('electron-vite build failed');
    electronApp = await _electron.launch({
      executablePath: binary!,
      // Chromium's own sandbox refuses to start as root; the renderer's sandbox option still applies.
      args: [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      cwd: root,
      // userData (and so the app's store and sandbox data) in a throwaway folder, on Linux.
      env: { ...(process.env as Record<string, string>), XDG_CONFIG_HOME: dataHome },
      timeout: 60_000,
    });
  }, 120_000);

  afterAll(async () => {
    await electronApp?.close();
    if (dataHome) rmSync(dataHome, { recursive: true, force: true });
  });

  it('opens the window, and window.api answers app.info from main with shell electron', async () => {
    const page = await electronApp!.firstWindow();
    await page.waitForFunction(() => 'api' in globalThis, undefined, { timeout: 30_000 });
    expect(page.url()).toMatch(/^file:.*\/out\/renderer\/index\.html/);
    const info = await page.evaluate(() => (globalThis as unknown as { api: BridgeApi }).api.invoke('app.info', {}));
    expect(info).toMatchObject({ ok: true, value: { shell: 'electron', name: 'gateway-backoffice' } });
    const isolation = await page.evaluate(() => ({
      api: Object.keys((globalThis as unknown as { api: object }).api).sort(),
      node: typeof (globalThis as { require?: unknown }).require + typeof (globalThis as { process?: unknown }).process,
    }));
    expect(isolation).toEqual({ api: ['contractVersion', 'invoke', 'subscribe'], node: 'undefinedundefined' });
  }, 60_000);
});
