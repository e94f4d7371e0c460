/**
 * The reconciliation of a period: everything the app journalled in it (its charges, and the captures,
 * refunds and reversals it sent, on its own orders and on a storefront's) against the gateway's orders as
 * the last sync read them. Each row is one order and one class:
 *
 * - matched: the gateway shows what the journals say happened;
 * - disagrees: the journal has it paid (or declined), captured, refunded or reversed, but the gateway shows
 *   another state, amount, currency, captured or refunded amount, or does not have the app's order at all;
 * - notInJournal: the gateway has a paid order under a number the app makes up (BO-...) that the journal
 *   never wrote: a charge from another installation, or one whose journal was lost;
 * - open: the journal does not know the outcome yet (a charge or an operation pending or unknown: the
 *   journals' reconcile settles it), or the app operated on an order the sync did not read (registered
 *   before the period), so there is nothing yet to compare with.
 *
 * An order is in the period when the app charged it, or sent an operation on it, in the period. Money is
 * counted by the one rule (domain/orderMoney.ts), per currency. Rows carry codes and raw values (minor
 * units, numeric currencies, status codes), not sentences: the screen words them.
 */
import type { ChargeJournal, ChargeRow } from '../store/journal.js';
import type { OperationJournal, OperationRow } from '../store/operations.js';
import type { ChargeState } from '../store/journal.js';
import type { Window } from '../store/orderSyncs.js';
import type { PeriodOrder, PeriodOrders } from '../store/periodOrders.js';
import {
  RECONCILIATION_CLASSES,
  type ChargeSide,
  type JournalSide,
  type ClassTotal,
  type Difference,
  type GatewaySide,
  type JournalState,
  type MovedMoney,
  type OperationsSide,
  type Reconciliation,
  type ReconciliationClass,
  type ReconciliationRow,
} from './periodViews.js';
import { APP_ORDER_NUMBER, APP_ORDER_PREFIX } from './charges.js';
import { exportCsv } from './csvExport.js';

export { RECONCILIATION_CLASSES } from './periodViews.js';
export type {
  ChargeSide,
  ClassTotal,
  Difference,
  GatewaySide,
  JournalSide,
  MovedMoney,
  OperationsSide,
  Reconciliation,
  ReconciliationClass,
  ReconciliationRow,
} from './periodViews.js';
import { OrderStatus, PAID_STATUSES } from '../domain/orderStatus.js';
import { orderStandingOf } from '../domain/periodOrder.js';

// The screen's copy of the journal's states must stay the journal's own.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const statesAgree: Same<ChargeState, JournalState> = true;
void statesAgree;

const isOpen = (o: OperationRow) => o.state === 'PENDING' || o.state === 'UNKNOWN';

function chargeSide(c: ChargeRow, operations: readonly OperationRow[]): ChargeSide {
  const done = operations.filter((o) => o.state === 'DONE');
  return {
    source: 'charge',
    chargeId: c.id,
    state: c.state,
    amount: c.amount,
    currency: c.currency,
    at: c.at,
    operator: c.operator,
    // A refund journalled without an amount (or 0) refunded what was left: the whole charge at most.
    refunded: Math.min(
      c.amount,
      done.filter((o) => o.kind === 'refund').reduce((sum, o) => sum + (o.amount ? o.amount : c.amount), 0),
    ),
    reversed: done.some((o) => o.kind === 'reverse'),
    openOperations: operations.filter(isOpen).length,
  };
}

/** Minor units the operations of a kind that ended DONE name, or 'all' where one of them named none (0). */
function doneAmount(done: readonly OperationRow[], kind: 'deposit' | 'refund'): number | 'all' | undefined {
  const of = done.filter((o) => o.kind === kind);
  if (of.length === 0) return undefined;
  return of.some((o) => !o.amount) ? 'all' : of.reduce((sum, o) => sum + (o.amount ?? 0), 0);
}

