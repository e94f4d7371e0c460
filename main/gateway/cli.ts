/**
 * The command line over the gateway client:
 *
 *   npm run -s gateway -- call <endpoint> --base-url URL [--user U --password P | --token T]
 *                          [--sign-key key.pem] [--timeout-ms N] [--params '<json>']
 *   npm run -s gateway -- keygen --out DIR --cn NAME --days N
 *   npm run -s gateway -- sign --key key.pem --body-file FILE
 *
 * `call` prints the normalised answer (or the error) as JSON. Exit status: 0 success; 1 a gateway,
 * HTTP or network error that moved no money; 2 a validation error (nothing sent) or bad usage; 3 a
 * payment whose outcome is unknown (look the order up before anything else).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SPEC_BY_NAME } from '../protocol/endpoints.js';
import { GatewayClient, type Credentials } from './client.js';
import { GatewayClientError } from './errors.js';
import { generateSigningKeyPair } from './keys.js';
import { RequestSigner } from './signer.js';

const USAGE = `usage:
  gateway call <endpoint> --base-url URL (--user U --password P | --token T) [--sign-key key.pem] [--timeout-ms N] [--params JSON]
      (the password or the token may come from GATEWAY_PASSWORD or GATEWAY_TOKEN instead)
  gateway keygen --out DIR --cn NAME --days N
  gateway sign --key key.pem --body-file FILE`;

class UsageError extends Error {}

const EXIT = { ok: 0, noMoneyMoved: 1, invalid: 2, outcomeUnknown: 3 } as const;

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new UsageError(`missing ${what}`);
  return value;
}

function wholeNumber(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value)) throw new UsageError(`${what} takes a whole number, not "${value}"`);
  return Number(value);
}

async function call(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      token: { type: 'string' },
      'sign-key': { type: 'string' },
      'timeout-ms': { type: 'string' },
      params: { type: 'string', default: '{}' },
    },
  });
  const endpoint = need(positionals[0], 'the endpoint name (register.do, getOrderStatusExtended.do, applepay/payment.do, ...)');
  // Secrets may come from the environment instead of the command line, where ps and shell history see them.
  const password = values.password ?? process.env.GATEWAY_PASSWORD;
  const token = values.token ?? (values.user === undefined ? process.env.GATEWAY_TOKEN : undefined);
  let credentials: Credentials;
  if (token !== undefined) {
    if (values.user !== undefined || values.password !== undefined) {
      throw new UsageError('give either --token or --user and --password, not both');
    }
    credentials = { token };
  } else {
    credentials = { userName: need(values.user, '--user (or --token)'), password: need(password, '--password (or GATEWAY_PASSWORD)') };
  }
  let params: unknown;
  try {
    params = JSON.parse(values.params);
  } catch {
    throw new UsageError('--params must be JSON');
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new UsageError('--params must be a JSON object');

  const client = new GatewayClient({
    baseUrl: need(values['base-url'], '--base-url'),
    credentials,
    timeoutMs: wholeNumber(values['timeout-ms'], '--timeout-ms'),
    ...(values['sign-key'] ? { signing: { privateKey: readFileSync(values['sign-key'], 'utf8') } } : {}),
  });
  try {
    const answer = await client.call(endpoint, params as Record<string, unknown>);
    console.log(JSON.stringify(answer, null, 2));
    return EXIT.ok;
  } catch (err) {
    if (!(err instanceof GatewayClientError)) {
      // An unexpected failure after a payment request may have been sent leaves its outcome unknown.
      if (SPEC_BY_NAME.get(endpoint)?.kind === 'payment') {
        const message = err instanceof Error ? err.message : String(err);
        console.log(JSON.stringify({ kind: 'outcomeUnknown', endpoint, message, outcomeUnknown: true }, null, 2));
        return EXIT.outcomeUnknown;
      }
      throw err;
    }
    console.log(JSON.stringify(err.toJSON(), null, 2));
    if (err.kind === 'validation') return EXIT.invalid;
    return err.outcomeUnknown ? EXIT.outcomeUnknown : EXIT.noMoneyMoved;
  } finally {
    await client.close();
  }
}

async function keygen(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' }, cn: { type: 'string' }, days: { type: 'string' } } });
  const out = need(values.out, '--out');
  const pair = await generateSigningKeyPair({
    commonName: need(values.cn, '--cn'),
    days: need(wholeNumber(values.days, '--days'), '--days'),
  });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'key.pem'), pair.privateKeyPem, { mode: 0o600 });
  writeFileSync(join(out, 'cert.pem'), pair.certificatePem);
  console.log(
    JSON.stringify({
      key: join(out, 'key.pem'),
      cert: join(out, 'cert.pem'),
      fingerprint256: pair.fingerprint256,
      notAfter: pair.notAfter.toISOString(),
    }),
  );
  return EXIT.ok;
}

function sign(args: string[]): number {
  const { values } = parseArgs({ args, options: { key: { type: 'string' }, 'body-file': { type: 'string' } } });
  const signer = new RequestSigner(readFileSync(need(values.key, '--key'), 'utf8'));
  console.log(JSON.stringify(signer.sign(readFileSync(need(values['body-file'], '--body-file')))));
  return EXIT.ok;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'call':
        return await call(rest);
      case 'keygen':
        return await keygen(rest);
      case 'sign':
        return sign(rest);
      default:
        throw new UsageError(command === undefined ? 'missing command' : `unknown command ${command}`);
    }
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(err as Error).message}\n${USAGE}`);
      return EXIT.invalid;
    }
    console.error(`gateway: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.noMoneyMoved;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
