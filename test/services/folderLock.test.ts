/**
 * One process per data folder, in every entry point: a second core on a folder that is in use (another
 * process, or this one) stops before it opens the store, so it reconciles nothing of the first one's
 * charges in flight; so it does with app.lock (and the note an earlier version kept beside it) deleted
 * under the holder, since the store itself is locked while open; a folder whose holder died (kill -9) is
 * free again at once. Real processes, real files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openBrowserMode } from '../../main/browserMode.js';
import { AppCore } from '../../main/services/appCore.js';
import { openDatabase } from '../../main/store/database.js';
import { DataFolderInUseError } from '../../main/store/folderLock.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { beginUnguarded } from '../store/unguarded.js';
import { newCharge } from '../store/rows.js';

const folders: string[] = [];
const folder = () => {
  const f = mkdtempSync(join(tmpdir(), 'folder-lock-'));
  folders.push(f);
  return f;
};
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** Starts a process holding the folder; resolves once its core is open. */
function holder(dataFolder: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/services/folder-holder.ts'], {
      env: { ...process.env, DATA_FOLDER: dataFolder },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

/**
 * Runs the test while another process holds the folder, then kills that process (kill -9) and opens the folder:
 * a holder's locks go with it, so there is nothing to clear by hand.
 */
async function whileHeld(dataFolder: string, test: (first: ChildProcess) => Promise<void>): Promise<void> {
  const first = await holder(dataFolder);
  try {
    await test(first);
  } finally {
    first.kill('SIGKILL');
    await exited(first);
  }
  const core = await AppCore.open({ dataFolder, osUser: 'after' });
  await core.close();
}

/** Every file of the folder as it is on disk: size, modification time and mode, by name. */
const filesOf = (dataFolder: string) =>
  Object.fromEntries(
    readdirSync(dataFolder).map((name) => {
      const s = statSync(join(dataFolder, name));
      return [name, { size: s.size, mtimeMs: s.mtimeMs, mode: s.mode }];
    }),
  );

describe('the data folder lock', () => {
  it('a second process on a folder in use says which process holds it and touches nothing of its charges', async () => {
    const dataFolder = folder();
    await whileHeld(dataFolder, async (first) => {
      // The first process's charge in flight, as it journalled it.
      const db = openDatabase(join(dataFolder, 'app.sqlite'));
      const journal = new SqliteChargeJournal(db);
      const inFlight = await beginUnguarded(
        journal,
        newCharge('IN-FLIGHT-1', { amount: 5_000, category: 'RECURRENT', operator: 'first', at: 1_000 }),
      );

      const second = AppCore.open({ dataFolder, osUser: 'second' });
      await expect(second).rejects.toBeInstanceOf(DataFolderInUseError);
      await expect(second).rejects.toThrow(
        new RegExp(
          `in use by another copy of the app \\(process ${first.pid}, the folder-lock test, started .*\\)\\. Close that one first`,
        ),
      );
      // Browser mode, the other entry point, is refused the same way, before it serves anything.
      await expect(openBrowserMode({ dataFolder, port: 0 })).rejects.toBeInstanceOf(DataFolderInUseError);
      expect(await journal.get(inFlight.id)).toEqual(inFlight);
      db.close();
    });
  });

  it('with app.lock deleted under the holder, a second process is still refused, naming it, and writes nothing', async () => {
    const dataFolder = folder();
    // Killed, its locks go with it: the folder opens, and the note of a holder that is gone names nobody.
    await whileHeld(dataFolder, async (first) => {
      // The first process's charge in flight; this process's connection closed again, so that only the holder has the store open.
      const db = openDatabase(join(dataFolder, 'app.sqlite'));
      const inFlight = await beginUnguarded(
        new SqliteChargeJournal(db),
        newCharge('IN-FLIGHT-2', { amount: 7_000, bindingId: 'b-2', clientId: 'c-2', category: 'RECURRENT', operator: 'first', at: 2_000 }),
      );
      db.close();
      // What a user might delete to get past the lock: the lock file, and a note an earlier version kept beside it.
      writeFileSync(join(dataFolder, 'app.lock.json'), '{}');
      for (const marker of ['app.lock', 'app.lock-journal', 'app.lock.json']) rmSync(join(dataFolder, marker), { force: true });
      const before = filesOf(dataFolder);
      expect(Object.keys(before)).toEqual(expect.arrayContaining(['app.sqlite', 'app.sqlite-wal', 'app.sqlite-shm']));

      const refusal = new RegExp(`in use by another copy of the app \\(process ${first.pid}, the folder-lock test, started .*\\)`);
      await expect(AppCore.open({ dataFolder, osUser: 'second' })).rejects.toThrow(refusal);
      await expect(openBrowserMode({ dataFolder, port: 0 })).rejects.toThrow(refusal);
      // Not a byte, a time or a mode changed, and no lock file made again.
      expect(filesOf(dataFolder)).toEqual(before);
      expect(existsSync(join(dataFolder, 'app.lock'))).toBe(false);

      const check = openDatabase(join(dataFolder, 'app.sqlite'));
      expect(await new SqliteChargeJournal(check).get(inFlight.id)).toEqual(inFlight);
      check.close();
    });
  });

  it('a store another program has open (a SQLite browser, say) is refused too, and named as such', async () => {
    const dataFolder = folder();
    const other = openDatabase(join(dataFolder, 'app.sqlite'));
    await expect(AppCore.open({ dataFolder, osUser: 'second' })).rejects.toThrow(
      /in use by another copy of the app \(or another program has its app\.sqlite open\)\. Close that one first/,
    );
    other.close();
    const core = await AppCore.open({ dataFolder, osUser: 'after' });
    await core.close();
  });

  it('within one process too, and the folder is free again once the core closes', async () => {
    const dataFolder = folder();
    const core = await AppCore.open({ dataFolder, osUser: 'one', entry: 'browser mode' });
    await expect(AppCore.open({ dataFolder, osUser: 'two' })).rejects.toThrow(/process \d+, browser mode/);
    await core.close();
    const again = await AppCore.open({ dataFolder, osUser: 'two' });
    await again.close();
  });
});
