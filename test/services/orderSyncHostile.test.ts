/**
 * The order sync against the test suite's hostile gateway (test/gateway/hostileGateway.ts) over real HTTP, into
 * real SQLite files, in each of the ways issue 25 found a gateway could run it without end: paging that never
 * ends, a gateway that ignores `page`, an answer trickling a byte at a time, no answer, and one answer of
 * 400 MB. Each asserts the requests sent, what was kept, and, where the issue asks, memory or that Cancel and a
 * switch of environment end it within a second. Then which unfinished syncs a later sync goes on with.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GatewayClient, type ClientOptions } from '../../main/gateway/client.js';
import { DEFAULT_RETRY } from '../../main/gateway/retry.js';
import { AppCore } from '../../main/services/appCore.js';
import { failureText } from '../../main/services/failureWords.js';
import { lastOrdersSource, MAX_WINDOW_ORDERS, OrderSync, PAGE_SIZE, READ_AHEAD, type SyncOutcome } from '../../main/services/orderSync.js';
import { openDatabase } from '../../main/store/database.js';
import { OrderSyncs } from '../../main/store/orderSyncs.js';
import { PeriodOrders } from '../../main/store/periodOrders.js';
import { Vault } from '../../main/vault/vault.js';
import { startHostileGateway, type HostileGateway, type HostileMode } from '../gateway/hostileGateway.js';
import { AUTH } from '../sandbox/client.js';
import { memoryKeychain } from '../vault/memoryKeychain.js';

const dir = mkdtempSync(join(tmpdir(), 'order-sync-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MB = 1024 * 1024;
const HOUR = 60 * 60_000;
/** A day that ended an hour ago: the window of most tests. */
const DAY = { from: Date.now() - 25 * HOUR, to: Date.now() - HOUR };

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function hostile(mode: HostileMode): Promise<HostileGateway> {
  const gateway = await startHostileGateway(mode);
  stops.push(() => gateway.stop());
  return gateway;
}

/** A sync into a fresh SQLite file through a real gateway client pointed at the gateway. */
function syncInto(name: string, gateway: HostileGateway, options: Partial<ClientOptions> = {}) {
  const file = join(dir, name);
  const db = openDatabase(file);
  const orders = new PeriodOrders(db);
  const syncs = new OrderSyncs(db, orders);
  const client = new GatewayClient({ baseUrl: gateway.url, credentials: AUTH, retry: { baseDelayMs: 5, maxDelayMs: 20 }, ...options });
  stops.push(async () => {
    await client.destroy();
    db.close();
  });
  const size = (f: string) => {
    try {
      return statSync(f).size;
    } catch {
      return 0;
    }
  };
  return {
    orders,
    syncs,
    sync: new OrderSync({ syncs, environment: 'custom', source: lastOrdersSource(client) }),
    /** What the file holds on disk, its write-ahead log included. */
    bytesOnDisk: () => size(file) + size(`${file}-wal`),
  };
}

/** The codes of the words a failed sync says. */
const saidCodes = (outcome: SyncOutcome) => (outcome.state === 'failed' ? failureText(outcome.error).said.map((p) => p.code) : []);
const saidEnglish = (outcome: SyncOutcome) => (outcome.state === 'failed' ? failureText(outcome.error).message : '');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the work, lets the gateway hold its first `requests` requests for 300 ms (so that the abort lands
 * while they wait, not before they are sent), aborts it, and says what the work ended with and how long after
 * the abort it did.
 */
async function abortedWhileWaiting<T>(
  gateway: HostileGateway,
  requests: number,
  start: (signal: AbortSignal) => Promise<T>,
): Promise<{ readonly ended: T; readonly afterAbortMs: number }> {
  const stop = new AbortController();
  const running = start(stop.signal);
  await gateway.received(requests);
  await pause(300);
  const aborted = performance.now();
  stop.abort();
  const ended = await running;
  return { ended, afterAbortMs: performance.now() - aborted };
}

