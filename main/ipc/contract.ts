/**
 * The IPC contract: the single source of truth for what the renderer may ask of main. Each channel has a
 * zod schema for its input (main validates every payload against it; the renderer is untrusted) and a
 * result type. The renderer imports only types from this file; preload and the browser-mode bridge use
 * only the channel names (channels.ts).
 *
 * Inputs are strict objects: an unknown key is refused, not ignored, so a misspelt field never silently
 * falls back to a default. Amounts are integers in minor units.
 */
import { z } from 'zod';
import type { ChargeBatchProgress, ChargeBatchState } from '../services/views.js';
import { MIN_PASSPHRASE, ROLES, type Role } from '../services/roles.js';
import type { ChannelName } from './channels.js';
import { settingsSchemas, type SettingsResults, type CurrencyLimitView } from './contract/settings.js';
import { ordersSchemas, type OrdersResults, type BatchState, type BatchProgress } from './contract/orders.js';
import { auditSchemas, type AuditResults } from './contract/audit.js';
import { keysSchemas, type KeysResults } from './contract/keys.js';
import { cardsSchemas, type CardsResults } from './contract/cards.js';
import {
  environment,
  minorUnits,
  none,
  printable,
  currencyNumeric,
  clientId,
  bindingId,
  type EnvironmentName,
  type ExportFile,
} from './contract/shared.js';

export type { ChargeBatchProgress, ChargeBatchState } from '../services/views.js';
export type { ChannelName } from './channels.js';
export { MIN_PASSPHRASE, ROLES, type Role } from '../services/roles.js';
export type { EnvironmentName, ExportFile } from './contract/shared.js';
export * from './contract/settings.js';
export * from './contract/orders.js';
export * from './contract/audit.js';
export * from './contract/keys.js';
export * from './contract/cards.js';

/** The three ways a stored card may be charged, as the gateway files it. */
const chargeCategory = z.enum(['COMMON', 'RECURRENT', 'INSTALLMENT']);
const chargeId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A dry run's identifier: the first 12 hex digits of the file's SHA-256. */
const chargeBatchId = z.string().regex(/^[0-9a-f]{12}$/, 'must be a batch id returned by charges.batch.plan');
export const CHARGE_STATES = ['PENDING', 'UNKNOWN', 'PAID', 'DECLINED', 'FAILED'] as const;
/**
 * The charge journal's filters; `open` is PENDING and UNKNOWN together, `unknown` those of them whose answer
 * is not awaited any more (lost, or left by a stopped app), `sending` those being sent now. Times in ms since the epoch.
 */
const chargeFilter = z
  .strictObject({
    state: z.enum([...CHARGE_STATES, 'open', 'unknown', 'sending']).optional(),
    /** Part of an orderNumber, orderId, bindingId or clientId. */
    text: printable(64).trim().min(1).optional(),
    from: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
    /** Another environment's charges; the current one's when absent. */
    environment: environment.optional(),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, {
    message: 'the start must not be after the end',
    path: ['from'],
  });

const passphrase = printable(256).min(1, 'enter the passphrase');

const schemas = {
  ...settingsSchemas,
  ...ordersSchemas,
  ...auditSchemas,
  ...keysSchemas,
  ...cardsSchemas,
  'charges.options': none,
  'charges.create': z.strictObject({
    /** The environment the operator confirmed; refused if it is no longer the current one. */
    environment,
    clientId,
    bindingId,
    /** The category the confirmation showed; refused if the gateway files the card otherwise. */
    category: chargeCategory,
    amount: minorUnits,
    currency: currencyNumeric,
    description: printable(598).trim().min(1).optional(),
    /** The operator's reference (invoice or case number), used as the orderNumber: never charged twice. */
    reference: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_./-]{1,36}$/, 'must be 1 to 36 letters, digits or . _ / -')
      .optional(),
    /** The operator confirmed a repeat of the same card and amount within ten minutes. */
    confirmRepeat: z.boolean().optional(),
  }),
  'charges.journal': chargeFilter.extend({ limit: z.number().int().min(1).max(5000).optional() }),
  'charges.export': chargeFilter,
  /** One open charge by its journal id, or every open charge of the current environment. */
  'charges.reconcile': z.strictObject({ id: chargeId.optional() }),
  'charges.batch.plan': z.strictObject({
    text: z
      .string()
      .min(1, 'the file is empty')
      .max(4 * 1024 * 1024, 'the file is over 4 MB'),
  }),
  'charges.batch.run': z.strictObject({ batchId: chargeBatchId, environment }),
  'charges.batch.pause': z.strictObject({ batchId: chargeBatchId }),
  'charges.batch.resume': z.strictObject({ batchId: chargeBatchId }),
  'charges.batch.cancel': z.strictObject({ batchId: chargeBatchId }),
  'charges.batch.status': z.strictObject({ batchId: chargeBatchId }),
  'charges.batch.export': z.strictObject({ batchId: chargeBatchId }),
  'roles.get': none,
  /** Any profile may change the profile: the passphrase is what an administrator holds. */
  'roles.set': z.strictObject({ role: z.enum(ROLES), passphrase }),
  /** The first passphrase needs no current one; changing it does. */
  'roles.setPassphrase': z.strictObject({
    current: passphrase.optional(),
    next: printable(256).min(MIN_PASSPHRASE, `must have at least ${MIN_PASSPHRASE} characters`),
  }),
} satisfies Record<ChannelName, z.ZodType>;

