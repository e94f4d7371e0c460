/**
 * The reconciliation of a period: the app's journal of charges (with the refunds and reversals it sent
 * for them) against the gateway's orders of that period as the last sync read them. Each row is one
 * order and one class:
 *
 * - matched: the gateway shows what the journal says happened;
 * - disagrees: the journal has it paid (or declined) but the gateway shows another state, amount,
 *   currency or refunded amount, or does not have the order at all;
 * - notInJournal: the gateway has a paid order under a number the app makes up (BO-...) that the journal
 *   never wrote: a charge from another installation, or one whose journal was lost;
 * - open: the journal does not know the outcome yet (a charge or an operation pending or unknown): the
 *   charge journal's reconcile action settles it.
 *
 * Rows carry codes and raw values (minor units, numeric currencies, status codes), not sentences: the
 * screen words them. Refunds and reversals sent for orders the app did not charge are left out: there is
 * no journalled charge to hold them against.
 */
import type { ChargeJournal, ChargeRow } from '../store/journal.js';
import type { OperationJournal, OperationRow } from '../store/operations.js';
import type { ChargeState } from '../store/journal.js';
import type { Window } from '../store/orderSyncs.js';
import { PAID_STATUSES, type PeriodOrder, type PeriodOrders } from '../store/periodOrders.js';
import {
  RECONCILIATION_CLASSES,
  type ClassTotal,
  type Difference,
  type GatewaySide,
  type JournalSide,
  type JournalState,
  type OrderStatusCode,
  type Reconciliation,
  type ReconciliationClass,
  type ReconciliationRow,
} from './periodViews.js';
import { APP_ORDER_NUMBER, APP_ORDER_PREFIX } from './charges.js';
import { exportCsv } from './csvExport.js';

export { RECONCILIATION_CLASSES } from './periodViews.js';
export type {
  ClassTotal,
  Difference,
  GatewaySide,
  JournalSide,
  Reconciliation,
  ReconciliationClass,
  ReconciliationRow,
} from './periodViews.js';

// The screen's copy of the journal's states must stay the journal's own.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const statesAgree: Same<ChargeState, JournalState> = true;
void statesAgree;

const gatewaySide = (o: PeriodOrder): GatewaySide => ({
  status: o.status,
  amount: o.amount,
  depositedAmount: o.captured,
  refundedAmount: o.refunded,
  currency: o.currency,
  registeredAt: o.registeredAt,
});

function journalSide(c: ChargeRow, operations: readonly OperationRow[]): JournalSide {
  const done = operations.filter((o) => o.state === 'DONE');
  return {
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
    openOperations: operations.filter((o) => o.state === 'PENDING' || o.state === 'UNKNOWN').length,
  };
}

/** What the gateway must show for what the journal says: the states it may be in, the refunded amount. */
function expectation(j: JournalSide): { statuses: readonly OrderStatusCode[]; refunded: number } | undefined {
  if (j.state === 'DECLINED' || j.state === 'FAILED') return { statuses: [0, 3, 6], refunded: 0 };
  if (j.state !== 'PAID') return undefined;
  if (j.reversed) return { statuses: [3], refunded: 0 };
  if (j.refunded >= j.amount) return { statuses: [4], refunded: j.amount };
  // Held or charged; partly refunded stays charged at the gateway.
  return { statuses: j.refunded > 0 ? [2] : PAID_STATUSES, refunded: j.refunded };
}

function compare(j: JournalSide, g: GatewaySide | undefined): Difference[] {
  const want = expectation(j);
  if (!want) return [];
  if (!g) return j.state === 'PAID' ? [{ kind: 'notAtGateway' }] : [];
  const out: Difference[] = [];
  if (!want.statuses.includes(g.status)) out.push({ kind: 'status', expected: want.statuses, actual: g.status });
  if (j.state !== 'PAID') return out;
  if (g.amount !== j.amount) out.push({ kind: 'amount', expected: j.amount, actual: g.amount });
  if (g.currency !== j.currency) out.push({ kind: 'currency', expected: j.currency, actual: g.currency });
  if (g.refundedAmount !== want.refunded) out.push({ kind: 'refunded', expected: want.refunded, actual: g.refundedAmount });
  return out;
}