describe('paging that never ends', () => {
  it('with a count no window holds: refused at its first page, nothing kept', async () => {
    const gateway = await hostile({ kind: 'endless', totalCount: 1e12 });
    const s = syncInto('endless-count.sqlite', gateway);
    const outcome = await s.sync.sync(DAY);
    expect(outcome).toMatchObject({ state: 'failed', fetched: 0 });
    expect(saidCodes(outcome)).toEqual(['sync.bound.tooManyOrders']);
    expect(saidEnglish(outcome)).toContain(`more than the ${MAX_WINDOW_ORDERS}`);
    expect(gateway.requests).toHaveLength(1);
    expect(s.orders.count('custom')).toBe(0);
  });

  it('with a plausible count that grows on every page: at most ceil(first count / size) + 1 pages, then it stops', async () => {
    const gateway = await hostile({ kind: 'endless', totalCount: 1_000, growBy: PAGE_SIZE });
    const s = syncInto('endless-growing.sqlite', gateway);
    const outcome = await s.sync.sync(DAY);
    const pages = Math.ceil(1_000 / PAGE_SIZE) + 1;
    expect(outcome.state).toBe('failed');
    expect(saidCodes(outcome)).toEqual(['sync.bound.pastCount']);
    expect(gateway.requests.length).toBeLessThanOrEqual(pages);
    expect(s.orders.count('custom')).toBeLessThanOrEqual(pages * PAGE_SIZE);
    // 356,000 orders and 511 MB in 20 s before: now a few hundred kilobytes.
    expect(s.bytesOnDisk()).toBeLessThan(8 * MB);

    // Stopped by a bound, it is not gone on with by the sync of another window; its own window, asked for
    // again, is read anew from its first page, bounded again.
    const other = { from: DAY.from - 48 * HOUR, to: DAY.from - 24 * HOUR };
    const before = gateway.requests.length;
    expect(await s.sync.sync(other)).toMatchObject({ state: 'failed' });
    const otherFrom = gateway.requests[before]!.form.get('from');
    expect(gateway.requests.slice(before).every((r) => r.form.get('from') === otherFrom)).toBe(true);
    expect(gateway.requests.slice(before).length).toBeLessThanOrEqual(pages);
    const again = gateway.requests.length;
    expect(await s.sync.sync(DAY)).toMatchObject({ state: 'failed' });
    expect(gateway.requests[again]!.form.get('page')).toBe('0');
    expect(gateway.requests.length - again).toBeLessThanOrEqual(pages);
  });
});

describe('a gateway that ignores the page asked for', () => {
  it('stops at the first page that brings no order not read before in the sync', async () => {
    const gateway = await hostile({ kind: 'ignoresPage', totalCount: 100_000 });
    const s = syncInto('ignores-page.sqlite', gateway);
    const outcome = await s.sync.sync(DAY);
    expect(outcome.state).toBe('failed');
    expect(saidCodes(outcome)).toEqual(['sync.bound.pageIgnored']);
    // Page 0, and the pages read ahead while it was handled: 2,503 requests in 10 s before.
    expect(gateway.requests.length).toBeLessThanOrEqual(1 + READ_AHEAD);
    expect(s.orders.count('custom')).toBe(PAGE_SIZE);
  });
});

describe('an answer that trickles a byte at a time', () => {
  it('ends at the deadline of the whole answer, though every byte comes before the silence allowed', async () => {
    const gateway = await hostile({ kind: 'trickle', everyMs: 100 });
    const s = syncInto('trickle-deadline.sqlite', gateway, { timeoutMs: 700 });
    const started = performance.now();
    const outcome = await s.sync.sync(DAY);
    expect(outcome.state).toBe('failed');
    expect(saidCodes(outcome)).toEqual(['gateway.noAnswer.timedOut', 'gateway.effect.nothing', 'gateway.tryLater']);
    expect(gateway.requests.length).toBeLessThanOrEqual(DEFAULT_RETRY.attempts);
    // Four attempts of 0.7 s, where before the first one never ended.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('is ended by Cancel within a second, with no attempt after it, its connection closed', async () => {
    const gateway = await hostile({ kind: 'trickle', everyMs: 200 });
    const s = syncInto('trickle-cancel.sqlite', gateway);
    const { ended: outcome, afterAbortMs } = await abortedWhileWaiting(gateway, 1, (signal) => s.sync.sync(DAY, { signal }));
    expect(afterAbortMs).toBeLessThan(1_000);
    expect(outcome).toMatchObject({ state: 'cancelled', fetched: 0 });
    await expect.poll(() => gateway.openSockets(), { timeout: 1_000 }).toBe(0);
    expect(gateway.requests).toHaveLength(1);
  });
});

describe('no answer', () => {
  it('is ended by Cancel within a second, with no attempt after it', async () => {
    const gateway = await hostile({ kind: 'silent' });
    const s = syncInto('silent.sqlite', gateway);
    const { ended: outcome, afterAbortMs } = await abortedWhileWaiting(gateway, 1, (signal) => s.sync.sync(DAY, { signal }));
    // 123 s before (four attempts of 30 s after the Cancel).
    expect(afterAbortMs).toBeLessThan(1_000);
    expect(outcome.state).toBe('cancelled');
    await pause(300);
    expect(gateway.requests).toHaveLength(1);
  });
});

