/**
 * Manual charges of stored cards: the form's options, one charge, the journal and its export, the
 * reconciliation of charges whose outcome is unknown, and charges from a file (dry run, then run).
 */
import { z } from 'zod';
import { holdsCardNumber } from '../../domain/cardNumbers.js';
import type { Phrase, Said } from '../../phrases/phrase.js';
import type { ChargeBatchProgress, ChargeBatchState } from '../../services/views.js';
import type { ApprovalRequestView, ChargeResult, ChargeView } from '../../services/views.js';
import { CHARGE_CATEGORIES, CHARGE_STATES, type ChargeCategory } from '../../domain/charge.js';
import { MAX_REQUEST_REASON } from '../../domain/approvals.js';
import type { CurrencyLimitView } from './settings.js';
import {
  reads,
  writes,
  type Declarations,
  bindingId,
  clientId,
  currencyNumeric,
  environment,
  minorUnits,
  none,
  printable,
  type EnvironmentName,
  type ExportFile,
} from './shared.js';

export type { ChargeBatchProgress, ChargeBatchState } from '../../services/views.js';
export type { ChargeResult, ChargeStandingView, ChargeView } from '../../services/views.js';
export { CHARGE_STATES, type ChargeCategory, type ChargeState } from '../../domain/charge.js';

const chargeCategory = z.enum(CHARGE_CATEGORIES);

const chargeId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A dry run's identifier: the first 12 hex digits of the file's SHA-256. */
/** Why, in the requester's words, kept with an approval request and in the audit. */
const requestReason = printable(1000)
  .trim()
  .max(MAX_REQUEST_REASON, 'operation.reasonTooLong')
  .refine((r) => !holdsCardNumber(r), 'operation.reasonHasCard')
  .optional();
const chargeBatchId = z.string().regex(/^[0-9a-f]{12}$/, 'charge.input.batchId');
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
    message: 'charge.input.range',
    path: ['from'],
  });

export const chargesChannels = {
  'charges.options': reads('finance', none).answers<ChargeOptions>(),
  'charges.create': writes(
    'finance',
    z.strictObject({
      /** The environment the operator confirmed; refused if it is no longer the current one. */
      environment,
      /** Kept in the journal: a client ID that is a card number cannot be kept, so it cannot be charged from here. */
      clientId: clientId.refine((c) => !holdsCardNumber(c), 'charge.input.clientIsCard'),
      bindingId,
      /** The category the confirmation showed; refused if the gateway files the card otherwise. */
      category: chargeCategory,
      amount: minorUnits,
      currency: currencyNumeric,
      /** Kept in the journal, sent to the gateway and shown back: a card number (with its CVC) never goes in. */
      description: printable(598)
        .trim()
        .min(1)
        .refine((d) => !holdsCardNumber(d), 'charge.input.descriptionHasCard')
        .optional(),
      /** The operator's reference (invoice or case number), used as the orderNumber: never charged twice. */
      reference: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_./-]{1,36}$/, 'charge.input.reference')
        .refine((r) => !holdsCardNumber(r), 'charge.input.referenceHasCard')
        .optional(),
      /** The operator confirmed a repeat of the same card and amount within ten minutes. */
      confirmRepeat: z.boolean().optional(),
      /** Why, for the second person, should the charge need approval (kept with the request and in the audit). */
      reason: requestReason,
    }),
  ).answers<ChargeResult>(),
  'charges.journal': reads(
    'finance',
    chargeFilter.extend({ limit: z.number().int().min(1).max(5000).optional() }),
  ).answers<ChargeJournalPage>(),
  'charges.export': reads('finance', chargeFilter).answers<ExportFile>(),
  /** One open charge by its journal id, or every open charge of the current environment. */
  'charges.reconcile': writes('finance', z.strictObject({ id: chargeId.optional() })).answers<ReconcileResult>(),
  'charges.batch.plan': writes(
    'finance',
    z.strictObject({
      text: z
        .string()
        .min(1, 'charge.input.fileEmpty')
        .max(4 * 1024 * 1024, 'charge.input.fileTooBig'),
    }),
  ).answers<ChargeBatchPlan>(),
  /** reason: for the second person, should the batch's charges together need approval. */
  'charges.batch.run': writes(
    'finance',
    z.strictObject({ batchId: chargeBatchId, environment, reason: requestReason }),
  ).answers<ChargeBatchStatus>(),
  'charges.batch.pause': writes('finance', z.strictObject({ batchId: chargeBatchId })).answers<ChargeBatchStatus>(),
  'charges.batch.resume': writes('finance', z.strictObject({ batchId: chargeBatchId })).answers<ChargeBatchStatus>(),
  'charges.batch.cancel': writes('finance', z.strictObject({ batchId: chargeBatchId })).answers<ChargeBatchStatus>(),
  'charges.batch.status': reads('finance', z.strictObject({ batchId: chargeBatchId })).answers<ChargeBatchStatus>(),
  'charges.batch.export': reads('finance', z.strictObject({ batchId: chargeBatchId })).answers<ExportFile>(),
} satisfies Declarations;

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
  /**
   * Charges whose outcome is still unknown afterwards (not counting those being sent); absent when the team
   * database could not be reached to count them (the answers reconciled are kept all the same: the outbox).
   */
  readonly stillOpen?: number;
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
  /** Each invalid row with what is wrong with it, one phrase per fault. */
  readonly invalid: readonly { readonly line: number; readonly errors: Said }[];
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
  /** Why, one phrase per fault (an invalid row may have several). */
  readonly reason?: Said;
}

export interface ChargeBatchStatus {
  readonly batchId: string;
  readonly environment: EnvironmentName;
  readonly state: ChargeBatchState;
  readonly progress: ChargeBatchProgress;
  /** Every row of the file, in its order. */
  readonly rows: readonly ChargeBatchRow[];
  /** Why the app stopped the batch (state failed). */
  readonly failure?: Phrase;
  /** Its charges together need a second person: the request it waits for, and over what (state planned). */
  readonly awaiting?: { readonly request: ApprovalRequestView; readonly why: Phrase };
}
