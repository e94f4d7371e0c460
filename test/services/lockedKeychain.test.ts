/**
 * A locked keychain, the everyday state of a locked screen or a keyring not unlocked at login, against
 * real gnome-keyring: keytar reads a locked collection as "nothing stored", and a protected profile must
 * not read that as a fresh installation. Each run gets a private D-Bus session and keyring, so locking it
 * disturbs no other test.
 */
import { describe, expect, it } from 'vitest';
import { saying } from '../phrases/said.js';
import { probeOnPrivateKeyring } from '../vault/privateKeyring.js';

// `npm test` sets KEYCHAIN_TESTS=1 where gnome-keyring, D-Bus and the keychain library are all there.
const ready = process.env.KEYCHAIN_TESTS === '1';

describe.skipIf(!ready)('a locked keychain (real gnome-keyring)', () => {
  it('keeps a protected profile on support, at start and while running, and accepts no role change', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const report = probeOnPrivateKeyring<Record<string, any>>('test/services/locked-keychain-probe.ts', 60_000);
    expect(report.beforeLock).toEqual({ role: 'support', passphraseSet: true });
    // Locked while the app runs: no change is accepted, not even with the right passphrase (it cannot be checked).
    expect(report.running.wrongPassphrase).toMatch(/^refused: The OS keychain is locked/);
    expect(report.running.rightPassphrase).toMatch(/^refused: The OS keychain is locked/);
    expect(report.running.view).toMatchObject({
      role: 'support',
      passphraseSet: true,
      problem: saying(/^The OS keychain is locked/),
    });
    // Started while locked: support, and the dialog says the keychain is locked.
    expect(report.restarted.view).toMatchObject({
      role: 'support',
      passphraseSet: true,
      problem: saying(/^The OS keychain is locked/),
    });
    expect(report.restarted.wrongPassphrase).toMatch(/^refused/);
    expect(report.restarted.after.role).toBe('support');
    // A secret in a locked keychain is not "not set".
    expect(report.secretWhileLocked).toMatch(/^refused: The OS keychain is locked/);
    // An installation that never had a profile has nothing to protect: it stays an administrator's, saying why no passphrase can be set.
    expect(report.neverProtected).toMatchObject({
      role: 'administrator',
      passphraseSet: false,
      problem: saying(/locked/),
    });
  });
});
