/**
 * One process per data folder, in every entry point: a second core on a folder that is in use (another
 * process, or this one) stops before it opens the store, so it reconciles nothing of the first one's
 * charges in flight; a folder whose holder died (kill -9) is free again at once. Real processes, real files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openBrowserMode } from '../../main/browserMode.js';
import { AppCore } from '../../main/services/appCore.js';
import { openDatabase } from '../../main/store/database.js';
import { DataFolderInUseError } from '../../main/store/folderLock.js';
import { ChargeJournal } from '../../main/store/journal.js';
import { beginUnguarded } from '../store/unguarded.js';

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

describe('the data folder lock', () => {
  it('a second process on a folder in use says which process holds it and touches nothing of its charges', async () => {
    const dataFolder = folder();
    const first = await holder(dataFolder);
    try {
      // The first process's charge in flight, as it journalled it.
      const db = openDatabase(join(dataFolder, 'app.sqlite'));
      const journal = new ChargeJournal(db);
      const inFlight = beginUnguarded(journal, {
        environment: 'sandbox',
        orderNumber: 'IN-FLIGHT-1',
        amount: 5_000,
        currency: '643',
        bindingId: 'b-1',
        clientId: 'c-1',
        category: 'RECURRENT',
        operator: 'first',
        at: 1_000,
      });

      const second = AppCore.open({ dataFolder, osUser: 'second' });
      await expect(second).rejects.toBeInstanceOf(DataFolderInUseError);
      await expect(second).rejects.toThrow(
        new RegExp(
          `in use by another copy of the app \\(process ${first.pid}, the folder-lock test, started .*\\)\\. Close that one first`,
        ),
      );
      // Browser mode, the other entry point, is refused the same way, before it serves anything.
      await expect(openBrowserMode({ dataFolder, port: 0 })).rejects.toBeInstanceOf(DataFolderInUseError);
      expect(journal.get(inFlight.id)).toEqual(inFlight);
      db.close();
    } finally {
      first.kill('SIGKILL');
      await exited(first);
    }
    // Killed, the holder's lock went with it: the folder opens, with no lock to clear by hand.
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
