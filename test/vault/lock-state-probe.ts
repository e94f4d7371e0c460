// Runs in a private D-Bus session with its own gnome-keyring (see lockState.test.ts): asks whether the keychain
// is locked many times at once, as screens do when several secrets read as missing together, then locks it
// and asks again; reports the answers and which process served the Secret Service before and after, as one
// JSON line.
import { execFileSync } from 'node:child_process';
import { defaultCollectionLockState } from '../../main/vault/lockState.js';
import { lockKeychain } from './lockKeychain.js';

const serviceProcess = () =>
  /uint32 (\d+)/.exec(
    execFileSync(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.DBus',
        '/org/freedesktop/DBus',
        'org.freedesktop.DBus.GetConnectionUnixProcessID',
        'string:org.freedesktop.secrets',
      ],
      { encoding: 'utf8' },
    ),
  )?.[1];

async function askMany(rounds: number, atOnce: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let round = 0; round < rounds; round++) {
    const answers = await Promise.all(Array.from({ length: atOnce }, () => defaultCollectionLockState()));
    // Spread across the event loop as separate screens would be, not only within one tick.
    answers.push(await new Promise((resolve) => setImmediate(() => resolve(defaultCollectionLockState()))));
    for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1;
  }
  return counts;
}

const before = serviceProcess();
const unlocked = await askMany(300, 8);
const during = serviceProcess();
lockKeychain();
const locked = await askMany(20, 8);
console.log(JSON.stringify({ before, during, after: serviceProcess(), unlocked, locked }));
