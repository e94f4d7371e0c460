/**
 * `npm run sandbox -- [--port N] [--host H] [--data FILE] [--rps N] [--concurrency N] [--seed N] [--demo]
 * [--callbacks-any-host]`: runs the sandbox gateway until interrupted. Prints one line with its URL once
 * it accepts requests.
 */
import { parseArgs } from 'node:util';
import { createSandbox } from './server.js';

const USAGE =
  'usage: npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--data FILE] [--rps N] [--concurrency N] [--seed N] [--demo] [--callbacks-any-host]';

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value)) {
    console.error(`--${name} takes a whole number, not "${value}"\n${USAGE}`);
    process.exit(2);
  }
  return Number(value);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        rps: { type: 'string' },
        concurrency: { type: 'string' },
        seed: { type: 'string' },
        demo: { type: 'boolean' },
        'callbacks-any-host': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const sandbox = await createSandbox({
    port: wholeNumber('port', values.port, 8787),
    host: values.host ?? '127.0.0.1',
    dataFile: values.data,
    limits: { rps: wholeNumber('rps', values.rps, 0), concurrency: wholeNumber('concurrency', values.concurrency, 0) },
    seed: values.seed === undefined ? undefined : wholeNumber('seed', values.seed, 0),
    demo: values.demo ?? false,
    callbacks: { anyHost: values['callbacks-any-host'] ?? false },
  });
  console.log(`Sandbox gateway listening on ${sandbox.url} (merchant sandbox-api / sandbox-pass, token sandbox-token)`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`sandbox: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
