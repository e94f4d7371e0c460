/**
 * A past of orders for the sandbox: `orders` orders spread over the last `days` days of the sandbox clock,
 * each lived through the engine's own functions (registration, payment, deposit, reversal, refund,
 * expiry) at its own moments, in every state, several currencies, cards and clients. It is what the demo
 * data's list, filters and paging show, and what the benchmarks seed 100,000 of.
 *
 * Deterministic for a seed: the same choices, amounts and moments (relative to the sandbox clock) every
 * time; the identifiers the gateway hands out (orderId, approval codes) repeat too when the sandbox's
 * own --seed is given. Fast: the whole past is one bulk load of the state, about 100,000 orders in a few seconds.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { SandboxClock } from './clock.js';
import { ActionCode, cardRecord } from './engine/cards.js';
import type { Core } from './engine/core.js';
import { deposit, expireIfDue, refund, registerOrder, reverse, settleDeclined } from './engine/lifecycle.js';
import { payDirect } from './engine/payment.js';
import { OrderStatus, type Binding, type CardRecord, type Order, type PaymentAttempt } from './state/model.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A clock that stands where it is put: each step of an order's past happens at its own moment. */
export class PinnedClock extends SandboxClock {
  constructor(private at: number) {
    super();
  }
  override now(): number {
    return this.at;
  }
  override set(epochMs: number): void {
    this.at = epochMs;
  }
}

type Random = () => number;

function randomSource(seed: number): Random {
  const rng = xoroshiro128plus(seed);
  return () => uniformInt(rng, 0, 0x3fffffff) / 0x40000000;
}

/** Draws made for each order, whatever its life needs of them. */
const DRAWS_PER_ORDER = 20;

/**
 * The draws of one order, taken from the sequence whether its life uses them or not: how one order turns
 * out (a card that expires by the calendar, a step still in the future) never shifts the next orders.
 */
function orderDraws(random: Random): Random {
  const draws = Array.from({ length: DRAWS_PER_ORDER }, random);
  let k = 0;
  return () => draws[k++ % DRAWS_PER_ORDER]!;
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function weighted<T extends string>(random: Random, table: Readonly<Record<T, number>>): T {
  const entries = Object.entries(table) as [T, number][];
  let r = random() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [key, w] of entries) if ((r -= w) < 0) return key;
  return entries[entries.length - 1]![0];
}

/** What happens to an order, and how often (per cent): every paymentState, and the common ways to each. */
const KINDS = {
  charged: 40,
  chargedWithStoredCard: 12,
  partlyRefunded: 4,
  refunded: 7,
  held: 6,
  partlyDeposited: 2,
  reversed: 5,
  reversedSameDay: 1,
  declinedByIssuer: 6,
  declinedAt3DS: 3,
  wrongCvc: 2,
  overIssuerLimit: 1,
  neverPaid: 6,
  paymentLink: 5,
} as const;
type Kind = keyof typeof KINDS;

/** ISO 4217 numeric code and the weight of each currency; amounts are drawn per currency below. */
const CURRENCY_WEIGHTS = { '643': 70, '840': 12, '978': 10, '398': 3, '826': 3, '392': 2 } as const;
type Currency = keyof typeof CURRENCY_WEIGHTS;

/** Amount ranges in major units, and the minor units per major unit (JPY has none). */
const AMOUNTS: Record<Currency, { min: number; max: number; minor: number }> = {
  '643': { min: 150, max: 60_000, minor: 100 },
  '840': { min: 5, max: 900, minor: 100 },
  '978': { min: 5, max: 900, minor: 100 },
  '398': { min: 1_000, max: 90_000, minor: 100 },
  '826': { min: 5, max: 700, minor: 100 },
  '392': { min: 500, max: 90_000, minor: 1 },
};

/** A price as shops write them: whole, or ending in .50 or .90 / .99. */
function amountIn(random: Random, currency: Currency): number {
  const { min, max, minor } = AMOUNTS[currency];
  const major = Math.round(Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min))));
  if (minor === 1) return major;
  const cents = pick(random, [0, 0, 0, 50, 90, 99]);
  return major * minor + cents;
}

