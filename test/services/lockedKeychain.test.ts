/**
 * A locked keychain, the everyday state of a locked screen or a keyring not unlocked at login, against
 * real gnome-keyring: keytar reads a locked collection as "nothing stored", and the profile an earlier
 * version left must not read that as a fresh installation, whose first administrator would bypass its
 * passphrase. Each run gets a private D-Bus session and keyring, so locking it disturbs no other test.
 */
import { describe, expect, it } from 'vitest';
import { probeOnPrivateKeyring } from '../vault/privateKeyring.js';

// `npm test` sets KEYCHAIN_TESTS=1 where gnome-keyring, D-Bus and the keychain library are all there.
const ready = process.env.KEYCHAIN_TESTS === '1';

describe.skipIf(!ready)('a locked keychain (real gnome-keyring)', () => {
  it('keeps asking for the adoption of a profile with a passphrase, at start and while running, and adopts nothing', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const report = probeOnPrivateKeyring<Record<string, any>>('test/services/locked-keychain-probe.ts', 60_000);
    const adoption = { passphraseSet: true, firstStart: 'adoptProfile' };
    expect(report.beforeLock).toEqual(adoption);
    // Locked while the app runs: not even the right passphrase is accepted (it cannot be checked), and the refusal says why.
    expect(report.running).toMatchObject({ ...adoption, fresh: true });
    expect(report.running.wrongPassphrase).toMatch(/^refused: The OS keychain is locked/);
    expect(report.running.rightPassphrase).toMatch(/^refused: The OS keychain is locked/);
    // Started while locked: still the adoption, never a fresh first administrator.
    expect(report.restarted).toMatchObject({ ...adoption, fresh: true });
    expect(report.restarted.rightPassphrase).toMatch(/^refused: The OS keychain is locked/);
    // A secret in a locked keychain is not "not set".
    expect(report.secretWhileLocked).toMatch(/^refused: The OS keychain is locked/);
    // An installation that never had a passphrase has nothing to protect: it asks for its first administrator.
    expect(report.neverProtected).toEqual({ passphraseSet: false, firstStart: 'firstAdministrator' });
  });
});
