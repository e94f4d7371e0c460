/**
 * The upgrade to named accounts (issue 29), over real app cores (SQLite data folders) and the real keychain:
 * an installation with the profile and passphrase an earlier version left opens as an administrator's account
 * whose password is that passphrase, keeps its journal and audit, and its keychain keeps no profile
 * afterwards; one without a passphrase asks for its first administrator.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppCore } from '../../main/services/appCore.js';
import { adoptProfile, firstStart, retireProfile } from '../../main/services/profileUpgrade.js';
import { control } from '../sandbox/client.js';
import { leaveProfileIn } from './legacyProfile.js';

vi.mock('electron', () => import('../shell/electronStub.js'));

// The real OS keychain: `npm test` provides gnome-keyring in a private D-Bus session (KEYCHAIN_TESTS=1).
const keychainReady = process.env.KEYCHAIN_TESTS === '1';
if (!keychainReady && process.env.CI) throw new Error('CI must run the keychain tests: run them through npm test');
if (!keychainReady) console.log('profile upgrade tests skipped: no gnome-keyring session (run them through npm test)');

const PASSPHRASE = 'the passphrase of before';
const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'profile-upgrade-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

describe.skipIf(!keychainReady)('the upgrade from a role profile to named accounts', () => {
  it('asks a fresh installation for its first administrator', async () => {
    const core = await AppCore.open({ dataFolder: newFolder(), osUser: 'tester' });
    try {
      expect(await firstStart(core.people, core.legacyProfile)).toBe('firstAdministrator');
      await core.people.addFirst({ login: 'ann', displayName: 'Ann', role: 'administrator', password: 'a password for ann' });
      expect(await firstStart(core.people, core.legacyProfile)).toBe('accounts');
    } finally {
      await core.close();
    }
  });

  it('keeps the profile while the desk’s own file has no account: a team’s people are not enough', async () => {
    const dataFolder = newFolder();
    await leaveProfileIn(dataFolder, PASSPHRASE);
    const core = await AppCore.open({ dataFolder, osUser: 'tester' });
    try {
      // As a desk in a team signs in the team's people: its own file has nobody.
      await retireProfile(core.legacyProfile, { count: async () => 0 });
      expect(core.legacyProfile.passphraseSet()).toBe(true);
      expect(await firstStart(core.people, core.legacyProfile)).toBe('adoptProfile');
      await retireProfile(core.legacyProfile, { count: async () => 1 });
      expect(core.legacyProfile.passphraseSet()).toBe(false);
    } finally {
      await core.close();
    }
  });

  it('makes the administrator’s account from the passphrase, keeping the journal and audit, and takes the profile out of the keychain', async () => {
    const dataFolder = newFolder();
    await leaveProfileIn(dataFolder, PASSPHRASE);
    const before = await AppCore.open({ dataFolder, osUser: 'tester' });
    try {
      // What the earlier version audited when the passphrase was set.
      before.audit.record({
        at: Date.now(),
        osUser: 'tester',
        environment: 'sandbox',
        action: 'role.passphrase',
        facts: { passphrase: 'set' },
        outcome: 'success',
        objectType: 'roleProfile',
        detail: 'set',
      });
      const { bindings } = (await control(before.sandbox, 'POST', '/seed', { bindings: [{ clientId: 'upgrade-client' }] })) as {
        bindings: { bindingId: string }[];
      };
      const paid = await before.services.charges.charge({
        clientId: 'upgrade-client',
        bindingId: bindings[0]!.bindingId,
        category: 'COMMON',
        amount: 1_500,
        currency: '643',
      });
      expect(paid.kind).toBe('paid');
    } finally {
      await before.close();
    }

    const core = await AppCore.open({ dataFolder, osUser: 'tester' });
    try {
      expect(await firstStart(core.people, core.legacyProfile)).toBe('adoptProfile');
      await expect(
        adoptProfile(core.people, core.legacyProfile, core.deskPeople, {
          login: 'ann',
          displayName: 'Ann',
          passphrase: 'not the passphrase',
        }),
      ).rejects.toThrow(/not the right one/);
      expect(core.audit.query({ action: 'role.change', outcome: 'refused' })).toEqual([
        expect.objectContaining({ detail: 'to administrator: wrong passphrase (1 in a row)' }),
      ]);
      expect(await core.people.fresh()).toBe(true);
      expect(await firstStart(core.people, core.legacyProfile)).toBe('adoptProfile');
      const ann = await adoptProfile(core.people, core.legacyProfile, core.deskPeople, {
        login: 'Ann',
        displayName: 'Ann',
        passphrase: PASSPHRASE,
      });
      expect(ann).toMatchObject({ login: 'ann', role: 'administrator' });
      expect(await core.sessions.signIn('ann', PASSPHRASE)).toMatchObject({ kind: 'active', operator: ann });
      // The journal and the audit of before are there.
      expect(await core.services.charges.journal.list({ environment: 'sandbox' })).toEqual([expect.objectContaining({ state: 'PAID' })]);
      expect(core.audit.query({ action: 'role.passphrase' })).toHaveLength(1);
      // The keychain keeps no profile: the installation is no longer protected by one, and a second adoption is refused.
      expect(core.legacyProfile.passphraseSet()).toBe(false);
      expect(await firstStart(core.people, core.legacyProfile)).toBe('accounts');
    } finally {
      await core.close();
    }
    // Read afresh from the keychain: the entry is gone, not only forgotten by the settings.
    const again = await AppCore.open({ dataFolder, osUser: 'tester' });
    try {
      expect(again.legacyProfile.passphraseSet()).toBe(false);
      expect(await firstStart(again.people, again.legacyProfile)).toBe('accounts');
    } finally {
      await again.close();
    }
  });
});