/** Cards that approve (the vendor's test cards) and cards any issuer declines (Luhn-valid, unknown). */
const APPROVING = [
  { pan: '4444555511113333', eci: undefined },
  { pan: '4111111111111111', eci: '05' },
  { pan: '5555555555555599', eci: '02' },
  { pan: '4012001038166662', eci: '05' },
] as const;
const DECLINING = ['4000000000000002', '5105105105105100', '2200000000000004'] as const;
const HOLDERS = ['ANNA IVANOVA', 'BORIS PETROV', 'CHEN WEI', 'MARIA GARCIA', 'JOHN SMITH', 'OLGA SIDOROVA', 'AHMED KHAN', 'EMMA BROWN'];
const GOODS = [
  'Coffee beans, 1 kg',
  'Delivery',
  'Annual subscription',
  'Headphones',
  'Gift card',
  'Cinema tickets x2',
  'Yoga class',
  'Books (3 items)',
  'Train ticket',
  'Hotel night',
  'Repair service',
  'Flowers',
];

export interface HistoryOptions {
  /** How many orders (besides the stored credentials' initiating orders). */
  readonly orders: number;
  /** orderNumber of the i-th order (1-based): prefix + i, zero-padded. */
  readonly prefix: string;
  /** How far back the first order is; 90 days by default. */
  readonly days?: number;
  /** The choices' seed; the same seed gives the same past. */
  readonly seed?: number;
  /** The stored credentials of the merchant's returning clients, paid with now and then. */
  readonly storedCards?: readonly Binding[];
  /** Per cent of the orders made for the `signed` merchant, so a merchant's list is seen to hold its own orders only. */
  readonly otherMerchantShare?: number;
}

/**
 * Makes the past. Called on a sandbox already listening (returnUrl names its address); returns how many
 * orders were made. Runs inside one bulk load of the state.
 */
export function seedHistory(core: Core, options: HistoryOptions): { orders: number } {
  const sequence = randomSource(options.seed ?? 2026);
  const now = core.clock.now();
  const span = (options.days ?? 90) * DAY;
  const start = now - span;
  // The last quarter hour is left to the orders made "now" (the demo's named ones, real requests).
  const step = (span - 15 * MINUTE) / Math.max(options.orders, 1);
  const clock = new PinnedClock(start);
  const past: Core = { ...core, clock };
  const width = Math.max(5, String(options.orders).length);
  const returnUrl = `${core.baseUrl()}/payment/finish.html`;
  const stored = options.storedCards?.filter((b) => b.active) ?? [];
  const cards = new Map<string, CardRecord>();
  const card = (pan: string, holder: string): CardRecord => {
    let c = cards.get(pan + holder);
    if (!c) cards.set(pan + holder, (c = cardRecord(pan, '203012', holder, core.fingerprint)));
    return c;
  };
  /** Runs a later step of the order's life at `at`, if `at` has come by now. */
  const later = (at: number, step: () => void): boolean => {
    if (at >= now) return false;
    clock.set(at);
    step();
    return true;
  };

  core.state.inBulk(() => {
    for (let i = 0; i < options.orders; i++) {
      const random = orderDraws(sequence);
      const createdAt = Math.floor(start + (i + random()) * step);
      let kind: Kind = weighted(random, KINDS);
      const currency = weighted(random, CURRENCY_WEIGHTS);
      const merchant = random() * 100 < (options.otherMerchantShare ?? 0) ? 'signed' : 'sandbox';
      const storedCard = kind === 'chargedWithStoredCard' && merchant === 'sandbox' ? pick(random, stored) : undefined;
      if (kind === 'chargedWithStoredCard' && !storedCard) kind = 'charged';
      const twoPhase = kind === 'held' || kind === 'partlyDeposited' || kind === 'reversed';
      const amount = kind === 'overIssuerLimit' ? (120_000 + Math.floor(random() * 300_000)) * 100 : amountIn(random, currency);
      clock.set(createdAt);
      const order = registerOrder(past, {
        merchant,
        orderNumber: `${options.prefix}${String(i + 1).padStart(width, '0')}`,
        amount,
        currency: kind === 'overIssuerLimit' ? '643' : currency,
        description: pick(random, GOODS),
        returnUrl,
        ip: `203.0.113.${1 + Math.floor(random() * 254)}`,
        twoPhase,
        ...(storedCard ? { clientId: storedCard.clientId } : {}),
        // A payment link stays open a week; a held order not charged within six days is released.
        ...(kind === 'paymentLink' ? { expirationDate: new Date(createdAt + 7 * DAY).toISOString().slice(0, 19) } : {}),
        ...(twoPhase ? { autoReverseDate: new Date(createdAt + 6 * DAY).toISOString().slice(0, 19) } : {}),
      });
      if (kind === 'neverPaid' || kind === 'paymentLink') {
        later(order.expiresAt, () => expireIfDue(past, order));
        continue;
      }
      const holder = pick(random, HOLDERS);
      const paidAt = createdAt + 20 * SECOND + Math.floor(random() * 5 * MINUTE);
      if (paidAt >= now) continue;
      clock.set(paidAt);
      pay(past, order, kind, random, card, holder, storedCard);
      lifeAfterPayment(order, kind, random, paidAt, later, past);
    }
  });
  return { orders: options.orders };
}

