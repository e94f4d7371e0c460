/**
 * Charges, "Reconcile now" and reopenings of the environment (what saving the language does) interleaved
 * at random points, against the app core's embedded sandbox with random faults armed: whatever the order,
 * no order is paid at the gateway unless its journal row says paid, and no row says paid unless it is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { AppCore } from '../../main/services/appCore.js';
import { APP_ORDER_PREFIX } from '../../main/services/charges.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import { type ChargeJournal, SqliteChargeJournal } from '../../main/store/journal.js';
import { control, startSandbox, uniqueNumber } from '../sandbox/client.js';
import { ENGINES, teamStoresOn } from '../store/journalEngines.js';
import { chargeServiceOn } from './chargeServiceOn.js';
import { signInAtCore } from '../ipc/people.js';

const root = mkdtempSync(join(tmpdir(), 'reconcile-property-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Card {
  readonly clientId: string;
  readonly bindingId: string;
}

/**
 * Stored cards of clients of their own (one client's cards with the same number are one binding), whose
 * clientIds all hold `run`, so that the journal's text filter finds every charge of a run.
 */
async function seedCards(sb: Sandbox, run: string, count: number): Promise<Card[]> {
  const clients = Array.from({ length: count }, (_, i) => `${run}-client-${i}`);
  const { bindings } = (await control(sb, 'POST', '/seed', { bindings: clients.map((clientId) => ({ clientId })) })) as {
    bindings: { bindingId: string }[];
  };
  return clients.map((clientId, i) => ({ clientId, bindingId: bindings[i]!.bindingId }));
}

/** How many orders under each of the app's orderNumbers are paid at the gateway: 1 or 2 (held or charged). */
async function paidAtGateway(sb: Sandbox, cards: readonly Card[], ours: (orderNumber: string) => boolean) {
  const paid = new Map<string, number>();
  for (const { clientId } of cards) {
    const { orders } = (await control(sb, 'GET', `/orders?clientId=${clientId}&limit=500`)) as { orders: GatewayOrder[] };
    // The seeded cards' own first payments are not charges of the app's.
    for (const o of orders.filter((o) => ours(o.orderNumber))) {
      if (o.status === 1 || o.status === 2) paid.set(o.orderNumber, (paid.get(o.orderNumber) ?? 0) + 1);
    }
  }
  return paid;
}

/**
 * The journal against the gateway: every orderNumber paid at the gateway once, and only if its latest row
 * says PAID; and as many paid orders as PAID rows, so no card was charged more often than the journal says.
 */
async function expectJournalTrue(journal: ChargeJournal, run: string, paid: Map<string, number>): Promise<void> {
  const rows = await journal.list({ environment: 'sandbox', text: run });
  for (const orderNumber of new Set([...rows.map((r) => r.orderNumber), ...paid.keys()])) {
    const latest = await journal.byOrderNumber('sandbox', orderNumber);
    expect({ orderNumber, paid: paid.get(orderNumber) ?? 0 }).toEqual({ orderNumber, paid: latest?.state === 'PAID' ? 1 : 0 });
  }
  expect([...paid.values()].reduce((a, b) => a + b, 0)).toBe(rows.filter((r) => r.state === 'PAID').length);
}

/**
 * For each endpoint of a common card's charge: perhaps one or two of its requests (after skipping up to
 * two) refused, rate limited, cut off or with the answer lost, and every other request slowed by up to a
 * second, so that charges, reconciliations and reopenings overlap in ever different orders (the first
 * rule that matches a request applies: main/sandbox/http/faults.ts).
 */
// Rate limited most often: the one refusal that fails a charge after it may have registered its order.
const refusal = fc.constantFrom(
  { mode: 'throttle', retryAfterSec: 3600 },
  { mode: 'throttle', retryAfterSec: 3600 },
  { mode: 'throttle', retryAfterSec: 3600 },
  { mode: 'lost' },
  { mode: 'reset' },
  { mode: 'truncate' },
  { mode: 'status', status: 500 },
);
const delay = fc.integer({ min: 0, max: 1_000 });
const endpointFaults = (path: string) =>
  fc
    .tuple(
      fc.option(
        fc.record({ fault: refusal, count: fc.integer({ min: 1, max: 2 }), skip: fc.integer({ min: 0, max: 2 }), latencyMs: delay }),
        { nil: undefined },
      ),
      delay,
    )
    .map(([failing, latencyMs]) => [
      ...(failing ? [{ path, ...failing.fault, count: failing.count, skip: failing.skip, latencyMs: failing.latencyMs }] : []),
      { path, mode: 'latency', count: 0, latencyMs },
    ]);