export const INPUT_SCHEMAS: { readonly [K in ChannelName]: (typeof schemas)[K] } = schemas;

export type Input<K extends ChannelName> = z.input<(typeof schemas)[K]>;
export type ParsedInput<K extends ChannelName> = z.output<(typeof schemas)[K]>;

export type ChargeState = (typeof CHARGE_STATES)[number];
export type ChargeCategory = 'COMMON' | 'RECURRENT' | 'INSTALLMENT';

/** What the charge form needs to know before anything is typed. */
export interface ChargeOptions {
  readonly environment: EnvironmentName;
  /** The currencies the environment accepts, each with its per-charge maximum (Settings); may be empty. */
  readonly currencies: readonly CurrencyLimitView[];
  readonly currenciesFrom: 'sandbox' | 'settings';
  readonly defaultCurrency: string;
  /** Charges of the current environment whose outcome is unknown (answer lost; not those being sent now). */
  readonly openCharges: number;
}

/** One charge of the journal, with its state in words. */
export interface ChargeView {
  readonly id: number;
  readonly environment: string;
  readonly orderNumber: string;
  readonly orderId?: string;
  readonly amount: number;
  readonly currency: string;
  readonly currencyAlpha?: string;
  readonly exponent: number;
  readonly bindingId: string;
  readonly clientId: string;
  readonly category: ChargeCategory;
  /** The card as the app last saw it (first 6 and last 4 digits at most). */
  readonly maskedPan?: string;
  readonly description?: string;
  readonly operator: string;
  readonly state: ChargeState;
  /** The latest state in words: charged, partly refunded, reversed, declined, being sent, outcome unknown… */
  readonly stateWords: string;
  /** Being sent now: its answer is awaited, not lost (state PENDING). */
  readonly sending: boolean;
  /** What the charge stands at now; absent while its outcome is not known. */
  readonly standing?: ChargeStandingView;
  readonly orderStatus?: number;
  readonly actionCode?: number;
  /** The gateway's words for a decline or refusal, or why the outcome is not known yet. */
  readonly reason?: string;
  readonly at: number;
  readonly updatedAt: number;
}

/**
 * Charged, refunded and net minor units of a charge and its order's latest state, from the charge's own
 * answer, the latest look-up of the order, and the deposits, reversals and refunds made from this app.
 */
export interface ChargeStandingView {
  readonly charged: number;
  readonly refunded: number;
  readonly net: number;
  /** Held and not yet deposited. */
  readonly held: number;
  readonly orderStatus?: number;
  readonly asOf: number;
  readonly source: 'charge' | 'lookUp' | 'operation';
}

export type ChargeResult =
  | { readonly outcome: 'paid' | 'declined'; readonly charge: ChargeView }
  /** detail: the technical account of what went wrong, behind the screen's "Details". */
  | { readonly outcome: 'failed' | 'unknown'; readonly charge: ChargeView; readonly detail?: string }
  /** Nothing was journalled or sent. */
  | { readonly outcome: 'refused'; readonly reason: string }
  /** The same card and amount were charged within ten minutes: repeat only with confirmRepeat. */
  | { readonly outcome: 'needsConfirmation'; readonly earlier: readonly ChargeView[] };

export interface ChargeJournalPage {
  readonly environment: string;
  readonly entries: readonly ChargeView[];
  /** More entries match than were returned (newest first): the export has them all. */
  readonly more: boolean;
  /** The environment's charges whose outcome is unknown (answer lost), whatever the filter; not those being sent. */
  readonly openCount: number;
  /** The environment's charges being sent now, their answer awaited. */
  readonly sendingCount: number;
}

export interface ReconcileResult {
  readonly results: readonly ChargeResult[];
  /** Charges whose outcome is still unknown afterwards (not counting those being sent). */
  readonly stillOpen: number;
}

export interface PlannedChargeView {
  readonly line: number;
  readonly clientId: string;
  readonly bindingId: string;
  readonly category: ChargeCategory;
  readonly maskedPan?: string;
  readonly amount: number;
  readonly currency: string;
  readonly currencyAlpha?: string;
  readonly exponent: number;
  readonly description?: string;
  /** The orderNumber this row is charged under: the file's hash and the line, so a file runs once. */
  readonly reference: string;
}

