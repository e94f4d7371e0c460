/**
 * Maintenance of a data folder by whoever owns it, while no app has it open:
 *
 *   npm run -s maintenance -- abandon-profile [--data-folder DIR] [--yes]
 *
 * abandon-profile: an installation whose earlier version's administrator set a passphrase opens at first start
 * asking for that passphrase (the role profile's adoption). When the profile's keychain entry is lost or
 * damaged, or the keychain cannot be read, that can never succeed, and the app fails closed: it never offers a
 * fresh first administrator in its place. This gives the profile up, audited, so that the next first start
 * does. It is the same trust as editing the data folder, which holds the settings the app reads it from; an
 * intact profile is never given up (adopt it with its passphrase). Without --yes it only says what it would do.
 *
 * Exit status: 0 done (or nothing to do); 1 refused (an intact profile, the folder in use); 2 bad usage.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { LegacyProfile, type AbandonAnswer } from '../main/services/legacyProfile.js';
import { AuditRepository } from '../main/store/audit.js';
import { openDatabase } from '../main/store/database.js';
import { lockDataFolder } from '../main/store/folderLock.js';
import { SettingsRepository } from '../main/store/settings.js';
import { SettingsService } from '../main/services/settings.js';
import { Vault } from '../main/vault/vault.js';
import { appDataFolder } from './dataFolder.js';

const USAGE = 'usage: maintenance abandon-profile [--data-folder DIR] [--yes]';

const SAID: Record<AbandonAnswer, string> = {
  missing: 'given up: its keychain entry was missing. The next start asks for a fresh first administrator.',
  damaged: 'given up: its keychain entry was damaged. The next start asks for a fresh first administrator.',
  unreadable: 'given up: the keychain could not be read. The next start asks for a fresh first administrator.',
  none: 'nothing to do: this installation has no role profile to adopt.',
  intact: 'refused: the role profile is intact. Adopt it at first start with its passphrase.',
};

async function abandonProfile(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { 'data-folder': { type: 'string' }, yes: { type: 'boolean', default: false } } });
  const folder = values['data-folder'] ?? appDataFolder();
  if (!existsSync(join(folder, 'app.sqlite'))) {
    console.error(`maintenance: ${folder} holds no app data (no app.sqlite)`);
    return 2;
  }
  // Refused while the app (or another command) has the folder open: it reads the same settings.
  const lock = lockDataFolder(folder, 'the maintenance command');
  let db;
  try {
    db = openDatabase(join(folder, 'app.sqlite'));
    const settings = new SettingsRepository(db);
    const vault = new Vault();
    const audit = new AuditRepository(db);
    const osUser = userInfo().username;
    const environment = new SettingsService({ settings, vault, audit, osUser }).general().environment;
    const profile = new LegacyProfile({ settings, vault, audit, osUser, environment: () => environment, log: () => undefined });
    await profile.open();
    if (!values.yes) {
      console.log(
        profile.passphraseSet()
          ? `The role profile of ${folder} would be given up if it cannot be adopted; run again with --yes.`
          : `The role profile of ${folder}: ${SAID.none}`,
      );
      return 0;
    }
    const answer = await profile.abandon();
    console.log(`The role profile of ${folder}: ${SAID[answer]}`);
    return answer === 'intact' ? 1 : 0;
  } finally {
    db?.close();
    lock.release();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'abandon-profile') return await abandonProfile(rest);
    console.error(USAGE);
    return 2;
  } catch (err) {
    console.error(`maintenance: ${err instanceof Error ? err.message : String(err)}`);
    return err instanceof TypeError ? 2 : 1;
  }
}

void main(process.argv.slice(2)).then((code) => (process.exitCode = code));
