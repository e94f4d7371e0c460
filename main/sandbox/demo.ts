/**
 * Seeding: bindings on request (for tests that need a stored card without paying for one first), the
 * demo data set of `--demo` (clients with common, recurrent and installment bindings, named orders in
 * every status, and 90 days of past orders), and N orders for benchmarks (`--seed-orders N`).
 * Everything goes through the same engine functions as real requests, in one bulk load of the state.
 */
import { z } from 'zod';
import { cardRecord, TEST_CARDS } from './engine/cards.js';
import type { Core } from './engine/core.js';
import { credentialIntent } from './engine/credentials.js';
import { deposit, expireIfDue, markAcsStarted, refund, registerOrder, reverse } from './engine/lifecycle.js';
import { payDirect, payWithCard } from './engine/payment.js';
import { PinnedClock, seedHistory } from './history.js';
import type { BindingCategory, Order } from './state/model.js';

export const bindingSeed = z.object({
  merchant: z.string().default('sandbox'),
  clientId: z.string().min(1).max(255),
  category: z.enum(['COMMON', 'RECURRENT', 'INSTALLMENT']).default('COMMON'),
  pan: z.enum(TEST_CARDS.map((c) => c.pan) as [string, ...string[]]).default('4444555511113333'),
  /** Card expiry YYYYMM; a past month gives an expired binding. */
  expiry: z
    .string()
    .regex(/^[0-9]{4}(0[1-9]|1[0-2])$/)
    .default('203012'),
  recurringFrequency: z.number().int().min(1).max(28).default(28),
  recurringExpiry: z
    .string()
    .regex(/^[0-9]{8}$/)
    .default('20301231'),
  installments: z.number().int().min(1).max(999).default(12),
  totalInstallmentAmount: z.number().int().min(1).default(1_200_000),
  /** The name on the card (cardAuthInfo.cardholderName's rule: Latin letters, full stops, spaces). */
  cardholderName: z
    .string()
    .regex(/^[A-Za-z. ]{1,26}$/)
    .default('CARD HOLDER'),
});
export type BindingSeed = z.input<typeof bindingSeed>;

const APPROVING_EXPIRY = '203012';

function attributesFor(s: z.output<typeof bindingSeed>): Record<string, string> {
  const recurring = { recurringFrequency: String(s.recurringFrequency), recurringExpiry: s.recurringExpiry };
  if (s.category === 'RECURRENT') return recurring;
  if (s.category === 'INSTALLMENT') {
    return { ...recurring, installments: String(s.installments), totalInstallmentAmount: String(s.totalInstallmentAmount) };
  }
  return {};
}

const TII: Record<BindingCategory, 'CI' | 'RI' | 'II'> = { COMMON: 'CI', RECURRENT: 'RI', INSTALLMENT: 'II' };

/** Stores one credential by paying a small initiating order with a test card. */
function seedBinding(core: Core, input: BindingSeed): { bindingId: string; orderId: string } {
  const s = bindingSeed.parse(input);
  if (!core.state.merchant(s.merchant)) throw new Error(`No merchant ${s.merchant}`);
  const order = registerOrder(core, {
    merchant: s.merchant,
    orderNumber: `seed-${core.ids.referenceDigits(16)}`,
    amount: 100,
    returnUrl: `${core.baseUrl()}/payment/finish.html`,
    clientId: s.clientId,
    twoPhase: false,
    features: ['FORCE_CREATE_BINDING'],
    jsonParams: attributesFor(s),
  });
  const credential = credentialIntent(order, TII[s.category], order.jsonParams, false, 'jsonParams');
  // Paid with a valid expiry; the binding then takes the requested one (possibly past, for expired cards).
  payDirect(
    core,
    order,
    { card: cardRecord(s.pan, APPROVING_EXPIRY, s.cardholderName, core.fingerprint), paymentWay: 'CARD' },
    { credential },
  );
  const binding = order.createdBindingId ? core.state.binding(s.merchant, order.createdBindingId) : undefined;
  if (!binding) throw new Error(`The test card ${s.pan} does not approve, so it cannot be stored`);
  binding.card = { ...binding.card, expiry: s.expiry };
  core.state.saveBinding(binding);
  return { bindingId: binding.id, orderId: order.id };
}

export function seedBindings(core: Core, seeds: readonly BindingSeed[]) {
  return seeds.map((s) => ({ clientId: s.clientId, category: s.category ?? 'COMMON', ...seedBinding(core, s) }));
}

