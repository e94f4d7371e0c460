// A process that syncs a window into a data file, announcing each page kept, until it is killed.
import { GatewayClient } from '../../main/gateway/client.js';
import { lastOrdersSource, OrderSync } from '../../main/services/orderSync.js';
import { openDatabase } from '../../main/store/database.js';
import { OrderSyncs } from '../../main/store/orderSyncs.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';

const db = openDatabase(process.env.DB_FILE!);
const client = new GatewayClient({ baseUrl: process.env.GATEWAY_URL!, credentials: { userName: 'sandbox-api', password: 'sandbox-pass' } });
const sync = new OrderSync({
  syncs: new OrderSyncs(db, new PeriodOrders(db)),
  environment: 'sandbox',
  source: lastOrdersSource(client),
  pageSize: Number(process.env.PAGE_SIZE),
  // The sandbox's clock, which the test moved.
  now: () => Date.now() + Number(process.env.CLOCK_OFFSET_MS),
});
await sync.sync(
  { from: Number(process.env.FROM), to: Number(process.env.TO) },
  { onProgress: (p) => process.stdout.write(`kept ${p.kept}\n`) },
);
process.stdout.write('finished\n');
