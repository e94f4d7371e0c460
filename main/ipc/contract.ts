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
import { BASE_URL_USERINFO_MESSAGE, ENVIRONMENT_KINDS, hasUserinfo } from '../gateway/environments.js';
import { luhnValid, maskCardNumbers } from '../services/cardNumbers.js';
import type { BatchProgress, ChargeBatchProgress, ChargeBatchState, LookupResult, OrderLookup, OrderView } from '../services/views.js';
import type { HistoryEntry as LookupHistoryEntry } from '../services/views.js';
import type { ChannelName } from './channels.js';

export type { BatchProgress, ChargeBatchProgress, ChargeBatchState, LookupResult, OrderView } from '../services/views.js';
export type { OrderLookup, TimelineEntry } from '../services/views.js';
export type { ChannelName } from './channels.js';

const environment = z.enum(ENVIRONMENT_KINDS);
/** Environments whose credentials the operator keeps; the sandbox's are fixed and public. */
const gatewayEnvironment = z.enum(['test', 'production', 'custom']);
const minorUnits = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const orderId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a gateway orderId (a UUID)');
const batchId = z.string().regex(/^b[0-9a-z]{1,20}$/, 'must be a batch id returned by orders.batch.start');
const none = z.strictObject({});
// Printable text only: a secret or a reference with control characters is a paste accident.
const printable = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

/** Why the operator deposits, reverses or refunds, in their words: kept in the operations journal and the audit log. */
const operatorReason = printable(200)
  .trim()
  .max(200, 'has at most 200 characters')
  // The journal and the audit log keep it as typed, so a card number never goes in.
  .refine((r) => maskCardNumbers(r) === r, 'contains a card number; say why without it')
  .optional();

/** The audit log's filters; times are milliseconds since the epoch, both ends included. */
const auditFilter = z
  .strictObject({
    action: printable(64).min(1).optional(),
    outcome: z.enum(['success', 'failure', 'refused']).optional(),
    from: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
    objectType: printable(64).min(1).optional(),
    objectId: printable(128).min(1).optional(),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, {
    message: 'the start must not be after the end',
    path: ['from'],
  });

/** Signing keys are named by the id the app gave them (a UUID). */
const keyId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a signing key id');
/** Longest validity of a generated certificate: three years. */
export const MAX_KEY_DAYS = 1095;
/** Room for an RSA key of 8192 bits and a certificate with long names; real ones are 1 to 6 kB. */
const MAX_PEM = 16 * 1024;
/** One PEM block of the given label(s): the armour lines and Base64 between them, nothing else. */
const pemBlock = (labels: string) => new RegExp(`^\\s*-----BEGIN (${labels})-----\\r?\\n[A-Za-z0-9+/=\\r\\n]+-----END \\1-----\\s*$`);
const privateKeyPem = z
  .string()
  .max(MAX_PEM, 'is over 16 kB: not a private key')
  .regex(pemBlock('PRIVATE KEY|RSA PRIVATE KEY|ENCRYPTED PRIVATE KEY'), 'must be one private key in PEM form (-----BEGIN PRIVATE KEY-----)')
  .refine((s) => !s.includes('ENCRYPTED PRIVATE KEY'), 'is encrypted; decrypt it first (openssl pkey -in key.pem -out plain.pem)');
const certificatePem = z
  .string()
  .max(MAX_PEM, 'is over 16 kB: not one certificate')
  .regex(pemBlock('CERTIFICATE'), 'must be one X.509 certificate in PEM form (-----BEGIN CERTIFICATE-----)');

/** A whole card number, to search with only: it is never echoed back (messages here never quote input). */
const cardNumber = z
  .string()
  .regex(/^\d{12,19}$/, 'must be 12 to 19 digits, without spaces')
  .refine(luhnValid, 'is not a valid card number: its check digit is wrong (a digit mistyped?)');
const clientId = printable(255).trim().min(1, 'enter a client ID');
const bindingId = printable(255).trim().min(1, 'enter a binding ID');
/** The current month as YYYYMM (UTC), the earliest expiry a card may be extended to. */
export const currentYearMonth = (now = Date.now()): string => new Date(now).toISOString().slice(0, 7).replace('-', '');
const newExpiry = z
  .string()
  .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'must be a month as YYYYMM, e.g. 202912')
  .refine((m) => m >= currentYearMonth(), 'must not be in the past');
