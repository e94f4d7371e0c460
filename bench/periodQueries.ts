/**
 * The Orders list's queries for the benchmarks (order-search.ts, orders-ipc.ts): the period presets in the
 * shop's time (UTC) and a seeded mix of filters, one main filter and sometimes a second, as people narrow a list.
 */
import type { PeriodQuery } from '../main/store/periodOrders.js';
import { CARDS, CLIENTS, CURRENCIES, PRODUCTS, STATUSES, cardOf, clientOf, pick, random, weighted } from './shopOrders.js';

const DAY = 24 * 60 * 60_000;

export interface Query {
  readonly kind: string;
  readonly q: PeriodQuery;
}

/** The period presets the list offers, in the shop's time (UTC here). */
export function presets(now: number): [string, { from: number; to: number }][] {
  const today = Math.floor(now / DAY) * DAY;
  const month = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
  return [
    ['today', { from: today, to: today + DAY }],
    ['yesterday', { from: today - DAY, to: today }],
    ['7 days', { from: today - 6 * DAY, to: today + DAY }],
    ['this month', { from: month, to: today + DAY }],
    ['30 days', { from: today - 29 * DAY, to: today + DAY }],
    ['90 days', { from: today - 89 * DAY, to: today + DAY }],
  ];
}

export function mixedQueries(n: number, now: number): Query[] {
  const rnd = random(99);
  const out: Query[] = [];
  const periods = presets(now);
  for (let i = 0; i < n; i++) {
    const [period, window] = pick(rnd, periods);
    let q: PeriodQuery = { ...window, ...(rnd() < 0.15 ? { dateOf: 'operation' as const } : {}) };
    const kinds: string[] = [];
    // Each query has one main filter and sometimes a second one, as people narrow a list.
    const filters = 1 + (rnd() < 0.4 ? 1 : 0);
    for (let f = 0; f < filters; f++) {
      const kind = weighted(rnd, [
        ['none', 10],
        ['state', 20],
        ['currency', 10],
        ['amount', 15],
        ['card', 10],
        ['client', 10],
        ['text', 25],
      ] as const);
      kinds.push(kind);
      if (kind === 'state') q = rnd() < 0.5 ? { ...q, paid: rnd() < 0.5 } : { ...q, statuses: [weighted(rnd, STATUSES)] };
      if (kind === 'currency') q = { ...q, currency: weighted(rnd, CURRENCIES) };
      if (kind === 'amount') {
        const min = Math.round(100 * Math.pow(10, rnd() * 4));
        q = { ...q, minAmount: min, ...(rnd() < 0.6 ? { maxAmount: min * (2 + Math.floor(rnd() * 20)) } : {}) };
      }
      if (kind === 'card') {
        const card = cardOf(Math.floor(rnd() * CARDS));
        q = rnd() < 0.5 ? { ...q, last4: card.last4 } : { ...q, ...card };
      }
      if (kind === 'client') q = { ...q, clientId: clientOf(Math.floor(rnd() * CLIENTS)) };
      if (kind === 'text') {
        const text = weighted(rnd, [
          [pick(rnd, PRODUCTS).split(' ')[rnd() < 0.5 ? 0 : 1]!, 4],
          [`${Math.floor(rnd() * 100_000)}`.padStart(5, '0'), 3],
          [`client-0${Math.floor(rnd() * 200)}`, 2],
          ['awaiting', 1],
        ] as const);
        q = { ...q, text };
      }
    }
    out.push({ kind: `${period}: ${kinds.join(' + ')}`, q });
  }
  return out;
}
