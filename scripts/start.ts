/**
 * `npm start`: builds the app and opens it on the embedded sandbox gateway (seeded with demo data on
 * first run). Where the Electron binary is missing and cannot be fetched (machines with no network
 * beyond the package registries), it says so in one line and serves the same built UI in a browser
 * on 127.0.0.1 instead, next to the embedded sandbox.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { preview } from 'vite';
import { userInfo } from 'node:os';
import { AppCore } from '../main/services/appCore.js';

const root = join(dirname(new URL(import.meta.url).pathname), '..');

/** The Electron executable if it is already on disk; asking the electron package would try a download. */
function electronBinary(): string | undefined {
  const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(dir, 'dist'), readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : undefined;
}

/** The app's data folder, where Electron keeps userData on Linux (~/.config/<name>). */
function dataFolder(): string {
  const base = process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config');
  const dir = join(base, 'gateway-backoffice');
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function main(): Promise<void> {
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);

  if (electronBinary()) {
    const child = spawn('npx', ['electron-vite', 'preview'], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }
  console.log('Electron binary not installed (and not downloadable here): starting browser mode instead.');
  // The same core as the Electron app: store, vault and embedded sandbox in the data folder, open charges
  // reconciled before anything else.
  const core = await AppCore.open({ dataFolder: dataFolder(), osUser: userInfo().username, demo: true });
  const server = await preview({
    configFile: false,
    root: join(root, 'renderer'),
    build: { outDir: join(root, 'out/renderer') },
    preview: { host: '127.0.0.1', port: 5178, strictPort: false, open: false },
    logLevel: 'silent',
  });
  console.log(`Sandbox gateway: ${core.sandbox.url}`);
  console.log(`Open the app:    ${server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5178/'}`);
  const stop = () => {
    void Promise.all([core.close(), server.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
