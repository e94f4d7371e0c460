/**
 * Sandbox throughput: requests per second for register.do and getOrderStatusExtended.do, from autocannon
 * on the same machine, against the sandbox running in its own process. A bare node:http server that
 * answers a fixed JSON body is measured in the same run as the ceiling of this machine and load
 * generator, and each result is printed with its ratio to that ceiling.
 *
 *   npm run bench:sandbox [-- --seconds 5 --connections 32]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startListening, startSandboxProcess } from './child.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '32' } } });
const duration = Number(values.seconds);
const connections = Number(values.connections);

const BARE_SERVER = `
const body = JSON.stringify({ errorCode: '0', orderId: '00000000-0000-4000-8000-000000000000', formUrl: 'http://127.0.0.1/x' });
require('node:http').createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); res.end(body); });
}).listen(0, '127.0.0.1', function () { console.log('http://127.0.0.1:' + this.address().port); });`;

const AUTH = 'userName=sandbox-api&password=sandbox-pass';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function load(name: string, url: string, path: string, body: () => string): Promise<Result> {
  const r = await autocannon({
    url,
    duration,
    connections,
    requests: [{ method: 'POST', path, headers: FORM, setupRequest: (req) => ({ ...req, body: body() }) }],
  });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures: r.non2xx + r.errors + r.timeouts };
}

async function main(): Promise<void> {
  const bare = await startListening(['-e', BARE_SERVER]);
  const sandbox = await startSandboxProcess();
  try {
    const registerBody = () => `${AUTH}&orderNumber=${randomUUID()}&amount=1000&returnUrl=https%3A%2F%2Fshop.example%2Fok`;
    const seeded = (await (
      await fetch(`${sandbox.url}/payment/rest/register.do`, { method: 'POST', headers: FORM, body: registerBody() })
    ).json()) as { orderId: string };
    const statusBody = `${AUTH}&orderId=${seeded.orderId}&language=en`;

    const results = [
      await load('bare node:http (ceiling)', bare.url, '/', registerBody),
      await load('sandbox register.do', sandbox.url, '/payment/rest/register.do', registerBody),
      await load('sandbox getOrderStatusExtended.do', sandbox.url, '/payment/rest/getOrderStatusExtended.do', () => statusBody),
    ];
    const ceiling = results[0]!.rps;
    console.log(
      `\n${duration}s per run, ${connections} connections, loopback, one machine (${process.platform}, node ${process.version})\n`,
    );
    console.log('run                                   req/s   p50 ms  p99 ms  failures  ratio to ceiling');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.failures).padStart(9)}  ${(r.rps / ceiling).toFixed(2)}`,
      );
    }
  } finally {
    bare.child.kill();
    sandbox.child.kill();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
