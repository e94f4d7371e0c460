/**
 * Orders: one look-up, the look-ups made before, batch look-ups of a file, and the operations on an
 * order's money (deposit, reverse, refund; a refund reverses a charge where the gateway allows it).
 */
import { z } from 'zod';
import type { RefundWay, ReversalChance } from '../../domain/refundWay.js';
import { holdsCardNumber } from '../../domain/cardNumbers.js';
import type { Phrase, Said } from '../../phrases/phrase.js';
import type { ApprovalRequestView, BatchProgress, BatchState, LookupResult, OrderLookup, OrderView } from '../../services/views.js';
import type { HistoryEntry as LookupHistoryEntry } from '../../services/views.js';
import { reads, writes, type Declarations, environment, minorUnits, orderId, printable, type ExportFile } from './shared.js';

export type { BatchProgress, BatchState, LookupResult, OrderView } from '../../services/views.js';
export type { OrderLookup, TimelineEntry } from '../../services/views.js';

const batchId = z.string().regex(/^b[0-9a-z]{1,20}$/, 'batch.badId');

/** Why the operator deposits, reverses or refunds, in their words: kept in the operations journal and the audit log. */
// Trimmed before it is measured, so the limit says what is kept; printable's own bound only stops a runaway paste.
const operatorReason = printable(1000)
  .trim()
  .max(200, 'operation.reasonTooLong')
  // The journal and the audit log keep it as typed, so a card number never goes in.
  .refine((r) => !holdsCardNumber(r), 'operation.reasonHasCard')
  .optional();

export const ordersChannels = {
  'orders.lookup': writes(
    'support',
    z.strictObject({
      query: printable(64).trim().min(1, 'order.typeQuery').max(36, 'order.queryLength'),
      /** The order on screen read again because a desk of the team changed it: not a look-up of the person's, so not in the history. */
      again: z.literal(true).optional(),
    }),
  ).answers<OrderLookup>(),
  'orders.search': reads('support', z.strictObject({ text: printable(64) })).answers<readonly OrderView[]>(),
  'orders.history': reads('support', z.strictObject({ limit: z.number().int().min(1).max(1000).optional() })).answers<
    readonly HistoryEntry[]
  >(),
  /** environment: the one the operator's dialog named; main refuses if the app is in another one now. */
  'orders.deposit': writes(
    'finance',
    z.strictObject({ environment, orderId, amount: minorUnits, reason: operatorReason }),
  ).answers<OperationResult>(),
  'orders.reverse': writes('finance', z.strictObject({ environment, orderId, reason: operatorReason })).answers<OperationResult>(),
  /**
   * Money back on a charge. way: how the operator's dialog said it would go back (orders.refundPlan);
   * main sends nothing if the gateway now allows only the other way. Absent: a plain refund.
   * confirmRepeat: the operator confirmed the same amount again on this order within ten minutes.
   */
  'orders.refund': writes(
    'finance',
    z.strictObject({
      environment,
      orderId,
      amount: minorUnits,
      way: z.enum(['reverse', 'refund']).optional(),
      confirmRepeat: z.boolean().optional(),
      reason: operatorReason,
    }),
  ).answers<OperationResult>(),
  /** How money on a charge would go back now (reversed or refunded), for the dialog to say beforehand. */
  'orders.refundPlan': reads('finance', z.strictObject({ orderId })).answers<RefundPlan>(),
  // Batch look-ups read orders only.
  /** The pasted or dropped file's text: one number per line, or a CSV with an orderId/orderNumber column. */
  'orders.batch.start': writes(
    'support',
    z.strictObject({
      text: z
        .string()
        .min(1, 'batch.fileEmpty')
        .max(16 * 1024 * 1024, 'batch.fileTooBig'),
    }),
  ).answers<BatchStarted>(),
  'orders.batch.cancel': writes('support', z.strictObject({ batchId })).answers<{ readonly batchId: string; readonly state: BatchState }>(),
  /** from: how many rows the caller already has; only the rows that arrived after them come back. */
  'orders.batch.results': reads(
    'support',
    z.strictObject({ batchId, from: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() }),
  ).answers<BatchResults>(),
  /** A new batch of the same lines, looking up again only those that failed or were cancelled. */
  'orders.batch.retry': writes('support', z.strictObject({ batchId })).answers<BatchRetried>(),
  'orders.batch.export': reads(
    'support',
    z.strictObject({
      batchId,
      /** Only rows of this result, and (for found orders) of this status number. */
      result: z.enum(['found', 'notFound', 'failed', 'cancelled']).optional(),
      status: z.number().int().min(0).max(99).optional(),
    }),
  ).answers<ExportFile>(),
} satisfies Declarations;

