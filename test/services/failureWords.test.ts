/**
 * What a failed gateway request says on screen: words that say what happened, what it did to money and what
 * to do, with the client's technical account kept as the detail (for Details and main's log). Against the
 * sandbox over HTTP with its faults, and a closed port for a refused connection; real SQLite files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { GatewayClientError } from '../../main/gateway/errors.js';
import { generateSigningKeyPair } from '../../main/gateway/keys.js';
import { toIpcError } from '../../main/ipc/errors.js';
import { english } from '../../main/phrases/english.js';
import { AppCore } from '../../main/services/appCore.js';
import { OrderOperations } from '../../main/services/orderOperations.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SqliteOperationJournal } from '../../main/store/operations.js';
import { control, paidOrder, uniqueNumber } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';
import { orderServiceOn } from './orderServiceOn.js';

const sb = sandboxOfFile();
let db: Db;
const client = clientOfFile(
  () => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' }, language: 'en', retry: FAST_RETRIES }),
);
let closedPortClient: GatewayClient;
const dir = mkdtempSync(join(tmpdir(), 'failure-words-test-'));
const FAST_RETRIES = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 };

/** A loopback port nothing listens on: bound once by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function services(c: GatewayClient) {
  const audit = new AuditRepository(db);
  return {
    audit,
    orders: orderServiceOn(db, c),
    operations: new OrderOperations({
      environment: 'sandbox',
      operator: 'finance@desk',
      osUser: 'finance',
      client: c,
      journal: new SqliteOperationJournal(db),
      audit,
    }),
  };
}

/** What the IPC layer sends the renderer for an error the client throws, and what it writes to the log. */
async function ipcErrorOf(call: Promise<unknown>) {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayClientError);
  const log: string[] = [];
  return { error: toIpcError(err, (line) => log.push(line)), log };
}

beforeAll(async () => {
  db = openDatabase(join(dir, 'app.sqlite'));
  closedPortClient = new GatewayClient({
    baseUrl: `http://127.0.0.1:${await closedPort()}`,
    credentials: { token: 'sandbox-token' },
    language: 'en',
    retry: FAST_RETRIES,
  });
});
afterAll(async () => {
  await closedPortClient.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => control(sb, 'DELETE', '/faults'));

describe('a gateway answering HTTP 503', () => {
  it('says the gateway is not answering, that a look-up changed nothing, and what to do; the status line is the detail', async () => {
    await control(sb, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'status', status: 503, count: 0 }],
    });
    const expected =
      'The gateway is not answering (HTTP 503). Nothing was changed. Try again in a minute; if it persists, check the environment in Settings.';

    const result = await services(client).orders.lookup(uniqueNumber('words-503'));
    expect(result).toEqual({
      query: expect.any(String),
      kind: 'failed',
      reason: [{ code: 'gateway.serverFault', params: { status: 503 } }, { code: 'gateway.effect.nothing' }, { code: 'gateway.tryLater' }],
      detail: 'getOrderStatusExtended.do answered HTTP 503',
    });
    if (result.kind === 'failed') expect(english(result.reason)).toBe(expected);

    const { error, log } = await ipcErrorOf(client.getOrderStatusExtended({ orderNumber: uniqueNumber('words-503') }));
    expect(error).toEqual({
      code: 'gateway',
      said: [{ code: 'gateway.serverFault', params: { status: 503 } }, { code: 'gateway.effect.nothing' }, { code: 'gateway.tryLater' }],
      message: expected,
      detail: 'getOrderStatusExtended.do answered HTTP 503',
    });
    expect(log.join('\n')).toContain('getOrderStatusExtended.do answered HTTP 503');
  });

  it('on a refund, does not claim nothing changed: the refund may have been made and is reconciled', async () => {
    const orderId = await paidOrder(sb);
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/refund.do', mode: 'status', status: 503 }] });
    const { error } = await ipcErrorOf(client.refund({ orderId, amount: 100, externalRefundId: uniqueNumber('r') }));
    expect(error.message).toMatch(/^The gateway is not answering \(HTTP 503\)\. Whether the refund went through is not known yet/);
    expect(error.message).toContain('reconcile');
    expect(error.message).not.toContain('Nothing was changed');
    expect(error.detail).toMatch(/refund\.do: outcome unknown \(HTTP 503\)/);
  });
});

describe('a refused connection (a closed port)', () => {
  it('says the gateway could not be reached and nothing was changed; ECONNREFUSED is only in the detail and the log', async () => {
    const { orders, operations, audit } = services(closedPortClient);
    const result = await orders.lookup(uniqueNumber('words-refused'));
    expect(result).toMatchObject({ kind: 'failed', detail: 'getOrderStatusExtended.do: not sent (ECONNREFUSED)' });
    if (result.kind !== 'failed') throw new Error('not failed');
    expect(english(result.reason)).toBe(
      "The gateway could not be reached (connection refused). Nothing was changed. Check the environment's base URL in Settings and the network, then try again.",
    );

    const { error, log } = await ipcErrorOf(closedPortClient.reverse({ orderId: '0f8fad5b-d9cb-469f-a165-70867728950e' }));
    expect(error.message).toMatch(/^The gateway could not be reached \(connection refused\)\. Nothing was changed\./);
    expect(error.message).not.toMatch(/ECONNREFUSED|\.do\b/);
    expect(error.detail).toBe('reverse.do: not sent (ECONNREFUSED)');
    expect(log.join('\n')).toContain('ECONNREFUSED');

    // An operation first reads the order's status: unreadable, the refund is not sent, in words; the audit
    // log keeps the technical account too.
    const orderId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const outcome = await operations.refund(orderId, 100);
    expect(outcome).toMatchObject({ kind: 'notSent' });
    if (outcome.kind !== 'notSent') throw new Error('sent');
    expect(outcome.reason).toEqual({ code: 'operation.statusUnreadable', params: { what: { code: 'gateway.notSent.refused' } } });
    expect(english(outcome.reason)).toMatch(
      /^The order's current status could not be read, so nothing was sent\. The gateway could not be reached \(connection refused\)\./,
    );
    expect(english(outcome.reason)).not.toMatch(/ECONNREFUSED|\.do\b/);
    expect(audit.query({ objectId: orderId })[0]?.detail).toContain('getOrderStatusExtended.do: not sent (ECONNREFUSED)');
  });
});

