/**
 * An order's timeline, built from everything known about it: what the gateway reports (registration, the
 * authorisation, refunds, and what its status implies) and what this app's own journals recorded (the
 * charges and the operations it sent: who, when, how much, how they ended).
 *
 * The gateway forgets: after a reversal it reports no amounts at all (approved, deposited 0) and no date
 * for the reversal or a deposit. So a timeline only ever grows: each look-up merges what it learnt into
 * the timeline cached from the look-ups before, and an entry once shown is never dropped.
 */
import { orderMoney } from '../domain/orderMoney.js';
import { phrasesEn } from '../phrases/en.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import type { ChargeRow } from '../store/journal.js';
import type { OperationRow } from '../store/operations.js';
import type { OrderView, TimelineEntry } from './views.js';
import { OrderStatus, wasAuthorised } from '../domain/orderStatus.js';

type GatewayFacts = Omit<OrderView, 'timeline'>;

/** What the gateway's own answer says happened. */
export function gatewayEntries(o: GatewayFacts): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  const gateway = (e: Omit<TimelineEntry, 'source'>) => out.push({ source: 'gateway', ...e });
  if (o.registeredAt !== undefined)
    gateway({ key: 'registered', at: o.registeredAt, what: phrase('order.timeline.registered'), amount: o.amount });
  const authorised = wasAuthorised(o.status);
  // A hold charged in part: the authorisation held more than was charged (orderMoney's released).
  const { captured, released } = orderMoney({ ...o, status: o.status ?? 0 });
  const chargedInPart = captured > 0 && released > 0;
  if (authorised) {
    // After a reversal the gateway zeroes approved and deposited: the order's amount is what was authorised.
    const amount = o.approvedAmount || o.depositedAmount || o.amount;
    gateway({
      key: 'authorised',
      ...(o.authorisedAt !== undefined ? { at: o.authorisedAt } : {}),
      what: o.status === OrderStatus.HELD || chargedInPart ? phrase('order.timeline.held') : phrase('order.timeline.paid'),
      amount,
    });
  } else if (o.status === OrderStatus.DECLINED) {
    gateway({
      key: 'declined',
      ...(o.authorisedAt !== undefined ? { at: o.authorisedAt } : {}),
      what: phrase('order.timeline.declined'),
      ...(o.actionCodeDescription || o.actionCode !== undefined
        ? {
            detail: phrase('order.timeline.declineDetail', {
              reason: o.actionCodeDescription ?? phrase('order.timeline.noReason'),
              code: o.actionCode ?? phrase('order.timeline.noCode'),
            }),
          }
        : {}),
    });
  }
  // Waiting for the cardholder at the issuer's page: in progress, nothing declined (the gateway gives no time).
  if (o.status === OrderStatus.ACS_STARTED) gateway({ key: 'acs', what: phrase('order.timeline.threeDs') });
  // Part of a hold charged, the rest released: the gateway gives the amounts but no date.
  if (chargedInPart) gateway({ key: 'deposited', what: phrase('order.timeline.chargedPart'), amount: captured, released });
  for (const r of o.refunds) {
    gateway({
      key: `refund:${r.referenceNumber ?? `${r.at ?? ''}:${r.amount}`}`,
      ...(r.at !== undefined ? { at: r.at } : {}),
      what: phrase('order.timeline.refunded'),
      amount: r.amount,
      ...(r.referenceNumber ? { detail: phrase('order.timeline.reference', { reference: r.referenceNumber }) } : {}),
    });
  }
  if (o.status === OrderStatus.REVERSED) gateway({ key: 'reversed', what: phrase('order.timeline.reversed') });
  return out;
}

const CHARGE_OUTCOMES = { PENDING: 'unknown', UNKNOWN: 'unknown', PAID: 'done', DECLINED: 'declined', FAILED: 'failed' } as const;
const OPERATION_OUTCOMES = { PENDING: 'unknown', UNKNOWN: 'unknown', DONE: 'done', REFUSED: 'refused' } as const;
const OPERATION_WORDS = {
  deposit: phrase('order.timeline.deposit'),
  reverse: phrase('order.timeline.reverse'),
  refund: phrase('order.timeline.refund'),
} as const;

