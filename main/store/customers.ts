/**
 * The customers the app knows of, per environment, read from what it already keeps: the client ID, card
 * (first six, last four) and money columns of the orders the order sync read (period_orders), and the stored
 * cards it has seen (known_bindings). Nothing of its own is stored. A customer is found by the beginning of
 * their client ID, a card's digits, or the start of a word of the name on a card they paid with (as
 * domain/cardholderName.ts keeps it; stored cards carry no name).
 *
 * Every answer is bounded: a search returns at most the clients asked for, a customer's figures are read
 * from at most MAX_ORDERS_READ of their orders (the newest), their cards at most MAX_CARDS.
 */
import type { ListedMoney, OrderBasics } from '../domain/periodOrder.js';
import { read, type Db } from './database.js';
import { orderBasicsOf, type PeriodOrderRow } from './periodOrders.js';

/** How a search reads the tables: a client ID's beginning, or a card's first six or last four digits. */
export type CustomerMatch =
  | { readonly clientIdPrefix: string }
  | { readonly first6: string }
  | { readonly last4: string }
  /** A name as cardholderName() reads it: matches where the name, or a word in it, begins so. */
  | { readonly cardholder: string };

/** An order of the customer as the period store keeps it: what moved on it (counted by orderMoney when written), and what names it. */
export interface CustomerOrder extends OrderBasics, ListedMoney {}

/** A stored card as the app last saw it (known_bindings). */
export interface SeenCard {
  readonly bindingId: string;
  readonly category: string;
  readonly maskedPan?: string;
  readonly expiry?: string;
  readonly disabledAt?: number;
}

export interface CustomerRecord {
  readonly clientId: string;
  /** Every order of theirs the sync read. */
  readonly orderCount: number;
  /** The newest of them first, at most MAX_ORDERS_READ. */
  readonly orders: readonly CustomerOrder[];
  /** The cards their orders were paid with (first six and last four, masked), newest first, at most MAX_CARDS. */
  readonly orderCards: readonly string[];
  /** Their stored cards the app has seen, at most MAX_CARDS. */
  readonly seenCards: readonly SeenCard[];
  /** The names on the cards their orders were paid with, newest first, at most MAX_CARDS. */
  readonly names: readonly string[];
}

export const MAX_ORDERS_READ = 10_000;
export const MAX_CARDS = 50;

/** The first string after every string that begins with `prefix`: the end of an index range over them. */
const afterPrefix = (prefix: string) => `${prefix}\u{10FFFF}`;

/** What a customer's orders are read with: the cache's columns a customer's summary needs. */
type OrderRow = Pick<
  PeriodOrderRow,
  | 'order_id'
  | 'order_number'
  | 'status'
  | 'amount'
  | 'held'
  | 'captured'
  | 'refunded'
  | 'currency'
  | 'registered_at'
  | 'first6'
  | 'last4'
  | 'cardholder'
>;

interface CardRow {
  binding_id: string;
  category: string;
  masked_pan: string | null;
  expiry: string | null;
  disabled_at: number | null;
}

export class CustomerDirectory {
  constructor(private readonly db: Db) {}

  /** Client IDs that match, in client ID order, at most `limit`. */
  find(environment: string, match: CustomerMatch, limit: number): string[] {
    return read(this.db, () => {
      const ids = new Set<string>();
      const add = (rows: unknown[]) => {
        for (const r of rows as { client_id: string }[]) if (ids.size < limit) ids.add(r.client_id);
      };
      if ('clientIdPrefix' in match) {
        const range = [environment, match.clientIdPrefix, afterPrefix(match.clientIdPrefix), limit] as const;
        add(
          this.db
            .prepare(
              'SELECT DISTINCT client_id FROM period_orders WHERE environment = ? AND client_id >= ? AND client_id < ? ORDER BY client_id LIMIT ?',
            )
            .all(...range),
        );
        add(
          this.db
            .prepare(
              'SELECT DISTINCT client_id FROM known_bindings WHERE environment = ? AND client_id >= ? AND client_id < ? ORDER BY client_id LIMIT ?',
            )
            .all(...range),
        );
      } else if ('cardholder' in match) {
        // The whole name's beginning, or a word's: " PETROV" within " IVAN PETROV".
        add(
          this.db
            .prepare(
              `SELECT DISTINCT client_id FROM period_orders WHERE environment = ? AND client_id IS NOT NULL
               AND instr(' ' || cardholder, ?) > 0 ORDER BY client_id LIMIT ?`,
            )
            .all(environment, ` ${match.cardholder}`, limit),
        );
      } else {
        const [column, value, pan] =
          'first6' in match
            ? (['first6', match.first6, `${match.first6}%`] as const)
            : (['last4', match.last4, `%${match.last4}`] as const);
        add(
          this.db
            .prepare(
              `SELECT DISTINCT client_id FROM period_orders WHERE environment = ? AND ${column} = ? AND client_id IS NOT NULL ORDER BY client_id LIMIT ?`,
            )
            .all(environment, value, limit),
        );
        add(
          this.db
            .prepare(
              'SELECT DISTINCT client_id FROM known_bindings WHERE environment = ? AND masked_pan LIKE ? AND client_id IS NOT NULL ORDER BY client_id LIMIT ?',
            )
            .all(environment, pan, limit),
        );
      }
      return [...ids].sort();
    });
  }

  /** What the app keeps of one client: their orders (the newest first) and cards. */
  record(environment: string, clientId: string): CustomerRecord {
    return read(this.db, () => {
      const { n } = this.db
        .prepare('SELECT count(*) AS n FROM period_orders WHERE environment = ? AND client_id = ?')
        .get(environment, clientId) as { n: number };
      const rows = this.db
        .prepare(
          `SELECT order_id, order_number, status, amount, held, captured, refunded, currency, registered_at, first6, last4, cardholder
           FROM period_orders WHERE environment = ? AND client_id = ? ORDER BY registered_at DESC, order_id DESC LIMIT ?`,
        )
        .all(environment, clientId, MAX_ORDERS_READ) as OrderRow[];
      const orderCards = new Set<string>();
      const names = new Set<string>();
      for (const r of rows) {
        // Stored masked already (first six and last four at most): shown the way the gateway masks a card.
        const card = r.first6 || r.last4 ? `${r.first6 ?? ''}******${r.last4 ?? ''}` : undefined;
        if (card && orderCards.size < MAX_CARDS) orderCards.add(card);
        if (r.cardholder !== null && names.size < MAX_CARDS) names.add(r.cardholder);
      }
      const seen = this.db
        .prepare(
          'SELECT binding_id, category, masked_pan, expiry, disabled_at FROM known_bindings WHERE environment = ? AND client_id = ? ORDER BY seen_at DESC LIMIT ?',
        )
        .all(environment, clientId, MAX_CARDS) as CardRow[];
      return {
        clientId,
        orderCount: n,
        orders: rows.map(orderBasicsOf),
        orderCards: [...orderCards],
        names: [...names],
        seenCards: seen.map((c) => ({
          bindingId: c.binding_id,
          category: c.category,
          ...(c.masked_pan !== null ? { maskedPan: c.masked_pan } : {}),
          ...(c.expiry !== null ? { expiry: c.expiry } : {}),
          ...(c.disabled_at !== null ? { disabledAt: c.disabled_at } : {}),
        })),
      };
    });
  }
}