describe('a lost answer', () => {
  it('to a refund: the outcome is unknown and will be reconciled, never "nothing changed"', async () => {
    const orderId = await paidOrder(sb);
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/refund.do', mode: 'lost' }] });
    const { operations, audit } = services(client);
    const outcome = await operations.refund(orderId, 100);
    expect(outcome).toMatchObject({ kind: 'unknown', operation: { state: 'UNKNOWN' } });
    const reason = outcome.kind === 'unknown' ? outcome.operation.reason : undefined;
    expect(reason).toEqual({ code: 'gateway.noAnswer.broken' });
    expect(english(reason!)).toBe('The connection to the gateway broke before its answer arrived.');
    expect(audit.query({ objectId: orderId })[0]?.detail).toMatch(/refund\.do: outcome unknown \(/);

    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/refund.do', mode: 'lost' }] });
    const { error } = await ipcErrorOf(client.refund({ orderId, amount: 100, externalRefundId: uniqueNumber('r') }));
    expect(error.message).toBe(
      'The connection to the gateway broke before its answer arrived. Whether the refund went through is not known yet: the app will look the order up and reconcile it. Do not repeat it before then.',
    );
    expect(error.detail).toMatch(/^refund\.do: outcome unknown \(.+\); look the order up/);
  });

  it('to a look-up (the connection reset): nothing was changed, try again', async () => {
    await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'reset', count: 0 }] });
    const { error } = await ipcErrorOf(client.getOrderStatusExtended({ orderNumber: uniqueNumber('words-lost') }));
    expect(error.message).toBe(
      'The connection to the gateway broke before its answer arrived. Nothing was changed. Try again in a minute; if it persists, check the environment in Settings.',
    );
    expect(error.detail).toMatch(/^getOrderStatusExtended\.do: no answer \(/);
  });
});

describe("main's log", () => {
  it('keeps the technical account of a look-up that failed, which the screen shows in words', async () => {
    const dataFolder = mkdtempSync(join(dir, 'core-'));
    const log: string[] = [];
    const core = await AppCore.open({ dataFolder, osUser: 'tester', log: (line) => log.push(line) });
    try {
      await control(core.sandbox, 'POST', '/faults', {
        rules: [{ path: '/payment/rest/getOrderStatusExtended.do', mode: 'status', status: 503, count: 0 }],
      });
      const result = await core.services.orders.lookup(uniqueNumber('words-log'));
      expect(result).toMatchObject({ kind: 'failed' });
      if (result.kind === 'failed') expect(english(result.reason)).toMatch(/^The gateway is not answering \(HTTP 503\)/);
      expect(log.join('\n')).toMatch(/gateway: sandbox getOrderStatusExtended\.do attempt 1 failed: http HTTP 503/);
    } finally {
      await core.close();
    }
  });
});

describe('a gateway certificate the app does not trust (a self-signed one)', () => {
  it('says the certificate was not accepted and, the request never being sent, that nothing was changed, even for a refund', async () => {
    const pair = await generateSigningKeyPair({ commonName: 'untrusted.example', days: 2 });
    const server = createHttpsServer({ key: pair.privateKeyPem, cert: pair.certificatePem }, (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const tls = new GatewayClient({ baseUrl: `https://127.0.0.1:${port}`, credentials: { token: 'sandbox-token' }, retry: FAST_RETRIES });
    try {
      const refund = await ipcErrorOf(
        tls.refund({ orderId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', amount: 100, externalRefundId: 'r-1' }),
      );
      expect(refund.error.message).toMatch(
        /^The gateway's certificate was not accepted \([A-Z_]+\)\. Nothing was changed\. Check the environment's base URL/,
      );
      expect(refund.error.detail).toMatch(/^refund\.do: not sent \([A-Z_]+\)$/);
    } finally {
      await tls.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("the gateway's own refusals", () => {
  it("quote the gateway's message and code, and point at the credentials when access is denied", async () => {
    const wrong = new GatewayClient({ baseUrl: sb.url, credentials: { token: 'not-the-token' }, language: 'en', retry: FAST_RETRIES });
    try {
      const { error } = await ipcErrorOf(wrong.getOrderStatusExtended({ orderNumber: uniqueNumber('words-denied') }));
      expect(error.message).toBe(
        "The gateway refused this app's credentials: Access denied (error code 5). Nothing was changed. Check the API user and password (or token) of this environment in Settings.",
      );
    } finally {
      await wrong.close();
    }
    const orderId = await paidOrder(sb);
    const { error } = await ipcErrorOf(client.refund({ orderId, amount: 10_000_000, externalRefundId: uniqueNumber('r') }));
    expect(error.message).toMatch(/^The gateway refused the request: .+ \(error code \d+\)\. Nothing was changed\.$/);
  });
});
