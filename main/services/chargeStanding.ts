/**
 * What a charge of the journal stands at now: how much of it was charged, refunded and is left (net), and
 * the order's latest state. Derived when read, never stored, from the three records that already exist:
 *
 * - the charge journal: the charge's own settlement (and the order's status then);
 * - the order cache: the gateway's last word on the order, written by every look-up (orders.ts), including
 *   the one made after each deposit, reversal and refund;
 * - the operation journal: the deposits, reversals and refunds this app made, which count from the moment
 *   they were settled DONE even when no look-up followed (the gateway was not answering, say).
 *
 * The newest of the settlement and the cached view is the base, and the operations settled after it are
 * applied on top. Copying these figures into the charge journal instead would make a third record that
 * could disagree with the other two (and settled journal rows never change); deriving them keeps each
 * fact in one place.
 */
import type { CachedOrder, OrderCache } from '../store/orderCache.js';
import type { ChargeRow } from '../store/journal.js';
import type { OperationJournal, OperationRow } from '../store/operations.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import type { OrderView } from './views.js';
import { OrderStatus, wasCaptured } from '../domain/orderStatus.js';

/** Where the latest figures come from: the charge's own answer, a look-up of the order, or an operation made here. */
export type StandingSource = 'charge' | 'lookUp' | 'operation';

export interface ChargeStanding {
  /** Minor units taken and not reversed (a hold not yet deposited has taken nothing). */
  readonly charged: number;
  /** Minor units given back by refunds. */
  readonly refunded: number;
  /** charged - refunded. */
  readonly net: number;
  /** Minor units held and not yet deposited. */
  readonly held: number;
  /** The gateway's order status as last known (1 held, 2 charged, 3 reversed, 4 refunded). */
  readonly orderStatus?: number;
  /** The latest state in finance's words. */
  readonly words: Phrase;
  /** When the figures were last known to be so, ms since the epoch. */
  readonly asOf: number;
  readonly source: StandingSource;
}

interface Figures {
  status: number | undefined;
  held: number;
  charged: number;
  refunded: number;
  at: number;
  source: StandingSource;
}

/** The charge's figures as its own settlement left them. */
function fromSettlement(c: ChargeRow): Figures {
  const base = { status: c.orderStatus, held: 0, charged: 0, refunded: 0, at: c.updatedAt, source: 'charge' as const };
  switch (c.orderStatus) {
    case 1:
      return { ...base, held: c.amount };
    case 3:
      return base;
    case 4:
      return { ...base, charged: c.amount, refunded: c.amount };
    default:
      return { ...base, charged: c.amount };
  }
}

/** The charge's figures as a look-up of its order showed them. */
function fromLookUp(view: OrderView, at: number): Figures {
  const status = view.status;
  // A charged order whose answer left out paymentAmountInfo: its amount is what was taken.
  const charged = wasCaptured(status) && view.depositedAmount === 0 ? view.amount : view.depositedAmount;
  return {
    status,
    held: status === OrderStatus.HELD ? view.approvedAmount : 0,
    charged: status === OrderStatus.REVERSED ? 0 : charged,
    refunded: view.refundedAmount,
    at,
    source: 'lookUp',
  };
}

/** An operation this app made and saw done, applied to the figures before it. */
function apply(f: Figures, op: OperationRow): Figures {
  const at = { at: op.updatedAt, source: 'operation' as const };
  switch (op.kind) {
    case 'deposit': {
      const charged = op.amount ? Math.min(op.amount, f.held) : f.held;
      return { ...f, ...at, status: 2, held: 0, charged };
    }
    case 'reverse':
      return { ...f, ...at, status: 3, held: 0, charged: 0, refunded: 0 };
    case 'refund': {
      const refunded = op.amount ? Math.min(f.refunded + op.amount, f.charged) : f.charged;
      return { ...f, ...at, status: refunded === f.charged ? 4 : f.status, refunded };
    }
  }
}

function words(f: Figures, amount: number): Phrase {
  if (f.status === OrderStatus.REVERSED) return phrase('charge.standing.reversed');
  if (f.status === OrderStatus.HELD || (f.held > 0 && f.charged === 0)) return phrase('charge.standing.held');
  if (f.charged > 0 && f.refunded >= f.charged) return phrase('charge.standing.refundedInFull');
  const inPart = f.charged < amount;
  if (f.refunded > 0) return phrase(inPart ? 'charge.standing.chargedInPartPartlyRefunded' : 'charge.standing.chargedPartlyRefunded');
  return phrase(inPart ? 'charge.standing.chargedInPart' : 'charge.standing.charged');
}

/**
 * The standing of one charge, or undefined while its outcome is not known (being sent, or its answer
 * lost): nothing can be said about its money until it is settled. `operations` are the order's, in any order.
 */
export function chargeStanding(
  c: ChargeRow,
  cached: CachedOrder<OrderView> | undefined,
  operations: readonly OperationRow[],
): ChargeStanding | undefined {
  if (c.state === 'PENDING' || c.state === 'UNKNOWN') return undefined;
  if (c.state !== 'PAID') {
    const words = phrase(c.state === 'DECLINED' ? 'charge.state.declined' : 'charge.state.failed');
    return {
      charged: 0,
      refunded: 0,
      net: 0,
      held: 0,
      ...(c.orderStatus !== undefined ? { orderStatus: c.orderStatus } : {}),
      words,
      asOf: c.updatedAt,
      source: 'charge',
    };
  }
  const settled = fromSettlement(c);
  let f = cached && cached.fetchedAt > settled.at ? fromLookUp(cached.view, cached.fetchedAt) : settled;
  const after = operations
    .filter((op) => op.state === 'DONE' && op.updatedAt > f.at)
    .sort((a, b) => a.updatedAt - b.updatedAt || a.id - b.id);
  for (const op of after) f = apply(f, op);
  return {
    charged: f.charged,
    refunded: f.refunded,
    net: f.charged - f.refunded,
    held: f.held,
    ...(f.status !== undefined ? { orderStatus: f.status } : {}),
    words: words(f, c.amount),
    asOf: f.at,
    source: f.source,
  };
}

/** A charge of the journal with what it stands at now (absent while its outcome is not known). */
export type ChargeWithStanding = ChargeRow & { readonly standing?: ChargeStanding };

/** Reads the order cache and the operation journal for many charges at once (the journal screen, its export). */
export class ChargeLedger {
  /** `operations`: each environment's operations journal (the team's, or this desk's file's). */
  constructor(
    private readonly options: { readonly cache: OrderCache<OrderView>; readonly operations: (environment: string) => OperationJournal },
  ) {}

  async withStanding(rows: readonly ChargeRow[]): Promise<ChargeWithStanding[]> {
    const byEnvironment = new Map<string, string[]>();
    for (const r of rows) {
      if (!r.orderId) continue;
      const ids = byEnvironment.get(r.environment) ?? [];
      ids.push(r.orderId);
      byEnvironment.set(r.environment, ids);
    }
    const cached = new Map<string, Map<string, CachedOrder<OrderView>>>();
    const operations = new Map<string, Map<string, OperationRow[]>>();
    for (const [environment, ids] of byEnvironment) {
      cached.set(environment, this.options.cache.byOrderIds(environment, ids));
      operations.set(environment, await this.options.operations(environment).forOrders(environment, ids));
    }
    return rows.map((r) => {
      const standing = chargeStanding(
        r,
        r.orderId ? cached.get(r.environment)?.get(r.orderId) : undefined,
        (r.orderId && operations.get(r.environment)?.get(r.orderId)) || [],
      );
      return standing ? { ...r, standing } : r;
    });
  }
}
