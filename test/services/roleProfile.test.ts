/**
 * The role profile service on its own, over a real SQLite file and an in-memory keychain (the real
 * keychain is in test/ipc/roles.test.ts), with a clock the test moves: a fresh installation is an
 * administrator's; the keychain keeps the role and an scrypt hash, never the passphrase; wrong
 * passphrases are audited and, after five in a row, wait a doubling time before one is even checked,
 * also across a restart and against attempts in parallel; an unreadable keychain (once a profile was set) or a damaged profile
 * leaves support; nothing of a passphrase reaches the audit log, an error or the log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FREE_ATTEMPTS, waitAfter } from '../../main/domain/attempts.js';
import { RoleProfileError, RoleProfileService } from '../../main/services/roleProfile.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SettingsRepository } from '../../main/store/settings.js';
import { VaultUnavailableError } from '../../main/vault/errors.js';
import type { Keychain } from '../../main/vault/keychain.js';
import { Vault } from '../../main/vault/vault.js';
import { codes, saying } from '../phrases/said.js';

const PASSPHRASE = 'correct horse battery staple';
const OTHER = 'a different passphrase entirely';

/** A keychain in memory that can be made unreachable, as keytar is without a Secret Service. */
class MemoryKeychain implements Keychain {
  readonly items = new Map<string, string>();
  down = false;
  private reach(): void {
    if (this.down) throw new VaultUnavailableError('no D-Bus session');
  }
  async get(service: string, account: string) {
    this.reach();
    return this.items.get(`${service}|${account}`) ?? null;
  }
  async set(service: string, account: string, value: string) {
    this.reach();
    this.items.set(`${service}|${account}`, value);
  }
  async delete(service: string, account: string) {
    this.reach();
    return this.items.delete(`${service}|${account}`);
  }
}

const folders: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

function setup(keychain = new MemoryKeychain(), folder = mkdtempSync(join(tmpdir(), 'roles-unit-'))) {
  folders.push(folder);
  const db = openDatabase(join(folder, 'app.sqlite'));
  dbs.push(db);
  const clock = { now: 1_700_000_000_000 };
  const logged: string[] = [];
  const audit = new AuditRepository(db);
  const open = async () => {
    const service = new RoleProfileService({
      settings: new SettingsRepository(db),
      // The memory keychain is never locked; the real lock is tested in lockedKeychain.test.ts.
      vault: new Vault(keychain, undefined, async () => 'unknown'),
      audit,
      osUser: 'tester',
      environment: () => 'sandbox',
      now: () => clock.now,
      log: (line) => logged.push(line),
    });
    await service.open();
    return service;
  };
  return { keychain, folder, db, clock, logged, audit, open };
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RoleProfileError);
  return err as RoleProfileError;
};

