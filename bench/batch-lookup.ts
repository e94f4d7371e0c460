/**
 * Batch look-up of 10,000 orders against the sandbox limited to 500 requests per second: wall time
 * against the ideal (N / limit), and how many 429 answers the client's limiter drew on the way.
 *
 *   npm run bench:batch [-- --orders 10000 --limit 500]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GatewayClient } from '../main/gateway/client.js';
import { OrderService, type OrderView } from '../main/services/orders.js';
import { openDatabase } from '../main/store/database.js';
import { OrderCache } from '../main/store/orderCache.js';
import { SqliteOperationJournal } from '../main/store/operations.js';
import { SqliteChargeJournal } from '../main/store/journal.js';
import { sandboxControl, startSandboxProcess } from './child.js';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '10000' }, limit: { type: 'string', default: '500' } } });
const n = Number(values.orders);
const limit = Number(values.limit);
const credentials = { userName: 'sandbox-api', password: 'sandbox-pass' };

const sandbox = await startSandboxProcess();
const dir = mkdtempSync(join(tmpdir(), 'bench-batch-'));
try {
  // Orders to look up, made before the limit applies.
  const setup = new GatewayClient({ baseUrl: sandbox.url, credentials, limits: { maxInFlight: 32 } });
  const numbers = Array.from({ length: n }, (_, i) => `BATCH-${Date.now()}-${i}`);
  for (let i = 0; i < n; i += 500) {
    await Promise.all(
      numbers.slice(i, i + 500).map((orderNumber) => setup.register({ orderNumber, amount: 100, returnUrl: 'https://shop.example/ok' })),
    );
  }
  await setup.close();
  await sandboxControl(sandbox, 'PATCH', '/merchants/sandbox', { rps: limit });

  // The client is told the gateway's limit; its limiter paces starts and backs off on any 429.
  const client = new GatewayClient({ baseUrl: sandbox.url, credentials, limits: { maxInFlight: 32, rps: limit }, retry: { attempts: 10 } });
  const db = openDatabase(join(dir, 'app.sqlite'));
  const service = new OrderService({
    environment: 'bench',
    client,
    cache: new OrderCache<OrderView>(db),
    charges: new SqliteChargeJournal(db),
    operations: new SqliteOperationJournal(db),
  });
  const started = performance.now();
  const results = await service.lookupMany(numbers);
  const seconds = (performance.now() - started) / 1000;
  const ideal = n / limit;
  console.log(`\n${n} look-ups, sandbox limited to ${limit} requests/s`);
  console.log(`found ${results.filter((r) => r.kind === 'found').length}, other ${results.filter((r) => r.kind !== 'found').length}`);
  console.log(`wall time ${seconds.toFixed(1)} s, ideal ${ideal.toFixed(1)} s, ratio ${(seconds / ideal).toFixed(2)}`);
  console.log(`429 answers drawn: ${client.limiter.throttledCount}`);
  await client.close();
  db.close();
} finally {
  sandbox.child.kill();
  rmSync(dir, { recursive: true, force: true });
}
