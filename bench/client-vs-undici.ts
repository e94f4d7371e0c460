/**
 * The gateway client against raw undici requests to the same sandbox, measured side by side in one run:
 * throughput and p50/p99 latency for getOrderStatusExtended.do, unsigned and signed, with the ratio of
 * the client to raw undici. The sandbox runs in its own process; both load generators run here, with
 * the same concurrency and the same keep-alive pool settings.
 *
 *   npm run bench:client [-- --seconds 12 --rounds 36 --concurrency 16]   (seconds per side, split into rounds)
 */
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { GatewayClient } from '../main/gateway/client.js';
import { generateSigningKeyPair } from '../main/gateway/keys.js';
import { RequestSigner } from '../main/gateway/signer.js';
import { pinApart, sandboxControl, startSandboxProcess } from './child.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '36' },
    concurrency: { type: 'string', default: '16' },
  },
});
/**
 * Alternating rounds per side; the ratio is the median of the rounds' ratios, robust to a noisy neighbour.
 * Many short rounds rather than a few long ones: raw undici measured against itself this way gave ratios
 * of 0.98 to 1.03 over four runs with 36 rounds in 12 s, and 0.99 to 1.11 over seven with 12 rounds in 8 s.
 */
const ROUNDS = Number(values.rounds);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const durationMs = Number(values.seconds) * 1000;
const concurrency = Number(values.concurrency);

interface Measurement {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
}

async function measure(once: () => Promise<void>, ms: number): Promise<Measurement> {
  const latencies: number[] = [];
  const deadline = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await once();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
}

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess();
  const pinned = pinApart(sandbox.child);
  const agent = new Agent({ connections: concurrency, keepAliveTimeout: 30_000, pipelining: 1 });
  const plain = new GatewayClient({
    baseUrl: sandbox.url,
    credentials: { userName: 'sandbox-api', password: 'sandbox-pass' },
    limits: { maxInFlight: concurrency },
  });
  const keys = await generateSigningKeyPair({ commonName: 'signed', days: 1 });
  await sandboxControl(sandbox, 'POST', '/merchants/signed/certificates', { pem: keys.certificatePem });
  const signedCredentials = { userName: 'signed-api', password: 'signed-pass' };
  const signed = new GatewayClient({
    baseUrl: sandbox.url,
    credentials: signedCredentials,
    limits: { maxInFlight: concurrency },
    signing: { privateKey: keys.privateKeyPem },
  });
  const signer = new RequestSigner(keys.privateKeyPem);
  try {
    const order = (client: GatewayClient) =>
      client.register({
        orderNumber: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
        amount: 100,
        returnUrl: 'https://shop.example/ok',
      });
    const { orderId } = await order(plain);
    const { orderId: signedOrderId } = await order(signed);
    const statusUrl = `${sandbox.url}/payment/rest/getOrderStatusExtended.do`;

    // Raw undici as a caller would write it: the parameters encoded per request (URLSearchParams), posted,
    // the JSON parsed; when signed, the body signed per request, as the client does.
    const raw = (credentials: Record<string, string>, id: string, sign: boolean) => async () => {
      const body = Buffer.from(new URLSearchParams({ ...credentials, orderId: id, language: 'en' }).toString());
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      if (sign) {
        const s = signer.sign(body);
        headers['x-hash'] = s.xHash;
        headers['x-signature'] = s.xSignature;
      }
      const res = await request(statusUrl, { method: 'POST', headers, body, dispatcher: agent });
      const json = (await res.body.json()) as { errorCode?: string };
      if (res.statusCode !== 200 || json.errorCode !== '0')
        throw new Error(`raw request failed: ${res.statusCode} ${JSON.stringify(json)}`);
    };
    const viaClient = (client: GatewayClient, id: string) => async () => {
      await client.getOrderStatusExtended({ orderId: id, language: 'en' });
    };
    const runs = [
      {
        name: 'unsigned',
        raw: raw({ userName: 'sandbox-api', password: 'sandbox-pass' }, orderId, false),
        client: viaClient(plain, orderId),
      },
      {
        name: 'signed',
        raw: raw(signedCredentials, signedOrderId, true),
        client: viaClient(signed, signedOrderId),
      },
    ];

    console.log(
      `\ngetOrderStatusExtended.do, ${concurrency} concurrent, ${ROUNDS} rounds of ${(durationMs / ROUNDS / 1000).toFixed(1)}s per side, sandbox in its own process${pinned ? ' pinned to another core' : ''} (node ${process.version})`,
    );
    console.log('Each round measures raw undici and the client back to back (alternating which goes first); medians are shown.\n');
    console.log('run        who          req/s    p50 ms   p99 ms   client/raw throughput (median of rounds)');
    for (const run of runs) {
      await measure(run.raw, 1000); // warm-up of both paths
      await measure(run.client, 1000);
      const raws: Measurement[] = [];
      const clients: Measurement[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const slice = durationMs / ROUNDS;
        if (round % 2 === 0) {
          raws.push(await measure(run.raw, slice));
          clients.push(await measure(run.client, slice));
        } else {
          clients.push(await measure(run.client, slice));
          raws.push(await measure(run.raw, slice));
        }
      }
      const ratio = median(raws.map((r, i) => clients[i]!.rps / r.rps));
      const row = (who: string, ms: Measurement[], text: string) =>
        console.log(
          `${run.name.padEnd(10)} ${who.padEnd(10)} ${median(ms.map((m) => m.rps))
            .toFixed(0)
            .padStart(8)} ${median(ms.map((m) => m.p50))
            .toFixed(2)
            .padStart(9)} ${median(ms.map((m) => m.p99))
            .toFixed(2)
            .padStart(8)}   ${text}`,
        );
      row('raw undici', raws, '');
      row('client', clients, ratio.toFixed(2));
    }
  } finally {
    await plain.close();
    await signed.close();
    await agent.close();
    sandbox.child.kill();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