describe('the role profile service', () => {
  it('starts as administrator with no passphrase, and will not leave it until one is set', async () => {
    const { open, audit, keychain } = setup();
    const roles = await open();
    expect(roles.view()).toEqual({ role: 'administrator', passphraseSet: false });
    const err = await refusal(roles.set('support', PASSPHRASE));
    expect(err.reason).toBe('noPassphrase');
    expect(err.message).toMatch(/No passphrase is set/);
    expect(roles.role()).toBe('administrator');
    expect(audit.query({ action: 'role.change' })[0]).toMatchObject({ outcome: 'refused', detail: 'to support: no passphrase is set' });
    // Choosing the profile it already has needs nothing and changes nothing.
    expect((await roles.set('administrator', 'anything at all')).role).toBe('administrator');
    expect(keychain.items.size).toBe(0);
  });

  it('keeps the role and an scrypt hash in the keychain under this installation, never the passphrase', async () => {
    const { open, keychain, audit, logged } = setup();
    const roles = await open();
    await roles.setPassphrase(PASSPHRASE);
    expect(roles.view()).toEqual({ role: 'administrator', passphraseSet: true });
    await roles.set('finance', PASSPHRASE);
    expect(roles.role()).toBe('finance');

    const [[account, value]] = [...keychain.items] as [[string, string]];
    expect(account).toMatch(/^gateway-backoffice\|installation\/roleProfile\/[0-9a-f-]{36}$/);
    expect(value).not.toContain(PASSPHRASE);
    expect(JSON.parse(value)).toMatchObject({ v: 1, role: 'finance', hash: { N: 2 ** 15, r: 8, p: 1 } });

    expect(audit.query({ action: 'role.passphrase' })[0]).toMatchObject({ outcome: 'success', detail: 'set' });
    expect(audit.query({ action: 'role.change' })[0]).toMatchObject({ outcome: 'success', detail: 'from administrator to finance' });
    await refusal(roles.set('administrator', OTHER));
    expect(JSON.stringify(audit.query()) + logged.join('\n')).not.toMatch(/horse|different passphrase/);
  });

  it('takes the passphrase from any profile, and lets only an administrator change it, with the current one', async () => {
    const { open, audit } = setup();
    const roles = await open();
    await roles.setPassphrase(PASSPHRASE);
    await roles.set('support', PASSPHRASE);
    expect((await refusal(roles.setPassphrase(OTHER, PASSPHRASE))).reason).toBe('notAdministrator');
    expect(audit.query({ action: 'role.passphrase', outcome: 'refused' })[0]?.detail).toBe('profile support');
    await roles.set('administrator', PASSPHRASE);

    expect((await refusal(roles.setPassphrase(OTHER))).reason).toBe('currentNeeded');
    expect((await refusal(roles.setPassphrase(OTHER, 'not the current one'))).reason).toBe('wrongPassphrase');
    expect((await refusal(roles.setPassphrase('too short'))).reason).toBe('tooShort');
    await roles.setPassphrase(OTHER, PASSPHRASE);
    expect(audit.query({ action: 'role.passphrase', outcome: 'success' })[0]?.detail).toBe('changed');
    await refusal(roles.set('finance', PASSPHRASE));
    await roles.set('finance', OTHER);
    expect(roles.role()).toBe('finance');
  });

  it('audits wrong passphrases and, after five in a row, makes each attempt wait longer before checking it', async () => {
    const { open, audit, clock } = setup();
    const roles = await open();
    await roles.setPassphrase(PASSPHRASE);
    await roles.set('support', PASSPHRASE);

    for (let i = 1; i < FREE_ATTEMPTS; i++) {
      const err = await refusal(roles.set('administrator', `wrong passphrase ${i}`));
      expect(err.reason).toBe('wrongPassphrase');
      expect(err.message).toBe('That passphrase is not the right one; the profile stays support.');
    }
    const fifth = await refusal(roles.set('administrator', 'wrong passphrase 5'));
    expect(fifth.message).toMatch(/After 5 wrong ones in a row, the next attempt can be made in 30 seconds/);
    expect(audit.query({ action: 'role.change', outcome: 'refused' })).toHaveLength(5);
    expect(audit.query({ action: 'role.change', outcome: 'refused' })[0]?.detail).toBe('to administrator: wrong passphrase (5 in a row)');

    // Even the right passphrase is not checked during the wait.
    clock.now += 29_000;
    const early = await refusal(roles.set('administrator', PASSPHRASE));
    expect(early.reason).toBe('throttled');
    expect(early.message).toBe('5 wrong passphrases in a row: the next attempt can be made in 1 second. Nothing was checked this time.');
    expect(audit.query({ action: 'role.change', outcome: 'refused' })[0]?.detail).toBe(
      'to administrator: not checked, 5 wrong passphrases in a row',
    );
    expect(roles.role()).toBe('support');

    // The wait doubles with each wrong one after that.
    clock.now += 1_000;
    expect((await refusal(roles.set('administrator', 'wrong passphrase 6'))).message).toMatch(/in 60 seconds/);
    clock.now += 60_000;
    expect((await refusal(roles.set('administrator', 'wrong passphrase 7'))).message).toMatch(/in 2 minutes/);
    clock.now += 120_000;
    await roles.set('administrator', PASSPHRASE);
    expect(roles.role()).toBe('administrator');
    // The right one clears the count.
    await refusal(roles.set('finance', 'wrong again'));
    await roles.set('finance', PASSPHRASE);
    expect(waitAfter(4)).toBe(0);
    expect(waitAfter(100)).toBe(15 * 60_000);
  });

  it('keeps counting across a restart, and checks attempts in parallel one at a time', async () => {
    const { open, clock } = setup();
    const first = await open();
    await first.setPassphrase(PASSPHRASE);
    await first.set('support', PASSPHRASE);
    for (let i = 0; i < 3; i++) await refusal(first.set('administrator', `wrong ${i}`));

    const again = await open();
    expect(again.role()).toBe('support');
    const attempts = await Promise.all(Array.from({ length: 8 }, (_, i) => refusal(again.set('administrator', `guess ${i}`))));
    expect(attempts.map((e) => e.reason)).toEqual([
      'wrongPassphrase',
      'wrongPassphrase',
      'throttled',
      'throttled',
      'throttled',
      'throttled',
      'throttled',
      'throttled',
    ]);
    clock.now += 30_000;
    await again.set('administrator', PASSPHRASE);
    expect(again.role()).toBe('administrator');
  });

  it('stays support, and says why, while the keychain cannot be read; the profile opens once it can', async () => {
    const { open, keychain, logged, audit } = setup();
    const roles = await open();
    await roles.setPassphrase(PASSPHRASE);

    keychain.down = true;
    const closed = await open();
    expect(closed.view()).toMatchObject({
      role: 'support',
      passphraseSet: true,
      problem: saying(/keychain is not available/),
    });
    expect(logged.join('\n')).toMatch(/support profile applies until the role profile can be read: The OS keychain is not available/);
    await expect(closed.set('administrator', PASSPHRASE)).rejects.toBeInstanceOf(VaultUnavailableError);
    expect(audit.query({ action: 'role.change' })[0]).toMatchObject({ outcome: 'failure' });
    expect(closed.role()).toBe('support');

    keychain.down = false;
    await closed.set('administrator', PASSPHRASE);
    expect(closed.view()).toEqual({ role: 'administrator', passphraseSet: true });
  });

  it('leaves an installation that never had a profile to the administrator while the keychain cannot be read', async () => {
    const keychain = new MemoryKeychain();
    keychain.down = true;
    const { open, logged } = setup(keychain);
    const roles = await open();
    // Nothing was ever set, so nothing is protected: failing closed would only lock the app's own user out.
    expect(roles.view()).toMatchObject({
      role: 'administrator',
      passphraseSet: false,
      problem: saying(/No passphrase can be set/),
    });
    expect(logged.join('\n')).toMatch(/no role profile was ever set/);
    await expect(roles.setPassphrase(PASSPHRASE)).rejects.toBeInstanceOf(VaultUnavailableError);
    expect(roles.role()).toBe('administrator');
    keychain.down = false;
    await roles.setPassphrase(PASSPHRASE);
    expect(roles.view()).toEqual({ role: 'administrator', passphraseSet: true });
    // From now on the profile is protected: an unreadable keychain means support, even after the entry is lost.
    keychain.down = true;
    expect((await open()).role()).toBe('support');
  });

  it('stays support with a damaged profile in the keychain', async () => {
    const { open, keychain } = setup();
    const roles = await open();
    await roles.setPassphrase(PASSPHRASE);
    const [account] = [...keychain.items.keys()] as [string];
    keychain.items.set(
      account,
      JSON.stringify({ v: 1, role: 'administrator', hash: { salt: 'AA==', key: 'AA==', N: 2 ** 30, r: 8, p: 1 } }),
    );
    const damaged = await open();
    expect(damaged.view()).toMatchObject({ role: 'support', problem: saying(/damaged/) });
    expect(codes(damaged.view().problem)).toEqual(['roles.damaged']);
    expect((await refusal(damaged.set('administrator', PASSPHRASE))).reason).toBe('damaged');
  });

  it('stays support when a protected profile is missing from the keychain: a missing entry is never a fresh start', async () => {
    const { open, keychain } = setup();
    const roles = await open();
    await roles.setPassphrase(PASSPHRASE);
    await roles.set('finance', PASSPHRASE);
    keychain.items.clear();
    const reopened = await open();
    expect(reopened.view()).toMatchObject({ role: 'support', passphraseSet: true, problem: saying(/not in the keychain/) });
    expect((await refusal(reopened.set('administrator', PASSPHRASE))).reason).toBe('missing');
    expect((await refusal(reopened.setPassphrase(OTHER))).reason).toBe('notAdministrator');
    expect(reopened.role()).toBe('support');
  });

  it('gives each data folder its own installation and profile', async () => {
    const keychain = new MemoryKeychain();
    const a = await setup(keychain).open();
    const b = await setup(keychain).open();
    await a.setPassphrase(PASSPHRASE);
    await a.set('support', PASSPHRASE);
    expect(b.view()).toEqual({ role: 'administrator', passphraseSet: false });
    expect((await setup(keychain).open()).role()).toBe('administrator');
    expect(keychain.items.size).toBe(1);
  });
});
