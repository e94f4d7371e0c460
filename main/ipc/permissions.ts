/**
 * Which role profile may use which channel: the one table the dispatcher enforces in main (the screens
 * only follow it, through roles.get's allowedChannels). Each channel names the least profile that may
 * use it; the profiles are nested (support, then finance, then administrator), so a channel is never
 * open to one profile and closed to a stronger one. The `satisfies` makes a channel added to channels.ts
 * without a decision here a compile error, and so is a name that is not a channel.
 */
import { CHANNELS, type ChannelName } from './channels.js';
import { ROLES, type Role } from '../domain/roles.js';

/** Look-ups, and read-only views with no secret in them. */
const EVERYONE: Role = 'support';
/** Moving money and changing cards, and reading what was done. */
const FINANCE: Role = 'finance';
/** Credentials, keys, the connection, and the profile's passphrase. */
const ADMINISTRATOR: Role = 'administrator';

export const MINIMUM_ROLE = {
  'app.info': EVERYONE,
  // The settings view says only "set / not set" of a credential; changing the installation's is an administrator's.
  'settings.get': EVERYONE,
  'settings.updateGeneral': ADMINISTRATOR,
  // A person's own language and theme, kept per profile: a support person on an English installation reads Russian.
  'settings.setPreferences': EVERYONE,
  'settings.setConnection': ADMINISTRATOR,
  'settings.setCredential': ADMINISTRATOR,
  'settings.clearCredential': ADMINISTRATOR,
  'settings.checkConnection': ADMINISTRATOR,
  // The maximums and currencies are read by everyone (the charge form follows them); set by an administrator.
  'settings.chargeLimits': EVERYONE,
  'settings.setChargeMaximum': ADMINISTRATOR,
  'settings.setCurrencies': ADMINISTRATOR,
  'orders.lookup': EVERYONE,
  'orders.search': EVERYONE,
  'orders.history': EVERYONE,
  'orders.deposit': FINANCE,
  'orders.reverse': FINANCE,
  'orders.refund': FINANCE,
  'orders.refundPlan': FINANCE,
  // Batch look-ups read orders only.
  'orders.batch.start': EVERYONE,
  'orders.batch.cancel': EVERYONE,
  'orders.batch.results': EVERYONE,
  'orders.batch.retry': EVERYONE,
  'orders.batch.export': EVERYONE,
  'audit.query': FINANCE,
  'audit.export': FINANCE,
  'keys.list': ADMINISTRATOR,
  'keys.generate': ADMINISTRATOR,
  'keys.import': ADMINISTRATOR,
  'keys.exportCertificate': ADMINISTRATOR,
  'keys.activate': ADMINISTRATOR,
  'keys.retire': ADMINISTRATOR,
  'keys.testSign': ADMINISTRATOR,
  'bindings.find': FINANCE,
  'bindings.disable': FINANCE,
  'bindings.enable': FINANCE,
  'bindings.extend': FINANCE,
  'charges.options': FINANCE,
  'charges.create': FINANCE,
  'charges.journal': FINANCE,
  'charges.export': FINANCE,
  'charges.reconcile': FINANCE,
  'charges.batch.plan': FINANCE,
  'charges.batch.run': FINANCE,
  'charges.batch.pause': FINANCE,
  'charges.batch.resume': FINANCE,
  'charges.batch.cancel': FINANCE,
  'charges.batch.status': FINANCE,
  'charges.batch.export': FINANCE,
  // Any profile may ask for another one: the passphrase it takes is what an administrator holds.
  'roles.get': EVERYONE,
  'roles.set': EVERYONE,
  'roles.setPassphrase': ADMINISTRATOR,
  // The orders of a period are what support starts from; the reconciliation compares the journal of money moved.
  'period.view': EVERYONE,
  'period.sync': EVERYONE,
  'period.cancel': EVERYONE,
  'period.export': EVERYONE,
  'period.reconcile': FINANCE,
  'period.reconciliation.export': FINANCE,
  // Each profile keeps its own views of the list, as each may read the list.
  'period.views.list': EVERYONE,
  'period.views.save': EVERYONE,
  'period.views.rename': EVERYONE,
  'period.views.delete': EVERYONE,
  // Support finds a customer and sees their cards (masked) and orders; the batch file of their binding IDs is for charging.
  'customers.search': EVERYONE,
  'customers.get': EVERYONE,
  'customers.exportBatch': FINANCE,
  // The console arms faults and moves orders and the clock of the embedded sandbox.
  'sandbox.console.open': ADMINISTRATOR,
} as const satisfies Record<ChannelName, Role>;

const rank = (role: Role): number => ROLES.indexOf(role);

/** Whether the profile may use the channel. */
export const mayUse = (role: Role, channel: ChannelName): boolean => rank(role) >= rank(MINIMUM_ROLE[channel]);

/** Every channel the profile may use, in the contract's order. */
export const allowedChannels = (role: Role): ChannelName[] => CHANNELS.filter((channel) => mayUse(role, channel));
