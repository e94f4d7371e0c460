import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The app's data folder, where Electron keeps userData on Linux (~/.config/<name>); browser mode shares it. */
export function appDataFolder(): string {
  const base = process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config');
  const dir = join(base, 'gateway-backoffice');
  mkdirSync(dir, { recursive: true });
  return dir;
}
