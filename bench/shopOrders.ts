/**
 * A shop's orders for the benchmarks of the Orders list (order-search.ts, orders-screen.ts): seeded, spread
 * over 90 days, every state, three currencies, thousands of cards and clients, descriptions made of a
 * shop's words.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../main/store/database.js';
import { PeriodOrders, type PeriodOrder } from '../main/store/periodOrders.js';
import type { OrderStatus } from '../main/domain/orderStatus.js';

const DAY = 24 * 60 * 60_000;

/** mulberry32: a small seeded generator, so the data and the queries repeat exactly. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
/** A value by weight: [[value, weight], ...]. */
export function weighted<T>(rnd: () => number, table: readonly (readonly [T, number])[]): T {
  let x = rnd() * table.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of table) if ((x -= w) < 0) return v;
  return table[table.length - 1]![0];
}

export const STATUSES: readonly (readonly [OrderStatus, number])[] = [
  [2, 58],
  [6, 15],
  [0, 10],
  [4, 6],
  [3, 4],
  [1, 5],
  [5, 2],
];
export const CURRENCIES = [
  ['643', 80],
  ['840', 12],
  ['978', 8],
] as const;
export const PRODUCTS = [
  'coffee beans',
  'espresso machine',
  'tea set',
  'gift card',
  'winter jacket',
  'running shoes',
  'yoga mat',
  'desk lamp',
  'office chair',
  'phone case',
  'headphones',
  'backpack',
  'water bottle',
  'notebook',
  'board game',
  'flower bouquet',
  'pizza delivery',
  'monthly subscription',
  'cinema tickets',
  'hotel booking',
];
export const BINS = ['411111', '427600', '546900', '220070', '553691', '404136', '516732', '220220'];
export const CARDS = 5000;
export const CLIENTS = 20_000;
export const cardOf = (k: number) => ({ first6: BINS[k % BINS.length]!, last4: String((k * 7919) % 10_000).padStart(4, '0') });
export const clientOf = (k: number) => `client-${String(k).padStart(6, '0')}`;

/** `n` orders of a shop over the 90 days before `now`, the same ones for the same seed. */
export function* shopOrders(n: number, seed: number, now: number): Generator<PeriodOrder> {
  const rnd = random(seed);
  for (let i = 0; i < n; i++) {
    const status = weighted(rnd, STATUSES);
    const registeredAt = now - Math.floor(rnd() * 90 * DAY);
    // Log-uniform from 1.00 to 100,000.00 in minor units: many small orders, a few large ones.
    const amount = Math.round(100 * Math.pow(10, rnd() * 5));
    const paid = status === 1 || status === 2 || status === 3 || status === 4;
    const card = status === 0 ? undefined : cardOf(Math.floor(rnd() * CARDS));
    const client = rnd() < 0.75 ? clientOf(Math.floor(rnd() * CLIENTS)) : undefined;
    const product = pick(rnd, PRODUCTS);
    yield {
      orderId: `${seed.toString(16)}-${i.toString(16).padStart(8, '0')}-4bde-9d1f-${Math.floor(rnd() * 2 ** 48)
        .toString(16)
        .padStart(12, '0')}`,
      orderNumber: `ORD-${seed}-${String(i).padStart(7, '0')}`,
      status,
      amount,
      held: status === 1 ? amount : 0,
      captured: status === 2 || status === 4 ? amount : 0,
      refunded: status === 4 ? amount : 0,
      currency: weighted(rnd, CURRENCIES),
      registeredAt,
      ...(status !== 0 ? { operatedAt: registeredAt + Math.floor(rnd() * (status === 4 ? 5 * DAY : 10 * 60_000)) } : {}),
      ...(card ?? {}),
      ...(card ? { paymentSystem: card.first6.startsWith('4') ? 'VISA' : card.first6.startsWith('22') ? 'MIR' : 'MASTERCARD' } : {}),
      ...(client ? { clientId: client } : {}),
      description: `${product}, ${1 + Math.floor(rnd() * 5)} pcs${paid ? '' : ' (awaiting payment)'}`,
      ...(status !== 0 ? { actionCode: status === 6 ? 116 : 0 } : {}),
    };
  }
}

/**
 * A data folder whose copy holds `n` of the shop's orders of the sandbox environment over the 90 days before
 * `now`, `perTransaction` a transaction (a sync writes a page of 1,000 at a time); kept if it already holds `n`.
 */
export function shopFolder(folder: string, n: number, now: number, perTransaction: number): void {
  mkdirSync(folder, { recursive: true });
  const db = openDatabase(join(folder, 'app.sqlite'));
  try {
    const orders = new PeriodOrders(db);
    if (orders.count('sandbox') === n) return;
    const started = performance.now();
    const batch: PeriodOrder[] = [];
    for (const o of shopOrders(n, 14, now)) {
      batch.push(o);
      if (batch.length === perTransaction) orders.putMany('sandbox', batch.splice(0), now);
    }
    orders.putMany('sandbox', batch, now);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${n} orders written into ${folder}, ${perTransaction.toLocaleString('en-US')} a transaction, in ${seconds} s`);
  } finally {
    db.close();
  }
}
