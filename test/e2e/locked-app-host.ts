// Runs in a private D-Bus session with its own gnome-keyring (see settingsTruth.test.ts): opens the app in
// browser mode on a fresh data folder with its first administrator (people.ts), locks the keyring through the
// Secret Service's Lock method, prints the app's address as one JSON line, and closes when its standard input
// ends. The UI test drives it in Chromium: the app as it is on a desktop whose keyring is locked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowserMode } from '../../main/browserMode.js';
import { lockKeychain } from '../vault/lockKeychain.js';
import { ensureAdministrator } from './people.js';

const folder = mkdtempSync(join(tmpdir(), 'locked-app-'));
const mode = await openBrowserMode({ dataFolder: folder, log: () => {} });
// Its administrator, as openApp makes one: the page signs in as them (openPage).
await ensureAdministrator(mode);
lockKeychain();
console.log(JSON.stringify({ url: mode.host.openUrl }));

process.stdin.resume();
process.stdin.on('end', () => {
  void mode.close().finally(() => {
    rmSync(folder, { recursive: true, force: true });
    process.exit(0);
  });
});