const bindingsFind = z
  .strictObject({
    clientId: clientId.optional(),
    bindingId: bindingId.optional(),
    cardNumber: cardNumber.optional(),
    /** Expired cards too (the gateway leaves them out unless asked). */
    showExpired: z.boolean().optional(),
  })
  .refine((f) => [f.clientId, f.bindingId, f.cardNumber].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of clientId, bindingId or cardNumber',
  });

/** The three ways a stored card may be charged, as the gateway files it. */
const chargeCategory = z.enum(['COMMON', 'RECURRENT', 'INSTALLMENT']);
/** ISO 4217 numeric code, as the gateway takes currencies. */
const currencyNumeric = z.string().regex(/^\d{3}$/, 'must be an ISO 4217 numeric currency code, e.g. 643');
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

/** The installation's role profiles, from least to most allowed. */
export const ROLES = ['support', 'finance', 'administrator'] as const;
export type Role = (typeof ROLES)[number];
const passphrase = printable(256).min(1, 'enter the passphrase');
/** Long enough to resist guessing at the keychain's pace; no other rule (a sentence is a good passphrase). */
export const MIN_PASSPHRASE = 12;

const schemas = {
  'app.info': none,
  'settings.get': none,
  'settings.updateGeneral': z
    .strictObject({
      environment: environment.optional(),
      language: z
        .string()
        .regex(/^[a-z]{2}$/, 'must be a two-letter language code')
        .optional(),
    })
    .refine((v) => Object.keys(v).length > 0, 'name at least one setting to change'),
  'settings.setConnection': z.strictObject({
    environment,
    /** null clears the environment's own base URL. Credentials never ride in it (user:password@). */
    baseUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .refine((url) => !hasUserinfo(url), BASE_URL_USERINFO_MESSAGE)
      .nullable()
      .optional(),
    authMode: z.enum(['password', 'token']).optional(),
    userName: printable(50).min(1).nullable().optional(),
    merchantLogin: printable(255).min(1).nullable().optional(),
    signatureRequired: z.boolean().optional(),
  }),
  'settings.setCredential': z.strictObject({
    environment: gatewayEnvironment,
    kind: z.enum(['password', 'token']),
    secret: printable(1024).min(1, 'must not be empty'),
  }),
  'settings.clearCredential': z.strictObject({ environment: gatewayEnvironment, kind: z.enum(['password', 'token']) }),
  'settings.checkConnection': none,
  'settings.chargeLimits': z.strictObject({ environment }),
  /** null removes the maximum (a charge in that currency is then refused, except in the sandbox). */
  'settings.setChargeMaximum': z.strictObject({
    environment,
    currency: currencyNumeric,
    maximum: minorUnits.nullable(),
    /** Required for production: the maximum the operator saw when confirming (null: none was set). */
    confirmation: z.strictObject({ environment: z.literal('production'), previous: minorUnits.nullable() }).optional(),
  }),
  /** The currencies a gateway environment accepts; the sandbox says its own. */
  'settings.setCurrencies': z.strictObject({
    environment: gatewayEnvironment,
    currencies: z
      .array(currencyNumeric)
      .max(200)
      .refine((cs) => new Set(cs).size === cs.length, 'must not name a currency twice'),
  }),
  'orders.lookup': z.strictObject({ query: printable(64).trim().min(1, 'type an orderId or orderNumber').max(36) }),
  'orders.search': z.strictObject({ text: printable(64) }),
  'orders.history': z.strictObject({ limit: z.number().int().min(1).max(1000).optional() }),
  /** environment: the one the operator's dialog named; main refuses if the app is in another one now. */
  'orders.deposit': z.strictObject({ environment, orderId, amount: minorUnits, reason: operatorReason }),
  'orders.reverse': z.strictObject({ environment, orderId, reason: operatorReason }),
  /** confirmRepeat: the operator confirmed the same amount again on this order within ten minutes. */
  'orders.refund': z.strictObject({
    environment,
    orderId,
    amount: minorUnits,
    confirmRepeat: z.boolean().optional(),
    reason: operatorReason,
  }),
  /** The pasted or dropped file's text: one number per line, or a CSV with an orderId/orderNumber column. */
  'orders.batch.start': z.strictObject({
    text: z
      .string()
      .min(1, 'the file is empty')
      .max(16 * 1024 * 1024, 'the file is over 16 MB'),
  }),
  'orders.batch.cancel': z.strictObject({ batchId }),
  /** from: how many rows the caller already has; only the rows that arrived after them come back. */
  'orders.batch.results': z.strictObject({ batchId, from: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() }),
  /** A new batch of the same lines, looking up again only those that failed or were cancelled. */
  'orders.batch.retry': z.strictObject({ batchId }),
  'orders.batch.export': z.strictObject({
    batchId,
    /** Only rows of this result, and (for found orders) of this status number. */
    result: z.enum(['found', 'notFound', 'failed', 'cancelled']).optional(),
    status: z.number().int().min(0).max(99).optional(),
  }),
  'audit.query': auditFilter.extend({ limit: z.number().int().min(1).max(5000).optional() }),
  'audit.export': auditFilter,
  'keys.list': none,
  'keys.generate': z.strictObject({
    /** The certificate's subject (CN). */
    merchantLogin: printable(255).trim().min(1, 'enter the merchant login'),
    days: z.number().int('whole days only').min(1, 'at least 1 day').max(MAX_KEY_DAYS, `at most ${MAX_KEY_DAYS} days (three years)`),
  }),
  /** The private key crosses IPC this once, into the keychain; it is never sent back. */
  'keys.import': z.strictObject({ privateKeyPem, certificatePem }),
  'keys.exportCertificate': z.strictObject({ id: keyId }),
  'keys.activate': z.strictObject({ id: keyId }),
  'keys.retire': z.strictObject({ id: keyId }),
  'keys.testSign': z.strictObject({
    id: keyId,
    /** Signed as its UTF-8 bytes, exactly as typed. */
    body: z
      .string()
      .min(1, 'type a body to sign')
      .max(64 * 1024, 'is over 64 kB')
      .regex(/^(?:[^\p{Cc}]|[\t\n\r])*$/u, 'must not contain control characters other than line breaks and tabs'),
  }),
  'bindings.find': bindingsFind,
  'bindings.disable': z.strictObject({ bindingId }),
  'bindings.enable': z.strictObject({ bindingId }),
  'bindings.extend': z.strictObject({ bindingId, newExpiry }),
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
  /** The embedded sandbox's developer console: administrators, and only while the app works in the sandbox. */
  'sandbox.console.open': none,
} satisfies Record<ChannelName, z.ZodType>;

