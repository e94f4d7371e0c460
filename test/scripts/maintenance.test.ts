/**
 * The maintenance command on a real data folder, as its owner runs it (`npm run -s maintenance -- …`, here tsx
 * in a child process): a role profile whose passphrase was set but whose keychain entry is not in this OS
 * keychain (or the keychain cannot be read here at all) is given up only with --yes, audited, so that the next
 * first start offers a fresh first administrator; an app holding the folder makes it refuse, touching nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import { lockDataFolder } from '../../main/store/folderLock.js';
import { SettingsRepository } from '../../main/store/settings.js';
import { Vault } from '../../main/vault/vault.js';
import type { Keychain } from '../../main/vault/keychain.js';
import { leaveProfileIn } from '../services/legacyProfile.js';

const root = join(import.meta.dirname, '../..');

/** A keychain of this test only: the profile is left in it, so the OS keychain (if any) lacks it. */
class ElsewhereKeychain implements Keychain {
  readonly items = new Map<string, string>();
  get = async (service: string, account: string) => this.items.get(`${service}|${account}`) ?? null;
  set = async (service: string, account: string, value: string) => void this.items.set(`${service}|${account}`, value);
  delete = async (service: string, account: string) => this.items.delete(`${service}|${account}`);
}

const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

function maintenance(...args: string[]) {
  const r = spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/maintenance.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** What the folder's file says now: the profile's mark, and the audit's entries of giving it up. */
function kept(folder: string) {
  const db = openDatabase(join(folder, 'app.sqlite'));
  try {
    return {
      protected: new SettingsRepository(db).has('roleProfile.protected'),
      abandoned: new AuditRepository(db).query({ action: 'role.abandon' }).map((e) => [e.osUser.length > 0, e.facts]),
    };
  } finally {
    db.close();
  }
}

describe('the maintenance command', () => {
  it('gives up a role profile that cannot be adopted here, only when told to, and then has nothing to do', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'maintenance-'));
    folders.push(folder);
    await leaveProfileIn(folder, 'correct horse battery staple', new Vault(new ElsewhereKeychain(), undefined, async () => 'unknown'));

    const asked = maintenance('abandon-profile', '--data-folder', folder);
    expect(asked).toMatchObject({
      status: 0,
      out: expect.stringMatching(/would be given up if it cannot be adopted; run again with --yes/),
    });
    expect(kept(folder).protected).toBe(true);

    const done = maintenance('abandon-profile', '--data-folder', folder, '--yes');
    expect(done.status).toBe(0);
    // Missing where the OS keychain can be read; unreadable where there is none (a bare machine).
    expect(done.out).toMatch(
      /given up: (its keychain entry was missing|the keychain could not be read)\. The next start asks for a fresh first administrator\./,
    );
    expect(kept(folder)).toEqual({ protected: false, abandoned: [[true, { why: expect.stringMatching(/^(missing|unreadable)$/) }]] });

    expect(maintenance('abandon-profile', '--data-folder', folder, '--yes').out).toMatch(
      /nothing to do: this installation has no role profile/,
    );
    expect(kept(folder).abandoned).toHaveLength(1);
  });

  it('refuses while an app holds the folder, and says how it is used', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'maintenance-'));
    folders.push(folder);
    await leaveProfileIn(folder, 'correct horse battery staple', new Vault(new ElsewhereKeychain(), undefined, async () => 'unknown'));
    const lock = lockDataFolder(folder, 'a test');
    try {
      expect(maintenance('abandon-profile', '--data-folder', folder, '--yes')).toMatchObject({
        status: 1,
        out: expect.stringMatching(/is in use by another copy of the app/),
      });
    } finally {
      lock.release();
    }
    expect(kept(folder)).toEqual({ protected: true, abandoned: [] });
    expect(maintenance('abandon-profile', '--data-folder', join(folder, 'nowhere'))).toMatchObject({
      status: 2,
      out: expect.stringMatching(/no app data/),
    });
    expect(maintenance('something-else')).toMatchObject({ status: 2, out: expect.stringMatching(/^usage: maintenance abandon-profile/) });
  });
});