/** What the app did to an order it did not charge: `operations` are all of the order's, oldest first (at least one). */
function operationsSide(operations: readonly OperationRow[]): OperationsSide {
  const done = operations.filter((o) => o.state === 'DONE');
  const captured = doneAmount(done, 'deposit');
  return {
    source: 'operations',
    ...(captured !== undefined ? { captured } : {}),
    refunded: doneAmount(done, 'refund') ?? 0,
    reversed: done.some((o) => o.kind === 'reverse'),
    done: done.length,
    refused: operations.filter((o) => o.state === 'REFUSED').length,
    openOperations: operations.filter(isOpen).length,
    at: operations[0]!.createdAt,
    operator: operations.at(-1)!.operator,
  };
}

/** What the gateway must show for what the journal says: the states it may be in, the refunded amount. */
function expectation(j: ChargeSide): { statuses: readonly OrderStatus[]; refunded: number } | undefined {
  if (j.state === 'DECLINED' || j.state === 'FAILED')
    return { statuses: [OrderStatus.REGISTERED, OrderStatus.REVERSED, OrderStatus.DECLINED], refunded: 0 };
  if (j.state !== 'PAID') return undefined;
  if (j.reversed) return { statuses: [OrderStatus.REVERSED], refunded: 0 };
  if (j.refunded >= j.amount) return { statuses: [OrderStatus.REFUNDED], refunded: j.amount };
  // Held or charged; partly refunded stays charged at the gateway.
  return { statuses: j.refunded > 0 ? [OrderStatus.DEPOSITED] : PAID_STATUSES, refunded: j.refunded };
}

function compare(j: ChargeSide, g: GatewaySide | undefined): Difference[] {
  const want = expectation(j);
  if (!want) return [];
  if (!g) return j.state === 'PAID' ? [{ kind: 'notAtGateway' }] : [];
  const out: Difference[] = [];
  if (!want.statuses.includes(g.status)) out.push({ kind: 'status', expected: want.statuses, actual: g.status });
  if (j.state !== 'PAID') return out;
  if (g.amount !== j.amount) out.push({ kind: 'amount', expected: j.amount, actual: g.amount });
  if (g.currency !== j.currency) out.push({ kind: 'currency', expected: j.currency, actual: g.currency });
  if (g.refunded !== want.refunded) out.push({ kind: 'refunded', expected: want.refunded, actual: g.refunded });
  return out;
}

/**
 * What the gateway must show for what the app did to a storefront's order, compared by what moved
 * (orderMoney): a reversal leaves it reversed; the refunds it sent are all that was refunded (a refund made
 * elsewhere disagrees, as on the app's own charges); a capture of an amount captured that amount.
 */
function compareOperations(j: OperationsSide, g: GatewaySide): Difference[] {
  if (j.done === 0) return [];
  if (j.reversed) return g.status === OrderStatus.REVERSED ? [] : [{ kind: 'status', expected: [OrderStatus.REVERSED], actual: g.status }];
  const refunded = j.refunded === 'all' ? g.captured : j.refunded;
  const statuses: readonly OrderStatus[] = refunded > 0 && refunded >= g.captured ? [OrderStatus.REFUNDED] : [OrderStatus.DEPOSITED];
  const out: Difference[] = [];
  if (!statuses.includes(g.status)) out.push({ kind: 'status', expected: statuses, actual: g.status });
  if (typeof j.captured === 'number' && g.captured !== j.captured) out.push({ kind: 'captured', expected: j.captured, actual: g.captured });
  if (g.refunded !== refunded) out.push({ kind: 'refunded', expected: refunded, actual: g.refunded });
  return out;
}

/** What moved on a row's order: as the gateway reports it, or as the charge journal says where the gateway has no such order. */
function movedOn(row: ReconciliationRow): MovedMoney | undefined {
  const g = row.gateway;
  if (g) return { currency: g.currency, held: g.held, captured: g.captured, refunded: g.refunded };
  const j = row.journal;
  if (j?.source !== 'charge' || j.state !== 'PAID' || j.reversed) return undefined;
  return { currency: j.currency, held: 0, captured: j.amount, refunded: j.refunded };
}