/** What this app sent on the order, from its journals. */
export function appEntries(charge: ChargeRow | undefined, operations: readonly OperationRow[]): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  if (charge) {
    out.push({
      key: `charge:${charge.id}`,
      source: 'app',
      at: charge.at,
      what: charge.orderStatus === OrderStatus.HELD ? phrase('order.timeline.storedCardHold') : phrase('order.timeline.storedCardCharge'),
      amount: charge.amount,
      by: charge.operator,
      outcome: CHARGE_OUTCOMES[charge.state],
      // The charge journal's reason, read back as a phrase by the journal (a legacy text quoted).
      ...(charge.reason ? { detail: charge.reason } : {}),
    });
  }
  for (const op of operations) {
    out.push({
      key: `operation:${op.id}`,
      source: 'app',
      at: op.createdAt,
      what: OPERATION_WORDS[op.kind],
      // 0 asks the gateway for "all of it": the amount itself is then not known here.
      ...(op.amount ? { amount: op.amount } : {}),
      by: op.operator,
      outcome: OPERATION_OUTCOMES[op.state],
      ...(op.reason ? { detail: op.reason } : {}),
      ...(op.operatorReason ? { note: op.operatorReason } : {}),
    });
  }
  return out;
}

/**
 * The timeline after a look-up: the entries seen before, with those of this look-up merged in. A fact
 * from the gateway stands as first seen (a hold stays "Held" with its amount after it is charged or
 * reversed), in the words of the latest look-up (its reason in the language now chosen); an entry of this
 * app's moves on to its outcome. A gateway entry that only stands in for what
 * the app's journal shows in full (a reversal or part-charge without a date) is left out.
 */
export function mergeTimeline(previous: readonly TimelineEntry[], current: readonly TimelineEntry[]): TimelineEntry[] {
  const byKey = new Map(previous.map((e) => [e.key, e]));
  for (const e of current) {
    const seen = byKey.get(e.key);
    if (e.source === 'app' || !seen) byKey.set(e.key, e);
    // The same fact worded again (the gateway's reason in the language now chosen): the newer words.
    else if (seen.source === 'gateway' && seen.at === e.at && seen.amount === e.amount && e.detail !== undefined)
      byKey.set(e.key, { ...seen, detail: e.detail });
  }
  const all = [...byKey.values()];
  const appDid = (what: Phrase) => all.some((e) => e.source === 'app' && e.what.code === what.code && e.outcome === 'done');
  const covered = new Set([
    ...(appDid(OPERATION_WORDS.reverse) ? ['reversed'] : []),
    ...(appDid(OPERATION_WORDS.deposit) ? ['deposited'] : []),
  ]);
  // The app's own charge of a hold says what it released, which only the gateway's answer tells.
  const released = all.find((e) => e.source === 'gateway' && e.key === 'deposited')?.released;
  const withReleased = (e: TimelineEntry): TimelineEntry =>
    released !== undefined && e.source === 'app' && e.what.code === OPERATION_WORDS.deposit.code && e.outcome === 'done'
      ? { ...e, released }
      : e;
  // Oldest first; what the gateway reports without a time goes last, in the order it was learnt.
  return all
    .filter((e) => !(e.source === 'gateway' && covered.has(e.key)))
    .map(withReleased)
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.at ?? Infinity) - (b.e.at ?? Infinity) || a.i - b.i)
    .map(({ e }) => e);
}

/** The English of each timeline word, to read an entry cached when words were English text. */
const WORDS_BY_ENGLISH = new Map<string, Phrase>(
  Object.entries(phrasesEn.order.timeline)
    .filter(([, text]) => !text.includes('{{'))
    .map(([key, text]) => [text, { code: `order.timeline.${key}` } as Phrase]),
);

/**
 * A timeline entry as cached: an entry kept before its words were phrases has English text, read back
 * as the phrase with that English (or, for anything else, as that text quoted), so it is never lost.
 */
export function storedEntry(e: TimelineEntry): TimelineEntry {
  const what = e.what as Phrase | string;
  const detail = e.detail as Phrase | string | undefined;
  if (typeof what !== 'string' && typeof detail !== 'string') return e;
  return {
    ...e,
    what: typeof what === 'string' ? (WORDS_BY_ENGLISH.get(what) ?? phrase('app.quoted', { text: what })) : what,
    ...(typeof detail === 'string' ? { detail: phrase('app.quoted', { text: detail }) } : {}),
  };
}
