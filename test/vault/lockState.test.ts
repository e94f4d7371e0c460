/**
 * Asking whether the keychain is locked must not take the keychain down: gnome-keyring aborts when
 * short-lived clients connect, read and leave at the same moment, which is how this question was once asked
 * (a process per question). Against real gnome-keyring, in a private D-Bus session so that a daemon that
 * dies takes no other test's keychain with it.
 */
import { describe, expect, it } from 'vitest';
import { probeOnPrivateKeyring } from './privateKeyring.js';

// `npm test` sets KEYCHAIN_TESTS=1 where gnome-keyring, D-Bus and the keychain library are all there.
const ready = process.env.KEYCHAIN_TESTS === '1';

describe.skipIf(!ready)('the keychain lock state (real gnome-keyring)', () => {
  it('is asked thousands of times, many at once, and the Secret Service that answers is the same process throughout', () => {
    const report = probeOnPrivateKeyring<{
      before: string;
      during: string;
      after: string;
      unlocked: Record<string, number>;
      locked: Record<string, number>;
    }>('test/vault/lock-state-probe.ts');
    expect(report.before).toMatch(/^\d+$/);
    expect([report.during, report.after]).toEqual([report.before, report.before]);
    expect(report.unlocked).toEqual({ unlocked: 300 * 9 });
    expect(report.locked).toEqual({ locked: 20 * 9 });
  });
});