function totals(rows: readonly ReconciliationRow[]): Record<ReconciliationClass, ClassTotal> {
  const out = {} as Record<ReconciliationClass, ClassTotal>;
  for (const cls of RECONCILIATION_CLASSES) {
    const sums = new Map<string, MovedMoney>();
    let count = 0;
    for (const r of rows) {
      if (r.class !== cls) continue;
      count++;
      const m = movedOn(r);
      if (!m) continue;
      const sum = sums.get(m.currency);
      sums.set(
        m.currency,
        sum
          ? { currency: m.currency, held: sum.held + m.held, captured: sum.captured + m.captured, refunded: sum.refunded + m.refunded }
          : { currency: m.currency, held: m.held, captured: m.captured, refunded: m.refunded },
      );
    }
    out[cls] = { count, amounts: [...sums.values()].sort((a, b) => a.currency.localeCompare(b.currency)) };
  }
  return out;
}

export interface ReconcileSources {
  readonly journal: ChargeJournal;
  readonly operations: OperationJournal;
  readonly orders: PeriodOrders;
}

function chargeRow(c: ChargeRow, g: PeriodOrder | undefined, operations: ReadonlyMap<string, OperationRow[]>): ReconciliationRow {
  const orderId = c.orderId ?? g?.orderId;
  const j = chargeSide(c, (orderId && operations.get(orderId)) || []);
  const differences = compare(j, g && orderStandingOf(g));
  const open = j.state === 'PENDING' || j.state === 'UNKNOWN' || j.openOperations > 0;
  return {
    class: open ? 'open' : differences.length > 0 ? 'disagrees' : 'matched',
    orderNumber: c.orderNumber,
    ...(orderId ? { orderId } : {}),
    journal: j,
    ...(g ? { gateway: orderStandingOf(g) } : {}),
    differences,
  };
}

function operationsRow(orderId: string, g: PeriodOrder | undefined, operations: readonly OperationRow[]): ReconciliationRow {
  const j = operationsSide(operations);
  const differences = g ? compareOperations(j, orderStandingOf(g)) : [];
  return {
    class: j.openOperations > 0 || !g ? 'open' : differences.length > 0 ? 'disagrees' : 'matched',
    ...(g ? { orderNumber: g.orderNumber } : {}),
    orderId,
    journal: j,
    ...(g ? { gateway: orderStandingOf(g) } : {}),
    differences,
  };
}

/**
 * The journal's charges made in [from, to), the orders the app sent an operation on in it, and the
 * gateway's app-numbered paid orders of it, compared.
 */
export async function reconcile(s: ReconcileSources, environment: string, period: Window): Promise<Reconciliation> {
  // The journal's filter takes both ends; the period's end is not part of it.
  const charges = await s.journal.list({ environment, from: period.from, to: period.to - 1, limit: 1_000_000 });
  const gateway = s.orders.byOrderNumbers(
    environment,
    charges.map((c) => c.orderNumber),
  );
  const charged = new Set(charges.flatMap((c) => c.orderId ?? gateway.get(c.orderNumber)?.orderId ?? []));
  // Captures, refunds and reversals of the period on orders not charged in it: a storefront's, or the app's of before.
  const operated = (await s.operations.operatedIn(environment, period)).filter((id) => !charged.has(id));
  const operations = await s.operations.forOrders(environment, [...charged, ...operated]);
  const rows: ReconciliationRow[] = charges.map((c) => chargeRow(c, gateway.get(c.orderNumber), operations));
  for (const orderId of operated) {
    const g = s.orders.get(environment, orderId);
    const earlier = g && (await s.journal.byOrderNumber(environment, g.orderNumber));
    if (earlier && (earlier.orderId ?? orderId) === orderId) rows.push(chargeRow(earlier, g, operations));
    else rows.push(operationsRow(orderId, g, operations.get(orderId) ?? []));
  }
  const journalled = new Set(charges.map((c) => c.orderNumber));
  const appNumbered = s.orders
    .withPrefix(environment, period, PAID_STATUSES, APP_ORDER_PREFIX)
    .filter((o) => APP_ORDER_NUMBER.test(o.orderNumber) && !journalled.has(o.orderNumber));
  for (const o of appNumbered) {
    // Journalled before the period began (the gateway registered it just after): in the journal, not missing.
    if (await s.journal.byOrderNumber(environment, o.orderNumber)) continue;
    rows.push({ class: 'notInJournal', orderNumber: o.orderNumber, orderId: o.orderId, gateway: orderStandingOf(o), differences: [] });
  }
  return { period, rows, totals: totals(rows) };
}

