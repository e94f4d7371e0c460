/**
 * `npm run sandbox -- [--port N] [--host H] [--data FILE] [--rps N] [--concurrency N] [--seed N] [--demo]
 * [--callbacks-any-host] [--control-token T]`: runs the sandbox gateway until interrupted. Prints one line
 * with its URL once it accepts requests, and in the same write a second line with the control API's token
 * (a fresh one per launch, unless one is given by --control-token or SANDBOX_CONTROL_TOKEN) and a third with
 * the developer console's link (the token in it works for the whole launch).
 */
import { parseArgs } from 'node:util';
import { ControlTokenError } from './http/controlGuard.js';
import { createSandbox } from './server.js';

const USAGE = `usage: npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--data FILE] [--rps N] [--concurrency N] [--seed N] [--demo] [--callbacks-any-host] [--control-token T]

The control API (/sandbox/...) takes only requests with Content-Type: application/json (for anything but
GET), a loopback Host (127.0.0.1, localhost or [::1]), no foreign Origin, and the control token as
"Authorization: Bearer <token>". The token is random per launch and printed at start, unless one is given:
  --control-token T           use T (16+ characters of letters, digits and - . _ ~ + /)
  SANDBOX_CONTROL_TOKEN=T     the same, without showing T to other users in the process list`;

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
        'control-token': { type: 'string' },
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
  const givenToken = values['control-token'] ?? (process.env.SANDBOX_CONTROL_TOKEN || undefined);
  const sandbox = await createSandbox({
    port: wholeNumber('port', values.port, 8787),
    host: values.host ?? '127.0.0.1',
    dataFile: values.data,
    limits: { rps: wholeNumber('rps', values.rps, 0), concurrency: wholeNumber('concurrency', values.concurrency, 0) },
    seed: values.seed === undefined ? undefined : wholeNumber('seed', values.seed, 0),
    demo: values.demo ?? false,
    callbacks: { anyHost: values['callbacks-any-host'] ?? false },
    controlToken: givenToken,
  }).catch((err: unknown) => {
    if (!(err instanceof ControlTokenError)) throw err;
    console.error(`${err.message}\n${USAGE}`);
    process.exit(2);
  });
  // One write, so a reader that waits for the URL has the token line too.
  console.log(
    `Sandbox gateway listening on ${sandbox.url} (merchant sandbox-api / sandbox-pass, token sandbox-token)\n` +
      (givenToken === undefined
        ? `Control API token: ${sandbox.controlToken} (send as Authorization: Bearer <token>)\n` +
          `Developer console: ${sandbox.url}/sandbox/console?token=${encodeURIComponent(sandbox.controlToken)}`
        : 'Control API token: the one given (--control-token or SANDBOX_CONTROL_TOKEN)\n' +
          `Developer console: ${sandbox.url}/sandbox/console?token=<the token>`),
  );
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
