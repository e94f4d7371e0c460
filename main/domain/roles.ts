/**
 * The installation's role profiles, as words the whole main process shares: the role profile service
 * keeps and checks them, the audit log stamps them on every entry, and the IPC layer
 * (main/ipc/permissions.ts, the contract) decides which profile may use which channel from them.
 *
 * The dependency runs one way: main/ipc imports this module, never the reverse (an ESLint rule refuses an
 * import of main/ipc/ from services, store, gateway and sandbox). Channels are the IPC layer's notion, so
 * the table of which profile may use which channel stays there. This module imports nothing, so the store
 * may name a Role without depending on any service.
 */

/** The installation's role profiles, from least to most allowed. */
export const ROLES = ['support', 'finance', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

/** Where a role stands among the others: a higher one may do all a lower one may. */
export const roleRank = (role: Role): number => ROLES.indexOf(role);

/** Long enough to resist guessing at the keychain's pace; no other rule (a sentence is a good passphrase). */
export const MIN_PASSPHRASE = 12;
