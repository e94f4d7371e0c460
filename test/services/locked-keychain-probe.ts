// Runs in a private D-Bus session with its own gnome-keyring (see lockedKeychain.test.ts): protects a role
// profile, locks the keyring through the Secret Service's Lock method, and reports what the app then does,
// while running and after a restart, as one JSON line.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppCore } from '../../main/services/appCore.js';
import { Vault } from '../../main/vault/vault.js';
import { lockKeychain } from '../vault/lockKeychain.js';

const PASSPHRASE = 'correct horse battery staple';
const lock = lockKeychain;
const attempt = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return 'accepted';
  } catch (err) {
    return `refused: ${(err as Error).message}`;
  }
};

const protectedFolder = mkdtempSync(join(tmpdir(), 'locked-protected-'));
const freshFolder = mkdtempSync(join(tmpdir(), 'locked-fresh-'));
const report: Record<string, unknown> = {};

let core = await AppCore.open({ dataFolder: protectedFolder, osUser: 'admin' });
await core.roles.setPassphrase(PASSPHRASE);
await core.roles.set('support', PASSPHRASE);
report.beforeLock = core.roles.view();

lock();
report.running = {
  wrongPassphrase: await attempt(() => core.roles.set('administrator', 'not the passphrase')),
  rightPassphrase: await attempt(() => core.roles.set('administrator', PASSPHRASE)),
  view: core.roles.view(),
};
await core.close();

core = await AppCore.open({ dataFolder: protectedFolder, osUser: 'admin' });
report.restarted = {
  view: core.roles.view(),
  wrongPassphrase: await attempt(() => core.roles.set('administrator', 'not the passphrase')),
  after: core.roles.view(),
};
await core.close();

report.secretWhileLocked = await attempt(() => new Vault().isSet('production', { kind: 'apiPassword' }));

const fresh = await AppCore.open({ dataFolder: freshFolder, osUser: 'admin' });
report.neverProtected = fresh.roles.view();
await fresh.close();

process.stdout.write(`${JSON.stringify(report)}\n`);
