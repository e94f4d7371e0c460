/**
 * Customers: who the merchant's clients are, found without knowing a client ID first, from what the app
 * keeps (store/customers.ts: the synced orders and the stored cards seen) and, for one customer, their
 * stored cards as the gateway lists them now. A search reads a client ID's beginning; six digits as a
 * card's first six, four as its last four; a text with a letter as the start of a word of a cardholder's name.
 *
 * A customer's money is what moved on their orders, per currency, summed by the one sum (domain/moneyTotals.ts)
 * of what the period store counted on each by the one rule (domain/orderMoney.ts). The batch file is the batch-charge template
 * (batchCharges.ts's columns) with the client, card, category and currency filled in and the amount left
 * for finance to write; it is written by the one CSV writer (csvExport.ts).
 */
import cc from 'currency-codes';
import { cardholderName } from '../domain/cardholderName.js';
import { maskCardField, maskCardNumbers } from '../domain/cardNumbers.js';
import { moneyByCurrency } from '../domain/moneyTotals.js';
import type { CustomerDirectory, CustomerMatch, CustomerOrder, CustomerRecord } from '../store/customers.js';
import { exportCsv } from './csvExport.js';
import type { CustomerSearch, CustomerSearchedBy, CustomerSummary } from './customerViews.js';
import type { MovedMoney } from './periodViews.js';
import type { StoredCard, StoredCards } from './storedCards.js';

/** The most customers one search answers with. */
export const MAX_CUSTOMERS = 50;

export type { CustomerSearch, CustomerSearchedBy, CustomerSummary, LastOrder } from './customerViews.js';

export interface CustomerDetail extends CustomerSummary {
  /** Their stored cards as the gateway lists them now, and those disabled from this app. */
  readonly cards: readonly StoredCard[];
}

export interface CustomerServiceOptions {
  readonly environment: string;
  readonly directory: CustomerDirectory;
  readonly storedCards: () => StoredCards;
}

/** What a search text is looked for as. */
export function customerMatches(text: string): { readonly searchedBy: CustomerSearchedBy[]; readonly matches: CustomerMatch[] } {
  const searchedBy: CustomerSearchedBy[] = ['clientId'];
  const matches: CustomerMatch[] = [{ clientIdPrefix: text }];
  if (/^\d{6}$/.test(text)) {
    searchedBy.push('first6');
    matches.push({ first6: text });
  }
  if (/^\d{4}$/.test(text)) {
    searchedBy.push('last4');
    matches.push({ last4: text });
  }
  // A name on a card is Latin letters, full stops and spaces (the gateway's rule; apostrophes as people
  // type them): "shop-12" or "client_anna" is looked for as a client ID only.
  const name = /^[\p{L}\p{M}\p{Zs}.'’]+$/u.test(text.normalize('NFKC')) ? cardholderName(text) : undefined;
  if (name !== undefined) {
    searchedBy.push('cardholder');
    matches.push({ cardholder: name });
  }
  return { searchedBy, matches };
}

function moneyOf(orders: readonly CustomerOrder[]): MovedMoney[] {
  return moneyByCurrency(orders.map((o) => ({ currency: o.currency, count: 1, held: o.held, captured: o.captured, refunded: o.refunded })))
    .filter((m) => m.held !== 0 || m.captured !== 0 || m.refunded !== 0)
    .map(({ currency, held, captured, refunded }) => ({ currency, held, captured, refunded }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

function summary(r: CustomerRecord): CustomerSummary {
  const last = r.orders[0];
  return {
    clientId: r.clientId,
    orderCount: r.orderCount,
    money: moneyOf(r.orders),
    ...(r.orderCount > r.orders.length ? { moneyOfNewest: r.orders.length } : {}),
    ...(last
      ? {
          lastOrder: {
            orderId: last.orderId,
            orderNumber: last.orderNumber,
            status: last.status,
            amount: last.amount,
            currency: last.currency,
            registeredAt: last.registeredAt,
          },
        }
      : {}),
    orderCards: r.orderCards,
    names: r.names,
    knownCards: r.seenCards.length,
  };
}

/** The batch-charge file's columns (batchCharges.ts reads clientId, bindingId, amount, currency, description; the rest it ignores). */
const BATCH_COLUMNS = ['clientId', 'bindingId', 'category', 'card', 'expiry', 'amount', 'currency', 'description'] as const;

export class CustomerService {
  constructor(private readonly options: CustomerServiceOptions) {}

  /** Customers whose client ID begins with the text, whose card has these first six or last four digits, or whose cardholder name has a word so beginning. */
  search(text: string, limit = MAX_CUSTOMERS): CustomerSearch {
    // The store keeps a card number in a client ID masked: it is found by that masked form, and never echoed whole.
    const query = maskCardNumbers(text.trim());
    const { searchedBy, matches } = customerMatches(query);
    const bound = Math.min(limit, MAX_CUSTOMERS);
    const ids = new Set<string>();
    for (const m of matches) for (const id of this.options.directory.find(this.options.environment, m, bound + 1)) ids.add(id);
    const sorted = [...ids].sort();
    return {
      query,
      searchedBy,
      customers: sorted.slice(0, bound).map((id) => summary(this.options.directory.record(this.options.environment, id))),
      more: sorted.length > bound,
    };
  }

  /** One customer: what the app keeps, and their stored cards as the gateway lists them now (expired ones too). */
  async detail(clientId: string): Promise<CustomerDetail> {
    const cards = await this.options.storedCards().find({ clientId }, true);
    return { ...summary(this.options.directory.record(this.options.environment, clientId)), cards };
  }

  /**
   * The batch-charge template for these customers: a row per usable card (enabled, not expired) with the
   * client, binding, category and the currency of the customer's last order; the amount is finance's to write.
   */
  async batchFile(clientIds: readonly string[]): Promise<{ readonly csv: string; readonly rows: number }> {
    const rows: Record<(typeof BATCH_COLUMNS)[number], string>[] = [];
    for (const clientId of clientIds) {
      const cards = await this.options.storedCards().find({ clientId }, false);
      const last = this.options.directory.record(this.options.environment, clientId).orders[0];
      const currency = last ? (cc.number(last.currency)?.code ?? last.currency) : '';
      for (const card of cards.filter(usable))
        rows.push({
          clientId,
          bindingId: card.bindingId,
          category: card.category,
          card: card.maskedPan ? maskCardField(card.maskedPan) : '',
          expiry: card.expiry ?? '',
          amount: '',
          currency,
          description: '',
        });
    }
    return { csv: exportCsv(rows, BATCH_COLUMNS), rows: rows.length };
  }
}

const usable = (c: StoredCard) => c.enabled && !c.expired && c.category !== 'UNKNOWN';
