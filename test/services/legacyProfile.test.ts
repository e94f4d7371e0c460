/**
 * The reader of the role profile an earlier version left, over a real SQLite file and an in-memory keychain
 * (the real keychain is in profileUpgrade.test.ts, a locked one in lockedKeychain.test.ts), with a clock the
 * test moves: the right passphrase is accepted; wrong ones are audited and, after five in a row, wait a
 * doubling time before one is even checked, also across a restart and against attempts in parallel; once a
 * passphrase was set, an unreadable keychain, a missing entry or a damaged record still count as one set;
 * retiring removes the entry and what the settings kept; nothing of a passphrase reaches the audit log, an
 * error or the log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FREE_ATTEMPTS, waitAfter } from '../../main/domain/attempts.js';
import { LegacyProfileError, LegacyProfile } from '../../main/services/legacyProfile.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SettingsRepository } from '../../main/store/settings.js';
import { VaultUnavailableError } from '../../main/vault/errors.js';
import type { Keychain } from '../../main/vault/keychain.js';
import { Vault } from '../../main/vault/vault.js';
import { codes } from '../phrases/said.js';
import { leaveProfile } from './legacyProfile.js';

const PASSPHRASE = 'correct horse battery staple';

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

function setup(keychain = new MemoryKeychain()) {
  const folder = mkdtempSync(join(tmpdir(), 'legacy-profile-'));
  folders.push(folder);
  const db = openDatabase(join(folder, 'app.sqlite'));
  dbs.push(db);
  const settings = new SettingsRepository(db);
  // The memory keychain is never locked; the real lock is tested in lockedKeychain.test.ts.
  const vault = new Vault(keychain, undefined, async () => 'unknown');
  const clock = { now: 1_700_000_000_000 };
  const logged: string[] = [];
  const audit = new AuditRepository(db);
  const leave = () => leaveProfile(settings, vault, PASSPHRASE);
  const open = async () => {
    const profile = new LegacyProfile({
      settings,
      vault,
      audit,
      osUser: 'tester',
      environment: () => 'sandbox',
      now: () => clock.now,
      log: (line) => logged.push(line),
    });
    await profile.open();
    return profile;
  };
  return { keychain, settings, clock, logged, audit, leave, open };
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LegacyProfileError);
  return err as LegacyProfileError;
};

const refusedDetails = (audit: AuditRepository) => audit.query({ action: 'role.change', outcome: 'refused' }).map((e) => e.detail);

describe('the role profile an earlier version left', () => {
  it('is not there on an installation that never set a passphrase, and there is nothing to verify', async () => {
    const { open, audit, keychain } = setup();
    const profile = await open();
    expect(profile.passphraseSet()).toBe(false);
    const err = await refusal(profile.verify(PASSPHRASE));
    expect(err.reason).toBe('noPassphrase');
    expect(err.message).toMatch(/No passphrase was set on this installation/);
    expect(audit.query()).toEqual([]);
    expect(keychain.items.size).toBe(0);
  });

  it('accepts its passphrase and refuses, audits and counts a wrong one, never keeping a passphrase', async () => {
    const { open, leave, audit, logged } = setup();
    await leave();
    const profile = await open();
    expect(profile.passphraseSet()).toBe(true);
    const wrong = await refusal(profile.verify('not the passphrase'));
    expect(wrong.reason).toBe('wrongPassphrase');
    expect(wrong.message).toBe('That passphrase is not the right one.');
    expect(audit.query({ action: 'role.change' })[0]).toMatchObject({
      outcome: 'refused',
      objectType: 'roleProfile',
      detail: 'to administrator: wrong passphrase (1 in a row)',
    });
    await profile.verify(PASSPHRASE);
    expect(profile.passphraseSet()).toBe(true);
    expect(JSON.stringify(audit.query()) + logged.join('\n') + wrong.message).not.toMatch(/horse|not the passphrase/);
  });

  it('after five wrong passphrases in a row, makes each attempt wait longer before checking it', async () => {
    const { open, leave, audit, clock } = setup();
    await leave();
    const profile = await open();

    for (let i = 1; i < FREE_ATTEMPTS; i++) expect((await refusal(profile.verify(`wrong passphrase ${i}`))).reason).toBe('wrongPassphrase');
    const fifth = await refusal(profile.verify('wrong passphrase 5'));
    expect(fifth.message).toMatch(/After 5 wrong ones in a row, the next attempt can be made in 30 seconds/);
    expect(refusedDetails(audit)).toHaveLength(5);
    expect(refusedDetails(audit)[0]).toBe('to administrator: wrong passphrase (5 in a row)');

    // Even the right passphrase is not checked during the wait.
    clock.now += 29_000;
    const early = await refusal(profile.verify(PASSPHRASE));
    expect(early.reason).toBe('throttled');
    expect(early.message).toBe('5 wrong passphrases in a row: the next attempt can be made in 1 second. Nothing was checked this time.');
    expect(refusedDetails(audit)[0]).toBe('to administrator: not checked, 5 wrong passphrases in a row');

    // The wait doubles with each wrong one after that.
    clock.now += 1_000;
    expect((await refusal(profile.verify('wrong passphrase 6'))).message).toMatch(/in 60 seconds/);
    clock.now += 60_000;
    expect((await refusal(profile.verify('wrong passphrase 7'))).message).toMatch(/in 2 minutes/);
    clock.now += 120_000;
    await profile.verify(PASSPHRASE);
    // The right one clears the count: the next wrong one is checked at once.
    expect((await refusal(profile.verify('wrong again'))).reason).toBe('wrongPassphrase');
    await profile.verify(PASSPHRASE);
    expect(waitAfter(4)).toBe(0);
    expect(waitAfter(100)).toBe(15 * 60_000);
  });

  it('keeps counting across a restart, and checks attempts in parallel one at a time', async () => {
    const { open, leave, clock } = setup();
    await leave();
    const first = await open();
    for (let i = 0; i < 3; i++) await refusal(first.verify(`wrong ${i}`));

    const again = await open();
    const attempts = await Promise.all(Array.from({ length: 8 }, (_, i) => refusal(again.verify(`guess ${i}`))));
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
    await again.verify(PASSPHRASE);
  });

  it('counts as set while the keychain cannot be read, refusing with the keychain’s words, and verifies once it can', async () => {
    const { open, leave, keychain, logged, audit } = setup();
    await leave();
    keychain.down = true;
    const profile = await open();
    expect(profile.passphraseSet()).toBe(true);
    expect(logged.join('\n')).toMatch(
      /a passphrase was set here, and it can be adopted only once the profile can be read: The OS keychain is not available/,
    );
    await expect(profile.verify(PASSPHRASE)).rejects.toThrow(VaultUnavailableError);
    await expect(profile.verify(PASSPHRASE)).rejects.toThrow(/keychain is not available/);
    expect(audit.query({ action: 'role.change' })[0]).toMatchObject({
      outcome: 'failure',
      detail: 'to administrator: the role profile could not be read',
    });
    expect(profile.passphraseSet()).toBe(true);

    keychain.down = false;
    await profile.verify(PASSPHRASE);
  });

  it('counts as never set on an installation that never recorded a passphrase while the keychain cannot be read', async () => {
    const keychain = new MemoryKeychain();
    keychain.down = true;
    const { open, logged } = setup(keychain);
    // Nothing was ever set, so nothing is protected: failing closed would only keep the app's own user out.
    expect((await open()).passphraseSet()).toBe(false);
    expect(logged.join('\n')).toMatch(/none was ever recorded here, and the keychain cannot be read: The OS keychain is not available/);
  });

  it('counts as set with a damaged record in the keychain, and refuses to verify it', async () => {
    const { open, leave, keychain, settings } = setup();
    await leave();
    const [account] = [...keychain.items.keys()] as [string];
    keychain.items.set(
      account,
      JSON.stringify({ v: 1, role: 'administrator', hash: { salt: 'AA==', key: 'AA==', N: 2 ** 30, r: 8, p: 1 } }),
    );
    const damaged = await open();
    expect(damaged.passphraseSet()).toBe(true);
    const err = await refusal(damaged.verify(PASSPHRASE));
    expect(err.reason).toBe('damaged');
    expect(codes(err.said)).toEqual(['roles.damaged']);

    // Damaged is damaged even where the settings never recorded the passphrase.
    settings.remove('roleProfile.protected');
    keychain.items.set(account, 'not a profile');
    expect((await open()).passphraseSet()).toBe(true);
  });

  it('counts as set when the entry of a profile that had a passphrase is missing: a missing entry is never a fresh start', async () => {
    const { open, leave, keychain } = setup();
    await leave();
    keychain.items.clear();
    const missing = await open();
    expect(missing.passphraseSet()).toBe(true);
    const err = await refusal(missing.verify(PASSPHRASE));
    expect(err.reason).toBe('missing');
    expect(err.message).toMatch(/not in the keychain/);
  });

  it('retires: the entry leaves the keychain and the settings forget the passphrase and the count', async () => {
    const { open, leave, keychain, settings } = setup();
    await leave();
    const profile = await open();
    await refusal(profile.verify('wrong'));
    expect(settings.has('roleProfile.failures')).toBe(true);
    await profile.retire();
    expect(profile.passphraseSet()).toBe(false);
    expect(keychain.items.size).toBe(0);
    expect(settings.has('roleProfile.protected')).toBe(false);
    expect(settings.has('roleProfile.failures')).toBe(false);
    expect((await open()).passphraseSet()).toBe(false);
  });

  it('is given up, audited, only when it cannot be adopted: missing, damaged, or its keychain unreadable; never when intact', async () => {
    const abandoned = (audit: AuditRepository) => audit.query({ action: 'role.abandon' }).map((e) => e.facts);
    // Intact: refused, nothing changed; none: nothing to do.
    const intact = setup();
    await intact.leave();
    expect(await (await intact.open()).abandon()).toBe('intact');
    expect((await intact.open()).passphraseSet()).toBe(true);
    expect(await (await setup().open()).abandon()).toBe('none');

    // Missing: given up, and the next start is a fresh one.
    const missing = setup();
    await missing.leave();
    missing.keychain.items.clear();
    expect(await (await missing.open()).abandon()).toBe('missing');
    expect((await missing.open()).passphraseSet()).toBe(false);
    expect(abandoned(missing.audit)).toEqual([{ why: 'missing' }]);

    // Damaged: its entry leaves the keychain too.
    const damaged = setup();
    await damaged.leave();
    const [account] = [...damaged.keychain.items.keys()] as [string];
    damaged.keychain.items.set(account, 'not a profile');
    expect(await (await damaged.open()).abandon()).toBe('damaged');
    expect(damaged.keychain.items.size).toBe(0);
    expect((await damaged.open()).passphraseSet()).toBe(false);

    // Unreadable: the settings forget it; an entry that reads intact once the keychain is back is adopted as before.
    const unreadable = setup();
    await unreadable.leave();
    unreadable.keychain.down = true;
    const profile = await unreadable.open();
    expect(profile.passphraseSet()).toBe(true);
    expect(await profile.abandon()).toBe('unreadable');
    expect(profile.passphraseSet()).toBe(false);
    expect((await unreadable.open()).passphraseSet()).toBe(false);
    unreadable.keychain.down = false;
    expect((await unreadable.open()).passphraseSet()).toBe(true);
    expect(abandoned(unreadable.audit)).toEqual([{ why: 'unreadable' }]);
  });

  it('belongs to its own data folder: each installation has its own', async () => {
    const keychain = new MemoryKeychain();
    const a = setup(keychain);
    await a.leave();
    expect((await a.open()).passphraseSet()).toBe(true);
    expect((await setup(keychain).open()).passphraseSet()).toBe(false);
    expect([...keychain.items.keys()]).toEqual([expect.stringMatching(/^gateway-backoffice\|installation\/roleProfile\/[0-9a-f-]{36}$/)]);
  });
});