const CSV_COLUMNS = [
  'class',
  'orderNumber',
  'orderId',
  'differences',
  'journal',
  'journalState',
  'journalAmount',
  'journalCaptured',
  'journalRefunded',
  'journalReversed',
  'journalCurrency',
  'chargedAt',
  'operator',
  'gatewayStatus',
  'gatewayAmount',
  'gatewayHeld',
  'gatewayCaptured',
  'gatewayRefunded',
  'gatewayCurrency',
  'registeredAt',
] as const;

/** A difference as a machine reads it: kind, what the journal implies, what the gateway shows. */
function differenceCode(d: Difference): string {
  switch (d.kind) {
    case 'notAtGateway':
      return 'notAtGateway';
    case 'status':
      return `status:${d.expected.join('|')}>${d.actual}`;
    default:
      return `${d.kind}:${d.expected}>${d.actual}`;
  }
}

/** The journal's columns of a row: a charge with what the app did to it since, or the app's operations on a storefront's order. */
function journalColumns(j: JournalSide | undefined) {
  if (!j)
    return {
      journal: '',
      journalState: '',
      journalAmount: '',
      journalCaptured: '',
      journalRefunded: '',
      journalReversed: '',
      journalCurrency: '',
      chargedAt: '',
      operator: '',
    };
  if (j.source === 'operations')
    return {
      journal: 'operations',
      journalState: '',
      journalAmount: '',
      journalCaptured: j.captured ?? '',
      journalRefunded: j.refunded,
      journalReversed: j.reversed ? 'yes' : '',
      journalCurrency: '',
      chargedAt: '',
      operator: j.operator,
    };
  return {
    journal: 'charge',
    journalState: j.state,
    journalAmount: j.amount,
    journalCaptured: '',
    journalRefunded: j.refunded,
    journalReversed: j.reversed ? 'yes' : '',
    journalCurrency: j.currency,
    chargedAt: new Date(j.at).toISOString(),
    operator: j.operator,
  };
}

/** The gateway's columns of a row: what moved counted by orderMoney, beside the status and amount it reports. */
function gatewayColumns(g: GatewaySide | undefined) {
  if (!g)
    return {
      gatewayStatus: '',
      gatewayAmount: '',
      gatewayHeld: '',
      gatewayCaptured: '',
      gatewayRefunded: '',
      gatewayCurrency: '',
      registeredAt: '',
    };
  return {
    gatewayStatus: g.status,
    gatewayAmount: g.amount,
    gatewayHeld: g.held,
    gatewayCaptured: g.captured,
    gatewayRefunded: g.refunded,
    gatewayCurrency: g.currency,
    registeredAt: new Date(g.registeredAt).toISOString(),
  };
}

/** The report as CSV (formula-safe): one row per order, raw values, the differences as codes. */
export function reconciliationCsv(r: Reconciliation): string {
  return exportCsv(
    r.rows.map((row) => ({
      class: row.class,
      orderNumber: row.orderNumber ?? '',
      orderId: row.orderId ?? '',
      differences: row.differences.map(differenceCode).join(' '),
      ...journalColumns(row.journal),
      ...gatewayColumns(row.gateway),
    })),
    CSV_COLUMNS,
  );
}
