/**
 * The people the UI tests sign in as, without the test runner (locked-app-host.ts runs outside it): the first
 * administrator a fresh data folder is given, and the one password every test person has.
 */
import type { BrowserMode } from '../../main/browserMode.js';

/** The password of every person the UI tests make: at least MIN_PASSWORD characters, as main asks. */
export const PASSWORD = 'correct horse battery staple';

/** The first administrator openApp makes on a fresh data folder, and openPage signs in as. */
export const ADMIN = { login: 'admin', displayName: 'Ada Admin', role: 'administrator', password: PASSWORD } as const;

/** Makes the data folder's first administrator (ADMIN) through the core, unless it has accounts already. */
export async function ensureAdministrator(mode: BrowserMode): Promise<void> {
  if (await mode.core.people.fresh()) await mode.core.people.addFirst(ADMIN);
}