/** One line of "Looked up before", with the key a click looks up (never the label, which may be masked). */
export type HistoryEntry = LookupHistoryEntry;

/**
 * How money on a charge would go back if given back now: `reversible` is the whole charge when the gateway
 * allows a reversal of it (that amount is reversed, any other refunded); `chance` says why or why not.
 * unreadable: the order's status could not be read now; main decides when it is sent, and asks again.
 */
export interface RefundPlan {
  readonly chance: ReversalChance | 'unreadable';
  readonly reversible?: number;
}

export interface OperationResult {
  /** What was sent (a refund that went back as a reversal says reverse). */
  readonly operation: 'deposit' | 'reverse' | 'refund';
  /**
   * done: the gateway did it; refused: it did not (reason says why); unknown: no answer yet, being
   * reconciled; notSent: nothing was journalled or sent (reason says why: another operation on the order
   * is open); needsConfirmation: nothing was sent, the same refund was made lately (earlier lists it);
   * wayChanged: nothing was sent, the money would now go back the other way (plan says how);
   * awaitingApproval: nothing was sent, over its threshold it waits for a second person (request; reason
   * says over what).
   */
  readonly outcome: 'done' | 'refused' | 'unknown' | 'notSent' | 'needsConfirmation' | 'wayChanged' | 'awaitingApproval';
  /** For awaitingApproval: the request filed. */
  readonly request?: ApprovalRequestView;
  /** For wayChanged: how the money would go back now. */
  readonly plan?: { readonly way: RefundWay; readonly chance: ReversalChance; readonly reversible?: number };
  readonly amount?: number;
  readonly reason?: Phrase;
  /** The same refunds within ten minutes, for needsConfirmation: when, how much and by whom. */
  readonly earlier?: readonly { readonly at: number; readonly amount: number; readonly operator: string }[];
  /** The order as the gateway shows it after the operation, when it could be read. */
  readonly order?: OrderView;
  /**
   * When it could not be read after an operation was sent: the order as cached before, with this app's own
   * journal merged into its timeline, to be shown marked as of `fetchedAt` and with no action on money.
   */
  readonly cached?: { readonly order: OrderView; readonly fetchedAt: number; readonly reason: Said; readonly detail?: string };
}

export interface BatchStarted {
  readonly batchId: string;
  readonly total: number;
  /** Numbers that appeared more than once; each is looked up once. */
  readonly duplicates: number;
  /** Lines that are not an orderId or orderNumber, with why. */
  readonly skipped: readonly { readonly line: number; readonly value: string; readonly reason: Phrase }[];
}

/** One row of a batch's results, compact so that 100,000 of them cross IPC quickly. */
export interface BatchRow {
  /** The query's place in the batch (0 for the first): the row's key. */
  readonly line: number;
  readonly query: string;
  readonly result: LookupResult['kind'];
  readonly orderId?: string;
  readonly orderNumber?: string;
  readonly status?: number;
  readonly statusWords?: Phrase;
  readonly paid?: boolean;
  readonly amount?: number;
  readonly exponent?: number;
  readonly currency?: string;
  readonly maskedPan?: string;
  /** When the order was registered (milliseconds since the epoch). */
  readonly registeredAt?: number;
  /**
   * A failed line: what happened in words, and the technical account (on hover, and in the export); a
   * found order that did not go through: the gateway's reason.
   */
  readonly reason?: Said;
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