function totals(rows: readonly ReconciliationRow[]): Record<ReconciliationClass, ClassTotal> {
  const out = {} as Record<ReconciliationClass, ClassTotal>;
  for (const cls of RECONCILIATION_CLASSES) {
    const sums = new Map<string, number>();
    let count = 0;
    for (const r of rows) {
      if (r.class !== cls) continue;
      count++;
      const side = r.journal ?? r.gateway;
      if (side) sums.set(side.currency, (sums.get(side.currency) ?? 0) + side.amount);
    }
    out[cls] = { count, amounts: [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount })) };
  }
  return out;
}

export interface ReconcileSources {
  readonly journal: ChargeJournal;
  readonly operations: OperationJournal;
  readonly orders: PeriodOrders;
}

/** The journal's charges made in [from, to), and the gateway's app-numbered paid orders of it, compared. */
export function reconcile(s: ReconcileSources, environment: string, period: Window): Reconciliation {
  // The journal's filter takes both ends; the period's end is not part of it.
  const charges = s.journal.list({ environment, from: period.from, to: period.to - 1, limit: 1_000_000 });
  const gateway = s.orders.byOrderNumbers(
    environment,
    charges.map((c) => c.orderNumber),
  );
  const operations = s.operations.forOrders(
    environment,
    charges.flatMap((c) => {
      const id = c.orderId ?? gateway.get(c.orderNumber)?.orderId;
      return id ? [id] : [];
    }),
  );
  const rows: ReconciliationRow[] = [];
  for (const c of charges) {
    const g = gateway.get(c.orderNumber);
    const orderId = c.orderId ?? g?.orderId;
    const j = journalSide(c, (orderId && operations.get(orderId)) || []);
    const differences = compare(j, g && gatewaySide(g));
    const open = j.state === 'PENDING' || j.state === 'UNKNOWN' || j.openOperations > 0;
    rows.push({
      class: open ? 'open' : differences.length > 0 ? 'disagrees' : 'matched',
      orderNumber: c.orderNumber,
      ...(orderId ? { orderId } : {}),
      journal: j,
      ...(g ? { gateway: gatewaySide(g) } : {}),
      differences,
    });
  }
  const journalled = new Set(charges.map((c) => c.orderNumber));
  const appNumbered = s.orders
    .withPrefix(environment, period, PAID_STATUSES, APP_ORDER_PREFIX)
    .filter((o) => APP_ORDER_NUMBER.test(o.orderNumber) && !journalled.has(o.orderNumber));
  for (const o of appNumbered) {
    // Journalled before the period began (the gateway registered it just after): in the journal, not missing.
    if (s.journal.byOrderNumber(environment, o.orderNumber)) continue;
    rows.push({ class: 'notInJournal', orderNumber: o.orderNumber, orderId: o.orderId, gateway: gatewaySide(o), differences: [] });
  }
  return { period, rows, totals: totals(rows) };
}

const CSV_COLUMNS = [
  'class',
  'orderNumber',
  'orderId',
  'differences',
  'journalState',
  'journalAmount',
  'journalRefunded',
  'journalCurrency',
  'chargedAt',
  'operator',
  'gatewayStatus',
  'gatewayAmount',
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

/** The report as CSV (formula-safe): one row per order, raw values, the differences as codes. */
export function reconciliationCsv(r: Reconciliation): string {
  return exportCsv(
    r.rows.map((row) => ({
      class: row.class,
      orderNumber: row.orderNumber,
      orderId: row.orderId ?? '',
      differences: row.differences.map(differenceCode).join(' '),
      journalState: row.journal?.state ?? '',
      journalAmount: row.journal?.amount ?? '',
      journalRefunded: row.journal?.refunded ?? '',
      journalCurrency: row.journal?.currency ?? '',
      chargedAt: row.journal ? new Date(row.journal.at).toISOString() : '',
      operator: row.journal?.operator ?? '',
      gatewayStatus: row.gateway?.status ?? '',
      gatewayAmount: row.gateway?.amount ?? '',
      gatewayRefunded: row.gateway?.refundedAmount ?? '',
      gatewayCurrency: row.gateway?.currency ?? '',
      registeredAt: row.gateway ? new Date(row.gateway.registeredAt).toISOString() : '',
    })),
    CSV_COLUMNS,
  );
}
