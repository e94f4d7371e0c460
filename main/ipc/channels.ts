/**
 * The names of the IPC contract's channels, with no dependencies, so that the preload script (and the
 * browser-mode bridge) can allow exactly these without bundling the schemas. contract.ts is checked to
 * define every one of them and no other.
 */
export const CHANNELS = [
  'app.info',
  'settings.get',
  'settings.updateGeneral',
  'settings.setPreferences',
  'settings.setConnection',
  'settings.setCredential',
  'settings.clearCredential',
  'settings.checkConnection',
  'settings.chargeLimits',
  'settings.setChargeMaximum',
  'settings.setCurrencies',
  'orders.lookup',
  'orders.search',
  'orders.history',
  'orders.deposit',
  'orders.reverse',
  'orders.refund',
  'orders.refundPlan',
  'orders.batch.start',
  'orders.batch.cancel',
  'orders.batch.results',
  'orders.batch.retry',
  'orders.batch.export',
  'audit.query',
  'audit.export',
  'keys.list',
  'keys.generate',
  'keys.import',
  'keys.exportCertificate',
  'keys.activate',
  'keys.retire',
  'keys.testSign',
  'bindings.find',
  'bindings.disable',
  'bindings.enable',
  'bindings.extend',
  'charges.options',
  'charges.create',
  'charges.journal',
  'charges.export',
  'charges.reconcile',
  'charges.batch.plan',
  'charges.batch.run',
  'charges.batch.pause',
  'charges.batch.resume',
  'charges.batch.cancel',
  'charges.batch.status',
  'charges.batch.export',
  'roles.get',
  'roles.set',
  'roles.setPassphrase',
  'period.view',
  'period.sync',
  'period.cancel',
  'period.export',
  'period.reconcile',
  'period.reconciliation.export',
  'period.views.list',
  'period.views.save',
  'period.views.rename',
  'period.views.delete',
  'customers.search',
  'customers.get',
  'customers.exportBatch',
  'sandbox.console.open',
] as const;

export type ChannelName = (typeof CHANNELS)[number];

const known: ReadonlySet<string> = new Set(CHANNELS);
export const isChannel = (name: unknown): name is ChannelName => typeof name === 'string' && known.has(name);

/** The one channel main pushes events on (progress of long jobs, environment changes). */
export const EVENT_CHANNEL = 'app.event';

/** Bumped when a channel's input or result changes shape; the renderer shows it in About. */
export const CONTRACT_VERSION = 2;