const faults = fc
  .tuple(
    endpointFaults('/payment/rest/getOrderStatusExtended.do'),
    endpointFaults('/payment/rest/register.do'),
    endpointFaults('/payment/rest/paymentOrderBinding.do'),
  )
  .map((rules) => rules.flat());
const at = fc.integer({ min: 0, max: 1_500 });
const action = fc.oneof(
  fc.record({
    kind: fc.constant('charge' as const),
    at,
    card: fc.integer({ min: 1, max: 2 }),
    amount: fc.constantFrom(100, 200),
    // A reference from a small pool, so that a failed one is sometimes charged again.
    reference: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('reconcile' as const), at }),
  fc.record({ kind: fc.constant('reconcile' as const), at }),
  fc.record({ kind: fc.constant('reopen' as const), at }),
);

interface GatewayOrder {
  readonly orderNumber: string;
  readonly status: number;
}

describe('charges, reconciliations and reopenings at random points', () => {
  it('never leave an order paid at the gateway whose journal row is not paid, or the reverse', async () => {
    // Main's log of failed requests would be every fault armed here.
    const core = await AppCore.open({ dataFolder: mkdtempSync(join(root, 'data-')), osUser: 'finance', log: () => undefined });
    // A person whose language changes below.
    await signInAtCore(core);
    try {
      await fc.assert(
        fc.asyncProperty(faults, fc.boolean(), fc.array(action, { minLength: 3, maxLength: 10 }), async (rules, unknownFirst, actions) => {
          const run = uniqueNumber('run');
          const cards = await seedCards(core.sandbox, run, 3);
          const charge = (card: number, amount: number, reference?: number) =>
            core.services.charges.charge({
              ...cards[card]!,
              category: 'COMMON',
              amount,
              currency: '643',
              confirmRepeat: true,
              ...(reference !== undefined ? { reference: `${run}-${reference}` } : {}),
            });
          if (unknownFirst) {
            // A charge whose answer was lost: an open row for every reconciliation below to work on first.
            await control(core.sandbox, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'lost' }] });
            await charge(0, 300);
            await control(core.sandbox, 'DELETE', '/faults');
          }
          await control(core.sandbox, 'POST', '/faults', { rules });
          let language: 'en' | 'ru' = 'en';
          await Promise.all(
            actions.map(async (a) => {
              await new Promise((r) => setTimeout(r, a.at));
              if (a.kind === 'reconcile') return core.services.charges.reconcileAll();
              if (a.kind === 'reopen') {
                language = language === 'en' ? 'ru' : 'en';
                return core.updatePreferences({ language });
              }
              return charge(a.card, a.amount, a.reference);
            }),
          );
          await control(core.sandbox, 'DELETE', '/faults');
          for (let i = 0; i < 5 && (await core.services.charges.journal.open('sandbox')).length > 0; i++)
            await core.services.charges.reconcileAll();
          expect(await core.services.charges.journal.open('sandbox')).toEqual([]);
          const ours = (n: string) => n.startsWith(APP_ORDER_PREFIX) || n.startsWith(run);
          await expectJournalTrue(core.services.charges.journal, run, await paidAtGateway(core.sandbox, cards, ours));
        }),
        { numRuns: 6 },
      );
    } finally {
      await core.close();
    }
  }, 240_000);
});

