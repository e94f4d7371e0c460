/**
 * This installation (one data folder) among the others of the same OS user: a random id made once and kept in
 * its settings. Several data folders share one OS user's keychain, so what the keychain keeps for an
 * installation rather than for a gateway environment (its role profile, its team database's password) is kept
 * under this id, in the vault's pseudo-environment INSTALLATION_VAULT.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { SettingsRepository } from '../store/settings.js';

/** The vault's account prefix for what belongs to the installation, not to a gateway environment. */
export const INSTALLATION_VAULT = 'installation';

const KEY = 'installation';
const schema = z.object({ id: z.uuid() });

/** The installation's id, made and kept on first asking. */
export function installationId(settings: SettingsRepository): string {
  const known = settings.get(KEY, schema);
  if (known) return known.id;
  const id = randomUUID();
  settings.set(KEY, { id });
  return id;
}