/** The dry run: what would be charged, what is invalid and why, and the totals per currency. */
export interface ChargeBatchPlan {
  readonly batchId: string;
  readonly environment: EnvironmentName;
  readonly charges: readonly PlannedChargeView[];
  readonly invalid: readonly { readonly line: number; readonly errors: readonly string[] }[];
  readonly totals: readonly {
    readonly currency: string;
    readonly currencyAlpha?: string;
    readonly exponent: number;
    readonly amount: number;
    readonly count: number;
  }[];
}

export interface ChargeBatchRow {
  readonly line: number;
  /**
   * error: the app failed while charging the row; the journal says whether it was charged. invalid: the dry
   * run left it out. waiting: not reached yet; sending: being charged now, its answer awaited.
   */
  readonly result:
    | 'paid'
    | 'declined'
    | 'failed'
    | 'unknown'
    | 'refused'
    | 'needsConfirmation'
    | 'cancelled'
    | 'error'
    | 'invalid'
    | 'waiting'
    | 'sending';
  /** The row's client and amount as the file has them. */
  readonly clientId: string;
  readonly amountText: string;
  /** Empty for an invalid row. */
  readonly orderNumber: string;
  readonly orderId?: string;
  readonly reason?: string;
}

export interface ChargeBatchStatus {
  readonly batchId: string;
  readonly environment: EnvironmentName;
  readonly state: ChargeBatchState;
  readonly progress: ChargeBatchProgress;
  /** Every row of the file, in its order. */
  readonly rows: readonly ChargeBatchRow[];
  /** Why the app stopped the batch (state failed). */
  readonly failure?: string;
}

export interface RoleProfileView {
  readonly role: Role;
  /** Whether an administrator has set the passphrase; until then the installation is an administrator's. */
  readonly passphraseSet: boolean;
  /** Every channel this profile may call, for the screens to offer only what works. */
  readonly allowedChannels: readonly ChannelName[];
  /** Why the profile cannot be read or changed now (the keychain cannot be used), in words. */
  readonly problem?: string;
}

export interface Results extends SettingsResults, OrdersResults, AuditResults, KeysResults, CardsResults {
  'charges.options': ChargeOptions;
  'charges.create': ChargeResult;
  'charges.journal': ChargeJournalPage;
  'charges.export': ExportFile;
  'charges.reconcile': ReconcileResult;
  'charges.batch.plan': ChargeBatchPlan;
  'charges.batch.run': ChargeBatchStatus;
  'charges.batch.pause': ChargeBatchStatus;
  'charges.batch.resume': ChargeBatchStatus;
  'charges.batch.cancel': ChargeBatchStatus;
  'charges.batch.status': ChargeBatchStatus;
  'charges.batch.export': ExportFile;
  'roles.get': RoleProfileView;
  'roles.set': RoleProfileView;
  'roles.setPassphrase': RoleProfileView;
}
export type Result<K extends ChannelName> = Results[K];

/** Events main pushes to the renderer. */
export type AppEvent =
  | { readonly type: 'batch.progress'; readonly batchId: string; readonly state: BatchState; readonly progress: BatchProgress }
  | {
      readonly type: 'chargeBatch.progress';
      readonly batchId: string;
      readonly state: ChargeBatchState;
      readonly progress: ChargeBatchProgress;
    }
  /** A charge was settled or changed state (made, reconciled): the journal on screen is stale. */
  | { readonly type: 'charges.changed' }
  /** The role profile changed: what the screens offer changes with it. */
  | { readonly type: 'role.changed'; readonly role: Role }
  | { readonly type: 'settings.changed' };

/** What a refused or failed call carries across the boundary: plain data, never a stack or a secret. */
export type IpcErrorCode =
  'unknownChannel' | 'invalidInput' | 'forbidden' | 'notFound' | 'settings' | 'gateway' | 'keychainUnavailable' | 'storage' | 'internal';

export interface IpcError {
  readonly code: IpcErrorCode;
  readonly message: string;
  /** For invalidInput: each field's path and what is wrong with it. */
  readonly fields?: readonly { readonly path: string; readonly message: string }[];
  /** The technical account behind the message (endpoint, status, code), for a "Details" disclosure. */
  readonly detail?: string;
}

/** Every call answers with one of these; the renderer's api turns a failure into a thrown ApiError. */
export type Envelope<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError };

/** The api preload (or the browser-mode bridge) puts on window.api. */
export interface BridgeApi {
  readonly contractVersion: number;
  invoke<K extends ChannelName>(channel: K, input: Input<K>): Promise<Envelope<Result<K>>>;
  /** Calls the listener with every event from main; returns the function that stops it. */
  subscribe(listener: (event: AppEvent) => void): () => void;
}
