/**
 * Request schema of getLastOrdersForMerchants.do, the orders of a period (docs/gateway-facts.md, "Orders of a
 * period"): the window, the payment states, the merchants, paging and which date the window applies to.
 */
import { z } from 'zod';
import * as f from '../common.js';
import { bool, dateTime14, INVALID, intRange, optional, rule } from '../fields.js';

/** The paymentState names an order's status maps to (ACS reached, status 5, is still CREATED). */
export const PAYMENT_STATES = ['CREATED', 'APPROVED', 'DEPOSITED', 'DECLINED', 'REVERSED', 'REFUNDED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The largest page a request may ask for. */
export const MAX_PAGE_SIZE = 200;

/** Comma-separated items, blanks around them ignored; an empty item makes the whole list wrong. */
function commaList(value: unknown): string[] | typeof INVALID {
  if (typeof value !== 'string') return INVALID;
  const items = value.split(',').map((s) => s.trim());
  return items.every((s) => s !== '') ? items : INVALID;
}

/** transactionStates: a comma-separated subset of the paymentState names, each once. */
export const transactionStates = rule<string, PaymentState[]>(`comma-separated subset of ${PAYMENT_STATES.join(', ')}`, (value) => {
  const items = commaList(value);
  if (items === INVALID || !items.every((s) => (PAYMENT_STATES as readonly string[]).includes(s))) return INVALID;
  return [...new Set(items as PaymentState[])];
});

/** merchants: comma-separated merchant logins, each as merchantLogin elsewhere (String [1..255]). */
export const merchantLogins = rule<string, string[]>('comma-separated merchant logins, String [1..255] each', (value) => {
  const items = commaList(value);
  if (items === INVALID || !items.every((s) => f.merchantLogin.safeParse(s).success)) return INVALID;
  return [...new Set(items)];
});

export const lastOrdersRequest = z
  .object({
    from: dateTime14,
    to: dateTime14,
    transactionStates,
    merchants: optional(merchantLogins),
    page: optional(intRange(0, 999_999_999, 'Integer, 0 or more (pages count from 0)')),
    size: optional(intRange(1, MAX_PAGE_SIZE, `Integer, 1 to ${MAX_PAGE_SIZE}`)),
    searchByCreatedDate: optional(bool),
    language: optional(f.language),
  })
  .superRefine((p, ctx) => {
    if (typeof p.from === 'number' && typeof p.to === 'number' && p.from >= p.to) {
      ctx.addIssue({ code: 'custom', message: 'a time before to', path: ['from'] });
    }
  });
