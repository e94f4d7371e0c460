/**
 * The app in browser mode, in its own process, for bench/batch-lookup.ts: a fresh data folder whose embedded
 * sandbox holds `--orders` orders numbered `<prefix>-<i>` and allows its merchant `--limit` requests per
 * second, then opened again, as a person's restart would, so that the app reads that limit as it opens the
 * sandbox. Prints the host's URL once it listens, and a line "429" for each answer of 429 the app logs.
 *
 *   tsx bench/batch-ipc-host.ts --dir FOLDER --orders N --prefix P --limit L   (BENCH_HOST_TOKEN: the host's token)
 */
import { parseArgs } from 'node:util';
import { openBrowserMode } from '../main/browserMode.js';
import { GatewayClient } from '../main/gateway/client.js';
import { SANDBOX_MERCHANT } from '../main/sandbox/index.js';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, orders: { type: 'string' }, prefix: { type: 'string' }, limit: { type: 'string' } },
});
const dataFolder = values.dir!;
const token = process.env.BENCH_HOST_TOKEN!;
const n = Number(values.orders);

const first = await openBrowserMode({ dataFolder, token, log: () => undefined });
const sandbox = first.core.sandbox;
const setup = new GatewayClient({
  baseUrl: sandbox.url,
  credentials: { userName: SANDBOX_MERCHANT.apiUser, password: SANDBOX_MERCHANT.password },
  limits: { maxInFlight: 32 },
});
for (let i = 0; i < n; i += 500) {
  await Promise.all(
    Array.from({ length: Math.min(500, n - i) }, (_, k) =>
      setup.register({ orderNumber: `${values.prefix}-${i + k}`, amount: 100, returnUrl: 'https://shop.example/ok' }),
    ),
  );
}
await setup.close();
const patched = await fetch(`${sandbox.url}/sandbox/merchants/${SANDBOX_MERCHANT.login}`, {
  method: 'PATCH',
  headers: { authorization: `Bearer ${sandbox.controlToken}`, 'content-type': 'application/json' },
  body: JSON.stringify({ rps: Number(values.limit) }),
});
if (!patched.ok) throw new Error(`sandbox limit not set: ${patched.status}`);
await first.close();

const mode = await openBrowserMode({
  dataFolder,
  token,
  log: (line) => {
    if (/ HTTP 429\b/.test(line)) process.stdout.write('429\n');
  },
});
console.log(mode.host.origin);
process.on('SIGTERM', () => void mode.close().then(() => process.exit(0)));