export const INPUT_SCHEMAS: { readonly [K in ChannelName]: (typeof schemas)[K] } = schemas;

export type Input<K extends ChannelName> = z.input<(typeof schemas)[K]>;
export type ParsedInput<K extends ChannelName> = z.output<(typeof schemas)[K]>;

export type EnvironmentName = z.infer<typeof environment>;

export interface AppInfo {
  readonly name: string;
  readonly version: string;
  readonly contractVersion: number;
  readonly environment: EnvironmentName;
  /** Where the embedded sandbox listens (it is the default environment). */
  readonly sandboxUrl: string;
  readonly dataFolder: string;
  /** 'electron' in the desktop window, 'browser' through the loopback host. */
  readonly shell: 'electron' | 'browser';
}

export interface ConnectionView {
  readonly baseUrl?: string;
  readonly authMode: 'password' | 'token';
  readonly userName?: string;
  readonly merchantLogin?: string;
  readonly signatureRequired: boolean;
  /** Whether each secret is in the keychain; never the secret. Absent while the keychain cannot be read (SettingsView.keychainProblem). */
  readonly credentials?: { readonly password: boolean; readonly token: boolean };
  /** Where requests go, or why the environment cannot be used yet. */
  readonly effectiveBaseUrl?: string;
  readonly problem?: string;
}