describe('one answer of 400 MB', () => {
  it('is cut off past 16 MB, named in the words, asked for once, and the memory it took is small', async () => {
    const gateway = await hostile({ kind: 'huge', bytes: 400 * MB });
    const s = syncInto('huge.sqlite', gateway);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const outcome = await s.sync.sync(DAY);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    expect(outcome.state).toBe('failed');
    expect(saidCodes(outcome)[0]).toBe('gateway.noAnswer.tooLarge');
    expect(saidEnglish(outcome)).toContain('larger than 16 MB');
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.bytesSent()).toBeLessThan(64 * MB);
    expect(s.orders.count('custom')).toBe(0);
    // From 406 MB to a 2.73 GB peak before.
    expect(peak - before).toBeLessThan(150 * MB);
  });
});

describe('which unfinished syncs a later sync goes on with', () => {
  it('a cancelled one only when its period is asked for again, never for the sync of another', async () => {
    const gateway = await hostile({ kind: 'pages', orders: 1_000, delayMs: 50 });
    const s = syncInto('resume.sqlite', gateway);
    const stop = new AbortController();
    const cancelled = await s.sync.sync(DAY, { signal: stop.signal, onProgress: () => stop.abort() });
    expect(cancelled.state).toBe('cancelled');
    const [left] = s.syncs.unfinished('custom');
    expect(left).toMatchObject({ state: 'cancelled', dateOf: 'registration' });
    expect(left!.fetched).toBeLessThan(1_000);

    // Another period: only its own window is asked for; the cancelled one stays as the user left it.
    const other = { from: DAY.from - 48 * HOUR, to: DAY.from - 24 * HOUR };
    const before = gateway.requests.length;
    expect(await s.sync.sync(other)).toMatchObject({ state: 'done', fetched: 1_000 });
    const otherFrom = gateway.requests[before]!.form.get('from');
    expect(otherFrom).not.toBe(gateway.requests[0]!.form.get('from'));
    expect(gateway.requests.slice(before).every((r) => r.form.get('from') === otherFrom)).toBe(true);
    expect(s.syncs.get(left!.id)).toMatchObject({ state: 'cancelled', nextPage: left!.nextPage });

    // The same period again: it goes on from the first page it had not kept.
    const again = gateway.requests.length;
    expect(await s.sync.sync(DAY)).toMatchObject({ state: 'done' });
    expect(gateway.requests[again]!.form.get('from')).toBe(gateway.requests[0]!.form.get('from'));
    expect(gateway.requests[again]!.form.get('page')).toBe(String(left!.nextPage));
    expect(s.syncs.get(left!.id)).toMatchObject({ state: 'done', fetched: 1_000 });
  });
});

describe('the app core on a custom environment pointed at the hostile gateway', () => {
  async function coreOn(gateway: HostileGateway) {
    const core = await AppCore.open({
      dataFolder: mkdtempSync(join(dir, 'core-')),
      osUser: 'tester',
      // Each attempt the Cancel or the switch ended is logged as failed; kept out of the test's output.
      log: () => undefined,
      vault: new Vault(memoryKeychain(), 'test', async () => 'unlocked'),
    });
    stops.push(() => core.close());
    core.settings.setConnection('custom', { baseUrl: gateway.url, userName: 'merchant-api' });
    await core.settings.setCredential('custom', 'password', 'merchant-pass');
    await core.switchEnvironment('custom');
    return core;
  }

  it('ends a sync waiting on a trickling answer within a second of Cancel, and of a switch to the sandbox', async () => {
    const gateway = await hostile({ kind: 'trickle', everyMs: 200 });
    const core = await coreOn(gateway);

    const first = core.services.list.syncPeriod(DAY);
    await gateway.received(1);
    await pause(300);
    let from = performance.now();
    expect(core.services.list.cancel()).toBe(true);
    expect(await first).toMatchObject({ state: 'cancelled' });
    expect(performance.now() - from).toBeLessThan(1_000);

    const second = core.services.list.syncPeriod(DAY);
    await gateway.received(2);
    await pause(300);
    from = performance.now();
    await core.switchEnvironment('sandbox');
    // 60 s and more before: the switch waited for the old client to drain.
    expect(performance.now() - from).toBeLessThan(1_000);
    expect(await second).toMatchObject({ state: 'cancelled' });
    await expect.poll(() => gateway.openSockets(), { timeout: 1_000 }).toBe(0);
    // Look-ups work at once in the environment switched to.
    expect(await core.services.orders.lookup('no-such-order')).toMatchObject({ kind: 'notFound' });
    expect(gateway.requests).toHaveLength(2);
  });

  it("ends a batch's look-ups waiting on no answer within a second of its Cancel", async () => {
    const gateway = await hostile({ kind: 'silent' });
    const core = await coreOn(gateway);
    const { ended: results, afterAbortMs } = await abortedWhileWaiting(gateway, 3, (signal) =>
      core.services.orders.lookupMany(['A-1', 'A-2', 'A-3'], { signal }),
    );
    expect(afterAbortMs).toBeLessThan(1_000);
    expect(results.map((r) => r.kind)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    await pause(300);
    expect(gateway.requests).toHaveLength(3);
  });
});
