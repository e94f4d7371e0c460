/** The order look-up service as the app builds it, over a test's SQLite file and a client of the sandbox. */
import type { GatewayClient } from '../../main/gateway/client.js';
import { OrderService, type OrderServiceOptions } from '../../main/services/orders.js';
import type { OrderView } from '../../main/services/views.js';
import { OrderCache } from '../../main/store/orderCache.js';
import type { Db } from '../../main/store/database.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { SqliteOperationJournal } from '../../main/store/operations.js';

/** `options` overrides what a test needs otherwise (the environment, a clock, the batch's concurrency). */
export const orderServiceOn = (db: Db, client: GatewayClient, options: Partial<OrderServiceOptions> = {}): OrderService =>
  new OrderService({
    environment: 'sandbox',
    client,
    cache: new OrderCache<OrderView>(db),
    charges: new SqliteChargeJournal(db),
    operations: new SqliteOperationJournal(db),
    ...options,
  });
