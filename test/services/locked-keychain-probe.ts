// Runs in a private D-Bus session with its own gnome-keyring (see lockedKeychain.test.ts): leaves the role
// profile an earlier version kept, locks the keyring through the Secret Service's Lock method, and reports
// what the upgrade then does, while running and after a restart, as one JSON line.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppCore } from '../../main/services/appCore.js';
import { adoptProfile, firstStart } from '../../main/services/profileUpgrade.js';
import { Vault } from '../../main/vault/vault.js';
import { lockKeychain } from '../vault/lockKeychain.js';
import { leaveProfileIn } from './legacyProfile.js';

const PASSPHRASE = 'correct horse battery staple';
const attempt = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return 'accepted';
  } catch (err) {
    return `refused: ${(err as Error).message}`;
  }
};
/** What the first start sees, and what an adoption with `passphrase` comes to. */
const upgrade = async (core: AppCore) => ({
  passphraseSet: core.legacyProfile.passphraseSet(),
  firstStart: await firstStart(core.people, core.legacyProfile),
});
const adopt = (core: AppCore, passphrase: string) =>
  attempt(() => adoptProfile(core.people, core.legacyProfile, core.deskPeople, { login: 'ann', displayName: 'Ann', passphrase }));

const protectedFolder = mkdtempSync(join(tmpdir(), 'locked-protected-'));
const freshFolder = mkdtempSync(join(tmpdir(), 'locked-fresh-'));
const report: Record<string, unknown> = {};

await leaveProfileIn(protectedFolder, PASSPHRASE);
let core = await AppCore.open({ dataFolder: protectedFolder, osUser: 'admin' });
report.beforeLock = await upgrade(core);

lockKeychain();
report.running = {
  wrongPassphrase: await adopt(core, 'not the passphrase'),
  rightPassphrase: await adopt(core, PASSPHRASE),
  ...(await upgrade(core)),
  fresh: await core.people.fresh(),
};
await core.close();

core = await AppCore.open({ dataFolder: protectedFolder, osUser: 'admin' });
report.restarted = {
  ...(await upgrade(core)),
  rightPassphrase: await adopt(core, PASSPHRASE),
  fresh: await core.people.fresh(),
};
await core.close();

report.secretWhileLocked = await attempt(() => new Vault().isSet('production', { kind: 'apiPassword' }));

const fresh = await AppCore.open({ dataFolder: freshFolder, osUser: 'admin' });
report.neverProtected = await upgrade(fresh);
await fresh.close();

process.stdout.write(`${JSON.stringify(report)}\n`);