export interface SettingsView {
  readonly general: { readonly environment: EnvironmentName; readonly language: string };
  readonly connections: { readonly [E in EnvironmentName]: ConnectionView };
  /** The last switch main refused since the app last switched, and why; general.environment is still the one in use. */
  readonly switchRefused?: SwitchRefusal;
  /** Why the OS keychain cannot be used now, once, as sentences; absent when it can. */
  readonly keychainProblem?: string;
}

export interface SwitchRefusal {
  readonly environment: EnvironmentName;
  readonly reason: string;
  readonly at: number;
}

export interface ConnectionCheck {
  readonly ok: boolean;
  readonly environment: EnvironmentName;
  /** In words: connected, or the gateway's refusal (its own text), or why nothing answered. */
  readonly message: string;
  /** The technical account of a failed check, for a "Details" disclosure. */
  readonly detail?: string;
}

/** One line of "Looked up before", with the key a click looks up (never the label, which may be masked). */
export type HistoryEntry = LookupHistoryEntry;

export interface OperationResult {
  readonly operation: 'deposit' | 'reverse' | 'refund';
  /**
   * done: the gateway did it; refused: it did not (reason says why); unknown: no answer yet, being
   * reconciled; notSent: nothing was journalled or sent (reason says why: another operation on the order
   * is open); needsConfirmation: nothing was sent, the same refund was made lately (earlier lists it).
   */
  readonly outcome: 'done' | 'refused' | 'unknown' | 'notSent' | 'needsConfirmation';
  readonly amount?: number;
  readonly reason?: string;
  /** The same refunds within ten minutes, for needsConfirmation: when, how much and by whom. */
  readonly earlier?: readonly { readonly at: number; readonly amount: number; readonly operator: string }[];
  /** The order as the gateway shows it after the operation, when it could be read. */
  readonly order?: OrderView;
  /**
   * When it could not be read after an operation was sent: the order as cached before, with this app's own
   * journal merged into its timeline, to be shown marked as of `fetchedAt` and with no action on money.
   */
  readonly cached?: { readonly order: OrderView; readonly fetchedAt: number; readonly reason: string; readonly detail?: string };
}

export interface BatchStarted {
  readonly batchId: string;
  readonly total: number;
  /** Numbers that appeared more than once; each is looked up once. */
  readonly duplicates: number;
  /** Lines that are not an orderId or orderNumber, with why. */
  readonly skipped: readonly { readonly line: number; readonly value: string; readonly reason: string }[];
}

export type BatchState = 'running' | 'done' | 'cancelled';

/** One row of a batch's results, compact so that 100,000 of them cross IPC quickly. */
export interface BatchRow {
  /** The query's place in the batch (0 for the first): the row's key. */
  readonly line: number;
  readonly query: string;
  readonly result: LookupResult['kind'];
  readonly orderId?: string;
  readonly orderNumber?: string;
  readonly status?: number;
  readonly statusWords?: string;
  readonly paid?: boolean;
  readonly amount?: number;
  readonly exponent?: number;
  readonly currency?: string;
  readonly maskedPan?: string;
  /** When the order was registered (milliseconds since the epoch). */
  readonly registeredAt?: number;
  /** A failed line: what happened in words, and the technical account (on hover, and in the export). */
  readonly reason?: string;
  readonly detail?: string;
}

