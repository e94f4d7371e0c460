/**
 * A charge as the screens, the IPC answers and the journal's export show it: its state in words, what it
 * stands at now (charged, refunded, net, held), and the export's columns (the types are in views.ts).
 */
import { maskCardField } from '../domain/cardNumbers.js';
import { english } from '../phrases/english.js';
import { maskedPhrase } from '../phrases/masked.js';
import { askedView } from './approvals.js';
import { phrase } from '../phrases/phrase.js';
import type { ChargeState } from '../domain/charge.js';
import type { ChargeRow, JournalFilter } from '../store/journal.js';
import type { ChargeOutcome, Sender } from './charges.js';
import { chargeStanding, type ChargeWithStanding } from './chargeStanding.js';
import { stateWords } from './chargeWords.js';
import { exportCsv } from './csvExport.js';
import { currencyInfo } from './money.js';
import type { ChargeResult, ChargeView } from './views.js';

/**
 * The charge as the screens and the export show it: its latest state (charged, refunded, net and the
 * order's status, from chargeStanding) and, while open, whether it is being sent (here, or by which other
 * desk) or its answer was lost.
 */
export function chargeView(c: ChargeWithStanding, sender: Sender): ChargeView {
  const info = currencyInfo(c.currency);
  const s = c.standing;
  const sending = c.state === 'PENDING' && sender !== undefined;
  const words = s ? s.words : c.state === 'PENDING' ? pendingWords(sender) : stateWords(c);
  return {
    id: c.id,
    environment: c.environment,
    orderNumber: c.orderNumber,
    ...(c.orderId ? { orderId: c.orderId } : {}),
    amount: c.amount,
    currency: c.currency,
    ...(info.alpha ? { currencyAlpha: info.alpha } : {}),
    exponent: info.exponent,
    bindingId: c.bindingId,
    clientId: c.clientId,
    category: c.category,
    ...(c.maskedPan ? { maskedPan: maskCardField(c.maskedPan) } : {}),
    ...(c.description ? { description: c.description } : {}),
    operator: c.operator,
    ...(c.desk ? { desk: c.desk } : {}),
    state: c.state,
    stateWords: words,
    sending,
    ...(s
      ? {
          standing: {
            charged: s.charged,
            refunded: s.refunded,
            net: s.net,
            held: s.held,
            ...(s.orderStatus !== undefined ? { orderStatus: s.orderStatus } : {}),
            asOf: s.asOf,
            source: s.source,
          },
        }
      : {}),
    ...(c.orderStatus !== undefined ? { orderStatus: c.orderStatus } : {}),
    ...(c.actionCode !== undefined ? { actionCode: c.actionCode } : {}),
    ...(c.reason ? { reason: maskedPhrase(c.reason) } : {}),
    at: c.at,
    updatedAt: c.updatedAt,
  };
}

const pendingWords = (sender: Sender) =>
  sender === undefined
    ? phrase('charge.state.stopped')
    : sender.desk === 'this'
      ? phrase('charge.state.sending')
      : phrase('charge.state.sendingElsewhere', { desk: sender.name });

/** A charge just made or reconciled, with what its own answer says (no look-up or operation can have followed yet). */
const freshView = (c: ChargeRow, sender: Sender): ChargeView => {
  const standing = chargeStanding(c, undefined, []);
  return chargeView(standing ? { ...c, standing } : c, sender);
};

export function chargeResult(o: ChargeOutcome, senderOf: (c: ChargeRow) => Sender = () => undefined): ChargeResult {
  switch (o.kind) {
    case 'refused':
      return { outcome: 'refused', reason: maskedPhrase(o.reason) };
    case 'awaitingApproval':
      return { outcome: 'awaitingApproval', request: askedView(o.request), why: o.why };
    case 'needsConfirmation':
      return { outcome: 'needsConfirmation', why: o.why, earlier: o.earlier.map((c) => freshView(c, senderOf(c))) };
    case 'failed':
    case 'unknown':
      return { outcome: o.kind, charge: freshView(o.charge, senderOf(o.charge)), ...(o.detail ? { detail: o.detail } : {}) };
    default:
      return { outcome: o.kind, charge: freshView(o.charge, senderOf(o.charge)) };
  }
}

/** The journal's filters as the screens ask: `open` is PENDING and UNKNOWN, `unknown` those not being sent, `sending` those that are. */
export interface ChargeFilter {
  readonly state?: ChargeState | 'open' | 'unknown' | 'sending';
  readonly text?: string;
  readonly from?: number;
  readonly to?: number;
  readonly environment?: string;
}

export function journalFilter(f: ChargeFilter, current: string, inFlight: readonly number[]): JournalFilter {
  const open = { states: ['PENDING', 'UNKNOWN'] as const };
  return {
    environment: f.environment ?? current,
    ...(f.state === 'open'
      ? open
      : f.state === 'unknown'
        ? { ...open, sending: { ids: inFlight, keep: 'exclude' as const } }
        : f.state === 'sending'
          ? { ...open, sending: { ids: inFlight, keep: 'only' as const } }
          : f.state
            ? { state: f.state }
            : {}),
    ...(f.text !== undefined ? { text: f.text } : {}),
    ...(f.from !== undefined ? { from: f.from } : {}),
    ...(f.to !== undefined ? { to: f.to } : {}),
  };
}

/**
 * The journal as CSV, with the same figures as the screen: the amount asked, then what was charged,
 * refunded and is left (net) as of the latest look-up or operation, in minor units with their exponent
 * (empty while the outcome is unknown); times in ISO 8601 UTC.
 */
export function journalCsv(rows: readonly ChargeView[]): string {
  return exportCsv(
    rows.map((c) => ({
      at: new Date(c.at).toISOString(),
      environment: c.environment,
      orderNumber: c.orderNumber,
      orderId: c.orderId ?? '',
      clientId: c.clientId,
      bindingId: c.bindingId,
      category: c.category,
      maskedPan: c.maskedPan ?? '',
      amount: c.amount,
      charged: c.standing?.charged ?? '',
      refunded: c.standing?.refunded ?? '',
      net: c.standing?.net ?? '',
      currency: c.currency,
      exponent: c.exponent,
      state: c.state,
      // The export keeps machine-readable English (the screen words the phrases in the language shown).
      stateWords: english(c.stateWords),
      orderStatus: c.standing?.orderStatus ?? c.orderStatus ?? '',
      asOf: c.standing ? new Date(c.standing.asOf).toISOString() : '',
      actionCode: c.actionCode ?? '',
      reason: c.reason ? english(c.reason) : '',
      operator: c.operator,
      updatedAt: new Date(c.updatedAt).toISOString(),
    })),
    [
      'at',
      'environment',
      'orderNumber',
      'orderId',
      'clientId',
      'bindingId',
      'category',
      'maskedPan',
      'amount',
      'charged',
      'refunded',
      'net',
      'currency',
      'exponent',
      'state',
      'stateWords',
      'orderStatus',
      'asOf',
      'actionCode',
      'reason',
      'operator',
      'updatedAt',
    ],
  );
}
