// Run with test/vault/hide-libsecret.ts preloaded (a machine without libsecret): imports what `npm start`
// imports, opens the app's core on a fresh data folder, asks what its first start offers, and asks the vault for
// a secret; prints what happened as one line of JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const loads = () => (globalThis as { keytarAddonLoads?: number }).keytarAddonLoads ?? -1;
const result: Record<string, unknown> = {};
try {
  await import('../../main/browserMode.js');
  const { AppCore } = await import('../../main/services/appCore.js');
  const { firstStart } = await import('../../main/services/profileUpgrade.js');
  const { Vault } = await import('../../main/vault/vault.js');
  const { VaultUnavailableError } = await import('../../main/vault/errors.js');
  result.imported = true;
  result.addonLoadsAtImport = loads();

  const dataFolder = mkdtempSync(join(tmpdir(), 'backoffice-no-libsecret-'));
  const logged: string[] = [];
  const origError = console.error;
  console.error = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  try {
    const core = await AppCore.open({ dataFolder, osUser: 'tester', demo: true });
    result.upgrade = { passphraseSet: core.legacyProfile.passphraseSet(), firstStart: await firstStart(core.people, core.legacyProfile) };
    result.demoOrder = (await core.services.orders.lookup('demo-0003')).kind;
    await core.close();
  } finally {
    console.error = origError;
    rmSync(dataFolder, { recursive: true, force: true });
  }
  result.logged = logged;

  const vault = new Vault();
  for (const attempt of ['first', 'second']) {
    try {
      await vault.isSet('test', { kind: 'apiPassword' });
      result[attempt] = { reached: true };
    } catch (err) {
      result[attempt] = { unavailable: err instanceof VaultUnavailableError, name: (err as Error).name, message: (err as Error).message };
    }
  }
  result.addonLoadsAfterAsking = loads();
} catch (err) {
  result.error = err instanceof Error ? err.message : String(err);
}
console.log(JSON.stringify(result));
