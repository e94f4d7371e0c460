/**
 * The packaging configuration, checked without packaging (which needs an Electron download): electron-builder's
 * own loader reads electron-builder.yml and its own validator checks it against app-builder-lib/scheme.json, so a
 * misspelt or misplaced option fails here rather than on a release machine. Also: native modules are rebuilt
 * at packaging time only, never by `npm install`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util/out/DebugLogger.js';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = await getConfig(root, null, null);
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: Record<string, string> };
const scheme = JSON.parse(readFileSync(`${root}/node_modules/app-builder-lib/scheme.json`, 'utf8')) as {
  properties: Record<string, unknown>;
};

describe('electron-builder.yml', () => {
  it("is accepted by electron-builder's own schema validation, which refuses a misspelt option", async () => {
    expect(Object.keys(config).filter((key) => !(key in scheme.properties))).toEqual([]);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...config, asarUnpak: [] } as typeof config, new DebugLogger(false))).rejects.toThrow(/asarUnpak/);
  });

  it('names the app and packages only the built app into dist/', () => {
    expect(config).toMatchObject({
      appId: expect.stringMatching(/^[a-z]+(\.[a-z]+)+$/),
      productName: 'Gateway Back Office',
      directories: { output: 'dist' },
    });
    const files = JSON.stringify(config.files);
    expect(files).toContain('out/**/*');
    expect(files).toContain('package.json');
    expect(files).not.toMatch(/"(main|renderer|preload|test|scripts|bench)\//);
  });

  it('builds AppImage and deb for Linux, dmg for macOS and nsis for Windows', () => {
    expect(config.linux).toMatchObject({
      target: ['AppImage', 'deb'],
      category: expect.any(String),
      maintainer: expect.stringMatching(/<.+@.+>/),
    });
    expect(config.mac).toMatchObject({ target: 'dmg' });
    expect(config.win).toMatchObject({ target: 'nsis' });
  });

  it('unpacks the native modules from the asar and rebuilds them for Electron when packaging', () => {
    const unpack = [config.asarUnpack ?? []].flat();
    for (const module of ['better-sqlite3', '@github/keytar']) {
      expect(unpack.some((p) => p.startsWith(`node_modules/${module}/`) && p.endsWith('.node'))).toBe(true);
    }
    expect(config.npmRebuild).toBe(true);
  });
});

describe('package.json', () => {
  it('has no install-time scripts: nothing is rebuilt or downloaded by npm install', () => {
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts[hook], hook).toBeUndefined();
  });

  it('packages for each OS after a fresh build', () => {
    for (const os of ['linux', 'mac', 'win']) expect(pkg.scripts[`package:${os}`]).toBe(`electron-vite build && electron-builder --${os}`);
  });
});