function pay(
  core: Core,
  order: Order,
  kind: Kind,
  random: Random,
  card: (pan: string, holder: string) => CardRecord,
  holder: string,
  storedCard: Binding | undefined,
): void {
  if (storedCard) {
    const attempt: PaymentAttempt = { card: storedCard.card, paymentWay: 'CARD_BINDING', bindingId: storedCard.id };
    payDirect(core, order, attempt);
    return;
  }
  if (kind === 'declinedByIssuer') {
    payDirect(core, order, { card: card(pick(random, DECLINING), holder), paymentWay: 'CARD' });
    return;
  }
  if (kind === 'declinedAt3DS') {
    // The decline card rejected frictionless (-2025), or a challenge not passed (-2017).
    const rejected = random() < 0.5;
    const attempt: PaymentAttempt = {
      card: card(rejected ? '5168494895055780' : '5555555555555599', holder),
      paymentWay: 'CARD',
      threeDSVersion: '2.2.0',
      ...(rejected ? {} : { eci: '07' }),
    };
    settleDeclined(core, order, attempt, rejected ? ActionCode.AUTHENTICATION_REJECTED : ActionCode.AUTHENTICATION_FAILED);
    return;
  }
  const chosen = pick(random, APPROVING);
  const attempt: PaymentAttempt = {
    card: card(chosen.pan, holder),
    paymentWay: random() < 0.15 ? pick(random, ['APPLE_PAY', 'GOOGLE_PAY'] as const) : 'CARD',
    ...(chosen.eci ? { eci: chosen.eci, threeDSVersion: '2.2.0' } : {}),
  };
  payDirect(core, order, attempt, kind === 'wrongCvc' ? { cvc: '000' } : {});
}

function lifeAfterPayment(
  order: Order,
  kind: Kind,
  random: Random,
  paidAt: number,
  later: (at: number, step: () => void) => boolean,
  core: Core,
): void {
  if (order.status !== OrderStatus.HELD && order.status !== OrderStatus.DEPOSITED) return;
  const days = (min: number, max: number) => paidAt + Math.floor((min + random() * (max - min)) * DAY);
  switch (kind) {
    case 'refunded':
      later(days(1, 20), () => refund(core, order, { amount: 0 }, 'en'));
      break;
    case 'partlyRefunded':
      later(days(1, 10), () => refund(core, order, { amount: Math.max(1, Math.floor(order.amount * (0.1 + random() * 0.5))) }, 'en'));
      break;
    case 'held':
      // Most holds are charged within five days; the rest wait for their autoReverseDate (day six).
      if (random() < 0.8) later(days(0.2, 5), () => deposit(core, order, 0, 'en'));
      else later(order.autoReverseAt!, () => expireIfDue(core, order));
      break;
    case 'partlyDeposited':
      later(days(0.2, 3), () => deposit(core, order, Math.max(1, Math.floor(order.amount * (0.5 + random() * 0.4))), 'en'));
      break;
    case 'reversed':
      later(days(0.05, 2), () => reverse(core, order, undefined, 'en'));
      break;
    case 'reversedSameDay': {
      // A charge is reversible on its own (UTC) day only.
      const lastOfDay = Math.floor(paidAt / DAY) * DAY + DAY - 1;
      later(Math.min(paidAt + Math.floor(random() * 30 * MINUTE), lastOfDay), () => reverse(core, order, undefined, 'en'));
      break;
    }
    default:
      break;
  }
}