export interface BatchResults {
  readonly batchId: string;
  readonly state: BatchState;
  readonly progress: BatchProgress;
  /** The rows that arrived from this position on, in the order they arrived; ask next from `from + rows.length`. */
  readonly from: number;
  readonly rows: readonly BatchRow[];
}

export interface BatchRetried {
  /** The new batch: the lines that were found or not found keep their results, the rest are looked up again. */
  readonly batchId: string;
  readonly total: number;
  readonly retrying: number;
}

export interface ExportFile {
  readonly fileName: string;
  readonly mimeType: 'text/csv';
  readonly content: string;
}

export interface AuditEntryView {
  readonly id: number;
  readonly at: number;
  readonly osUser: string;
  readonly environment: string;
  readonly action: string;
  readonly outcome: 'success' | 'failure' | 'refused';
  readonly objectType?: string;
  readonly objectId?: string;
  readonly detail?: string;
  /** The role profile in use when it was recorded; absent for entries written before roles were recorded. */
  readonly role?: Role;
  /** The entry in words, built from its raw values when read ("Charged RUB 12.50 to 411111******1111, order …"). */
  readonly words: string;
}

export interface AuditPage {
  readonly entries: readonly AuditEntryView[];
  /** True when more entries match than were returned (newest first): the export has them all. */
  readonly more: boolean;
  /** Every action in the log, for the filter. */
  readonly actions: readonly string[];
}

export interface SigningKeyView {
  readonly id: string;
  readonly subject: string;
  /** SHA-256 of the certificate, colon-separated upper-case hex (as openssl prints it). */
  readonly fingerprint256: string;
  readonly notBefore: number;
  readonly notAfter: number;
  /** active: signs requests now; inactive: kept, can be activated; retired: its private key is deleted. */
  readonly state: 'inactive' | 'active' | 'retired';
  readonly expired: boolean;
  /** Not expired, but ends within expiryWarningDays. */
  readonly expiresSoon: boolean;
  readonly daysLeft: number;
}

/** The current environment's signing keys, newest first, with what the screen needs to explain them. */
export interface SigningKeysView {
  readonly environment: EnvironmentName;
  readonly keys: readonly SigningKeyView[];
  /** The environment's merchant login (its connection settings; the sandbox's own), for a new key's subject. */
  readonly merchantLogin?: string;
  /** Whether this environment's requests are signed (Settings), i.e. whether the active key is in use. */
  readonly signatureRequired: boolean;
  readonly expiryWarningDays: number;
  readonly maxDays: number;
  /** Why the OS keychain cannot keep a new private key now (unavailable or locked); absent when it can. */
  readonly keychainProblem?: string;
}

export interface CertificateFile {
  readonly fileName: string;
  readonly mimeType: 'application/x-pem-file';
  readonly content: string;
}

export interface TestSignatureResult {
  readonly id: string;
  readonly fingerprint256: string;
  readonly bodyBytes: number;
  readonly xHash: string;
  readonly xSignature: string;
  readonly verified: boolean;
  /** In words: verified, or why not, and whether a gateway would take the certificate today. */
  readonly detail: string;
}

export interface StoredCardView {
  readonly bindingId: string;
  /** Known where a search by client showed the card; the gateway's look-ups by card or binding ID do not say. */
  readonly clientId?: string;
  readonly category: 'COMMON' | 'RECURRENT' | 'INSTALLMENT' | 'UNKNOWN';
  /** First 6 and last 4 digits at most. */
  readonly maskedPan?: string;
  readonly paymentSystem?: string;
  readonly displayLabel?: string;
  /** YYYYMM; valid to the end of that month. */
  readonly expiry?: string;
  readonly expired: boolean;
  /** Not expired, but ends within expirySoonDays. */
  readonly expiresSoon: boolean;
  /** Disabled cards are not listed by the gateway; the ones shown were disabled from this app. */
  readonly enabled: boolean;
  readonly disabledAt?: number;
}

