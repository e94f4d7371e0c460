/**
 * `npm start`: builds the app and opens it on the embedded sandbox gateway (seeded with demo data on
 * first run). Where the Electron binary is missing and cannot be fetched (machines with no network
 * beyond the package registries), it says so in one line and serves the same built UI in a browser
 * on 127.0.0.1 instead, next to the embedded sandbox.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { serveBrowserMode } from './web.js';

const root = join(dirname(new URL(import.meta.url).pathname), '..');

/** The Electron executable if it is already on disk; asking the electron package would try a download. */
function electronBinary(): string | undefined {
  const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(dir, 'dist'), readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : undefined;
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
  await serveBrowserMode();
}

main().catch((err: unknown) => {
  console.error(`start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