// On each engine: the desk's own file, and the team's database.
for (const engine of ENGINES)
  engine.describe(`charges and reconciliations resolved in every order (${engine.name})`, () => {
    const teamStore = teamStoresOn(engine);
    /**
     * fast-check's scheduler decides when each action starts and in which order the gateway's answers reach
     * the services (each request is real HTTP to the sandbox; when its answer is seen is scheduled). A
     * reopening is what AppCore does: new services over the same journal and claims, reconciling at once.
     * Charges whose answers were lost come first, on cards of their own: open rows that keep a
     * reconciliation busy while the charges go on.
     */
    it('never leave an order paid at the gateway whose journal row is not paid, or the reverse', async () => {
      const sb = await startSandbox();
      const db = openDatabase(join(root, `scheduled-${engine.name}.sqlite`));
      const journal = (await (await teamStore())?.desk())?.journal ?? new SqliteChargeJournal(db);
      const audit = new AuditRepository(db);
      const inFlight = new Set<number>();
      const clients: GatewayClient[] = [];
      const service = (client: GatewayClient) => chargeServiceOn(db, client, { journal, audit, inFlight });
      const newClient = () => {
        const client = new GatewayClient({
          baseUrl: sb.url,
          credentials: { userName: 'sandbox-api', password: 'sandbox-pass' },
          language: 'en',
        });
        clients.push(client);
        return client;
      };
      const SCHEDULED = new Set(['register', 'paymentOrderBinding', 'getOrderStatusExtended']);
      const rules = fc.array(
        fc.record({
          path: fc.constantFrom(...SCHEDULED).map((m) => `/payment/rest/${m}.do`),
          fault: refusal,
          skip: fc.integer({ min: 0, max: 3 }),
        }),
        { minLength: 1, maxLength: 3 },
      );
      const actions = fc.array(
        fc.oneof(
          fc.record({
            kind: fc.constant('charge' as const),
            card: fc.integer({ min: 0, max: 2 }),
            reference: fc.option(fc.integer({ min: 0, max: 1 }), { nil: undefined }),
          }),
          fc.constant({ kind: 'reconcile' as const }),
          fc.constant({ kind: 'reopen' as const }),
        ),
        { minLength: 2, maxLength: 8 },
      );
      try {
        await fc.assert(
          fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 2 }), rules, actions, async (s, unknown, rules, actions) => {
            const run = uniqueNumber('run');
            const cards = await seedCards(sb, run, 5);
            const scheduled = (client: GatewayClient): GatewayClient =>
              new Proxy(client, {
                get(target, name, receiver) {
                  const value = Reflect.get(target, name, receiver) as unknown;
                  if (typeof value !== 'function' || !SCHEDULED.has(String(name))) return value;
                  // The request's outcome travels as a value through the scheduler (a rejection held there until
                  // its turn would count as unhandled), and is thrown again once its turn comes.
                  const request = s.scheduleFunction(async (...args: unknown[]) => {
                    try {
                      return { ok: true as const, value: await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args) };
                    } catch (error) {
                      return { ok: false as const, error };
                    }
                  });
                  return async (...args: unknown[]) => {
                    const outcome = await request(...args);
                    if (!outcome.ok) throw outcome.error;
                    return outcome.value;
                  };
                },
              });
            let charges = service(scheduled(newClient()));
            const charge = (card: number, reference?: number) =>
              charges.charge({
                ...cards[card]!,
                category: 'COMMON',
                amount: 100,
                currency: '643',
                confirmRepeat: true,
                ...(reference !== undefined ? { reference: `${run}-${reference}` } : {}),
              });
            await control(sb, 'POST', '/faults', {
              rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'lost', count: unknown }],
            });
            for (let card = 3; card < 3 + unknown; card++) await s.waitFor(charge(card));
            await control(sb, 'POST', '/faults', { rules: rules.map((r) => ({ path: r.path, skip: r.skip, ...r.fault })) });
            const done = Promise.all(
              actions.map((a) =>
                s.schedule(Promise.resolve(a)).then(async (a) => {
                  if (a.kind === 'charge') return charge(a.card, a.reference);
                  if (a.kind === 'reopen') charges = service(scheduled(newClient()));
                  return charges.reconcileAll();
                }),
              ),
            );
            await s.waitFor(done);
            await control(sb, 'DELETE', '/faults');
            const settle = service(newClient());
            for (let i = 0; i < 5 && (await journal.open('sandbox')).length > 0; i++) await settle.reconcileAll();
            expect(await journal.open('sandbox')).toEqual([]);
            const ours = (n: string) => n.startsWith(APP_ORDER_PREFIX) || n.startsWith(run);
            await expectJournalTrue(journal, run, await paidAtGateway(sb, cards, ours));
          }),
          { numRuns: 150 },
        );
      } finally {
        await Promise.all(clients.map((c) => c.close()));
        db.close();
        await sb.close();
      }
    }, 240_000);
  });