const DEMO_CLIENTS: BindingSeed[] = [
  { clientId: 'client-anna', category: 'COMMON', pan: '4444555511113333' },
  { clientId: 'client-anna', category: 'RECURRENT', pan: '4111111111111111', expiry: '202901' },
  { clientId: 'client-anna', category: 'INSTALLMENT', pan: '5555555555555599', recurringExpiry: '20281231' },
  { clientId: 'client-boris', category: 'COMMON', pan: '4111111111111111', expiry: '202612' },
  { clientId: 'client-boris', category: 'COMMON', pan: '4012001038166662', expiry: '202510' },
  { clientId: 'client-chen', category: 'RECURRENT', pan: '4444555511113333' },
  { clientId: 'client-chen', category: 'INSTALLMENT', pan: '4111111111111111', installments: 6, totalInstallmentAmount: 600_000 },
  { clientId: 'client-dmitri', category: 'COMMON', pan: '5555555555555599' },
  { clientId: 'client-elena', category: 'RECURRENT', pan: '4444555511113333' },
  { clientId: 'client-farid', category: 'INSTALLMENT', pan: '4012001038166662', installments: 12, totalInstallmentAmount: 1_200_000 },
  { clientId: 'client-hugo', category: 'COMMON', pan: '4111111111111111' },
  { clientId: 'client-ines', category: 'COMMON', pan: '4444555511113333' },
];

/** Orders of the demo's past: about 3,000 over 90 days, a few of them for the other merchant. */
export const DEMO_HISTORY = { orders: 3_000, days: 90, prefix: 'demo-h-', otherMerchantShare: 3 } as const;

/** The demo data set. Seeding twice changes nothing: it is recognised by its first order number. */
export function seedDemo(core: Core): { orders: number; bindings: number } {
  const merchant = 'sandbox';
  if (core.state.orderNumberTaken(merchant, 'demo-0001')) return { orders: 0, bindings: 0 };
  return core.state.inBulk(() => {
    // The clients' cards were stored before the past begins, so its orders can pay with them.
    const before = { ...core, clock: new PinnedClock(core.clock.now() - (DEMO_HISTORY.days + 1) * 24 * 3_600_000) };
    const bindings = seedBindings(before, DEMO_CLIENTS);
    const storedCards = bindings.map((b) => core.state.binding(merchant, b.bindingId)!);
    const past = seedHistory(core, { ...DEMO_HISTORY, storedCards });
    return { orders: seedNamedOrders(core) + past.orders, bindings: bindings.length };
  });
}

/** The named orders, made now: demo-0001 to demo-0011, one or more per status (docs/sandbox.md, "Demo data", lists them). */
function seedNamedOrders(core: Core): number {
  const merchant = 'sandbox';
  const card = (pan: string) => cardRecord(pan, APPROVING_EXPIRY, 'CARD HOLDER', core.fingerprint);
  const order = (n: number, amount: number, twoPhase = false, extra: { expirationDate?: string } = {}): Order =>
    registerOrder(core, {
      merchant,
      orderNumber: `demo-${String(n).padStart(4, '0')}`,
      amount,
      description: `Demo order ${n}`,
      returnUrl: `${core.baseUrl()}/payment/finish.html`,
      twoPhase,
      ...extra,
    });
  const paid = (o: Order) => {
    payDirect(core, o, { card: card('4444555511113333'), paymentWay: 'CARD' });
    return o;
  };

  order(1, 150_000); // 0: registered, waiting for payment
  paid(order(2, 249_900, true)); // 1: held
  paid(order(3, 99_900)); // 2: charged
  reverse(core, paid(order(4, 50_000, true)), undefined, 'en'); // 3: reversed
  refund(core, paid(order(5, 120_000)), { amount: 0 }, 'en'); // 4: refunded
  refund(core, paid(order(6, 300_000)), { amount: 75_000 }, 'en'); // 2, partly refunded
  deposit(core, paid(order(7, 80_000, true)), 60_000, 'en'); // 2, deposited less than held
  const acs = order(8, 45_000);
  payWithCard(core, { order: acs, card: card('4012001038166662'), cvc: '123', paymentWay: 'CARD' });
  markAcsStarted(core, acs); // 5: at the ACS
  const declined = { order: order(9, 10_000), card: card('5168494895055780'), cvc: '123', paymentWay: 'CARD' } as const;
  const first = payWithCard(core, declined);
  if (first.kind === 'threeDS2Method') payWithCard(core, { ...declined, threeDSServerTransId: first.transId }); // 6: 3DS2 rejected
  payDirect(core, order(10, 15_000_000), { card: card('4444555511113333'), paymentWay: 'CARD' }); // 6: over the issuer limit
  const past = new Date(core.clock.now() - 60_000).toISOString().slice(0, 19);
  expireIfDue(core, order(11, 5_000, false, { expirationDate: past })); // 6: session expired (-2007)
  return 11;
}

/**
 * `orders` more orders over the last 90 days, for benchmarks (--seed-orders, POST /sandbox/seed
 * {orders}): numbered bulk-<k>-000001 and on, k the first batch number not yet used, paid now and then
 * with the merchant's stored cards.
 */
export function seedOrders(core: Core, orders: number): { orders: number; prefix: string } {
  let k = 1;
  while (core.state.orderNumberTaken('sandbox', `bulk-${k}-${'1'.padStart(Math.max(5, String(orders).length), '0')}`)) k++;
  const prefix = `bulk-${k}-`;
  const storedCards = core.state.allBindings().filter((b) => b.merchant === 'sandbox');
  seedHistory(core, { orders, prefix, seed: 2026 + k, storedCards });
  return { orders, prefix };
}