/** A search's answer, the cards grouped by category; what was searched with a card number is masked. */
export interface StoredCardsFound {
  readonly searchedBy: 'clientId' | 'bindingId' | 'cardNumber';
  readonly query: string;
  readonly showExpired: boolean;
  readonly groups: {
    readonly common: readonly StoredCardView[];
    readonly recurrent: readonly StoredCardView[];
    readonly installment: readonly StoredCardView[];
  };
  /** Cards of a category the app does not know. */
  readonly other: readonly StoredCardView[];
  readonly total: number;
  readonly expirySoonDays: number;
}

export interface StoredCardChanged {
  readonly change: 'disable' | 'enable' | 'extend';
  readonly card: StoredCardView;
  /** Whether the gateway lists the card after the change (a disabled card is not listed). */
  readonly listedByGateway: boolean;
}

export type ChargeState = (typeof CHARGE_STATES)[number];
export type ChargeCategory = 'COMMON' | 'RECURRENT' | 'INSTALLMENT';

export interface CurrencyOption {
  readonly numeric: string;
  readonly alpha: string;
  readonly exponent: number;
  readonly name: string;
}

/** A currency an environment accepts, with its per-charge maximum there. */
export interface CurrencyLimitView extends CurrencyOption {
  /** Largest amount of one charge, in this currency's minor units; absent where none is set (refused). */
  readonly maximum?: number;
  /** set in Settings, or the sandbox's default where none is set. */
  readonly maximumFrom?: 'set' | 'default';
}

/** An environment's accepted currencies and their maximums, as Settings edits them. */
export interface ChargeLimitsView {
  readonly environment: EnvironmentName;
  /** The sandbox says which currencies it accepts; the other environments list theirs in Settings. */
  readonly currenciesFrom: 'sandbox' | 'settings';
  readonly currencies: readonly CurrencyLimitView[];
}

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

/** Where the developer console opens: a one-time address (a ticket, good once within a minute), never the control token. */
export interface SandboxConsoleLink {
  readonly url: string;
}

export interface Results {
  'app.info': AppInfo;
  'settings.get': SettingsView;
  'settings.updateGeneral': SettingsView;
  'settings.setConnection': SettingsView;
  'settings.setCredential': SettingsView;
  'settings.clearCredential': SettingsView;
  'settings.checkConnection': ConnectionCheck;
  'settings.chargeLimits': ChargeLimitsView;
  'settings.setChargeMaximum': ChargeLimitsView;
  'settings.setCurrencies': ChargeLimitsView;
  'orders.lookup': OrderLookup;
  'orders.search': readonly OrderView[];
  'orders.history': readonly HistoryEntry[];
  'orders.deposit': OperationResult;
  'orders.reverse': OperationResult;
  'orders.refund': OperationResult;
  'orders.batch.start': BatchStarted;
  'orders.batch.cancel': { readonly batchId: string; readonly state: BatchState };
  'orders.batch.results': BatchResults;
  'orders.batch.retry': BatchRetried;
  'orders.batch.export': ExportFile;
  'audit.query': AuditPage;
  'audit.export': ExportFile;
  'keys.list': SigningKeysView;
  'keys.generate': SigningKeyView;
  'keys.import': SigningKeyView;
  'keys.exportCertificate': CertificateFile;
  'keys.activate': SigningKeysView;
  'keys.retire': SigningKeysView;
  'keys.testSign': TestSignatureResult;
  'bindings.find': StoredCardsFound;
  'bindings.disable': StoredCardChanged;
  'bindings.enable': StoredCardChanged;
  'bindings.extend': StoredCardChanged;
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
  'sandbox.console.open': SandboxConsoleLink;
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
