import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The app's data folder, where Electron keeps userData on Linux (~/.config/<name>); browser mode shares it. */
export function appDataFolder(): string {
  const base = process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config');
  const dir = join(base, 'gateway-backoffice');
  // The operator's alone (the core narrows it to 0700 in any case: main/store/privateFiles.ts).
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}
