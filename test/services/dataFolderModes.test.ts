/**
 * The data folder is the operator's alone, under the usual umask 022 too: the app makes it 0700 and every
 * file in it 0600 (app.sqlite and its -wal and -shm, app.lock and its journal, sandbox.sqlite and its
 * companions, the sandbox's card-fingerprint key), and narrows a folder and files an earlier version left 0755 and 0644.
 * Real processes (a child started with umask 022), real files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../main/services/appCore.js';

const root = mkdtempSync(join(tmpdir(), 'folder-modes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A process holding a core on the folder, started with umask 022 as a desktop session starts the app. */
function holderWithUmask022(dataFolder: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'umask 022 && exec "$0" --import tsx test/services/folder-holder.ts', process.execPath], {
      env: { ...process.env, DATA_FOLDER: dataFolder },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
}

const killed = async (child: ChildProcess) => {
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exit;
};

/** The mode of the folder and of every file in it, as octal text by name ('.' for the folder). */
function modes(dataFolder: string): Record<string, string> {
  const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
  return Object.fromEntries([['.', mode(dataFolder)], ...readdirSync(dataFolder).map((name) => [name, mode(join(dataFolder, name))])]);
}

/** What the folder holds while a core has it open, and the mode each must have. */
const EXPECTED_FILES = [
  'app.lock',
  // Kept by SQLite while app.lock is held in EXCLUSIVE locking mode.
  'app.lock-journal',
  'app.sqlite',
  'app.sqlite-shm',
  'app.sqlite-wal',
  'sandbox.sqlite',
  'sandbox.sqlite-shm',
  'sandbox.sqlite-wal',
  'sandbox.sqlite.pan-key',
];

describe.skipIf(process.platform === 'win32')('the data folder and its files', () => {
  it('are made 0700 and 0600 under umask 022: nobody else on the machine can read them', async () => {
    const dataFolder = join(root, 'new', 'data');
    const child = await holderWithUmask022(dataFolder);
    try {
      const found = modes(dataFolder);
      expect(Object.keys(found).sort()).toEqual(['.', ...EXPECTED_FILES].sort());
      expect(found).toEqual(Object.fromEntries([['.', '700'], ...EXPECTED_FILES.map((name) => [name, '600'])]));
    } finally {
      await killed(child);
    }
  });

  it('made 0755 and 0644 by an earlier version, are narrowed when the app opens them', async () => {
    const dataFolder = join(root, 'older');
    // A run killed with its -wal and -shm left, then everything widened as an earlier version left it.
    await killed(await holderWithUmask022(dataFolder));
    chmodSync(dataFolder, 0o755);
    for (const name of readdirSync(dataFolder)) chmodSync(join(dataFolder, name), 0o644);
    expect(modes(dataFolder)).toEqual(Object.fromEntries([['.', '755'], ...EXPECTED_FILES.map((name) => [name, '644'])]));

    const core = await AppCore.open({ dataFolder, osUser: 'narrowed' });
    try {
      expect(modes(dataFolder)).toEqual(Object.fromEntries([['.', '700'], ...EXPECTED_FILES.map((name) => [name, '600'])]));
    } finally {
      await core.close();
    }
  });
});
