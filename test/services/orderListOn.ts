/** The Orders list's service as the app builds it, over a test's SQLite file and a client of the sandbox. */
import type { GatewayClient } from '../../main/gateway/client.js';
import { lastOrdersSource } from '../../main/services/orderSync.js';
import { OrderList } from '../../main/services/orderList.js';
import { AuditRepository } from '../../main/store/audit.js';
import type { Db } from '../../main/store/database.js';
import { type ChargeJournal, SqliteChargeJournal } from '../../main/store/journal.js';
import { SqliteOperationJournal, type OperationJournal } from '../../main/store/operations.js';
import { OrderSyncs } from '../../main/store/orderSyncs.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';

/** `with` gives the journals or the audit log a test also reads; the rest are made over the same file. */
export function orderListOn(
  db: Db,
  client: GatewayClient,
  now: () => number,
  parts: {
    readonly osUser?: string;
    readonly journal?: ChargeJournal;
    readonly operations?: OperationJournal;
    readonly audit?: AuditRepository;
  } = {},
): OrderList {
  const orders = new PeriodOrders(db);
  return new OrderList({
    environment: 'sandbox',
    orders,
    syncs: new OrderSyncs(db, orders),
    source: lastOrdersSource(client),
    journal: parts.journal ?? new SqliteChargeJournal(db),
    operations: parts.operations ?? new SqliteOperationJournal(db),
    audit: parts.audit ?? new AuditRepository(db),
    osUser: parts.osUser ?? 'finance@desk',
    now,
  });
}
