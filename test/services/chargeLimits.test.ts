/**
 * Issue 13 items 6 and 12: the per-charge maximum is per environment and per currency (raising the
 * sandbox's raised production's), a change to production's is confirmed and audited, and a charge in a
 * currency the environment does not accept is refused by main (the form offered UZS, which the sandbox
 * refuses). The charge guard is the one that says so, inside the journal transaction. Real SQLite files,
 * the sandbox over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { AppCore } from '../../main/services/appCore.js';
import { SqliteChargeJournal } from '../../main/store/journal.js';
import { openDatabase } from '../../main/store/database.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import { phrase } from '../../main/phrases/phrase.js';
import { saying } from '../phrases/said.js';
import { chargeServiceOn } from './chargeServiceOn.js';

const root = mkdtempSync(join(tmpdir(), 'charge-limits-'));
let core: AppCore;
let client: GatewayClient;

beforeAll(async () => {
  core = await AppCore.open({ dataFolder: mkdtempSync(join(root, 'data-')), osUser: 'admin' });
  client = new GatewayClient({ baseUrl: core.sandbox.url, credentials: { token: 'sandbox-token' }, language: 'en' });
});
afterAll(async () => {
  await client.close();
  await core.close();
  rmSync(root, { recursive: true, force: true });
});

async function card() {
  const clientId = uniqueNumber('limits');
  const { bindings } = (await control(core.sandbox, 'POST', '/seed', { bindings: [{ clientId }] })) as {
    bindings: { bindingId: string }[];
  };
  return { clientId, bindingId: bindings[0]!.bindingId, category: 'COMMON' as const };
}

/**
 * Production's charge service as the app core builds it (its rule is the settings' for production), but
 * its requests go to the sandbox: what is under test is the guard, which answers before anything is sent.
 */
function production() {
  const db = openDatabase(join(root, `${uniqueNumber('production')}.sqlite`));
  const journal = new SqliteChargeJournal(db);
  const charges = chargeServiceOn(db, client, {
    environment: 'production',
    operator: 'admin',
    osUser: 'admin',
    journal,
    audit: core.audit,
    perChargeMaximum: (currency) => core.chargeLimits.limit('production', currency),
  });
  return { charges, journal, close: () => db.close() };
}

const confirmed = (previous: number | null) => ({ environment: 'production' as const, previous });

describe('the per-charge maximum, per environment and currency', () => {
  it("raising the sandbox's maximum leaves production's as it was; each currency has its own, in its own minor units", async () => {
    const c = await card();
    // RUB 500.00 in the sandbox.
    core.chargeLimits.setMaximum('sandbox', '643', 50_000);
    expect(await core.services.charges.charge({ ...c, amount: 50_001, currency: '643' })).toMatchObject({
      kind: 'refused',
      reason: saying(/maximum of RUB\s500\.00 in sandbox/),
    });
    // Other currencies keep the sandbox's default of 10,000 in their own units: USD 10,000.00, JPY 10,000.
    expect(core.chargeLimits.limit('sandbox', '840')).toEqual({ kind: 'allowed', maximum: 1_000_000, from: 'default' });
    expect(core.chargeLimits.limit('sandbox', '392')).toEqual({ kind: 'allowed', maximum: 10_000, from: 'default' });
    expect((await core.services.charges.charge({ ...c, amount: 50_001, currency: '840' })).kind).toBe('paid');

    const p = production();
    core.chargeLimits.setAccepted('production', ['643']);
    // Production has no maximum in RUB yet: it fails closed, saying where to set one.
    expect(await p.charges.charge({ ...c, amount: 100, currency: '643' })).toEqual({
      kind: 'refused',
      reason: phrase('limit.noMaximum', { currency: 'RUB (643)', environment: phrase('settings.env.production') }),
    });
    core.chargeLimits.setMaximum('production', '643', 20_000, confirmed(null));
    // Raising the sandbox's maximum does not raise production's.
    core.chargeLimits.setMaximum('sandbox', '643', 5_000_000);
    expect(await p.charges.charge({ ...c, amount: 20_001, currency: '643' })).toMatchObject({
      kind: 'refused',
      reason: saying(/maximum of RUB\s200\.00 in production/),
    });
    expect(await p.journal.list({ environment: 'production', limit: 10 })).toEqual([]);
    expect((await p.charges.charge({ ...c, amount: 20_000, currency: '643' })).kind).toBe('paid');
    p.close();
  });

  it("refuses a change to production's maximum without a confirmation of what it was, and audits every change with old and new", () => {
    core.chargeLimits.setAccepted('production', ['643', '978']);
    expect(() => core.chargeLimits.setMaximum('production', '978', 1_000_000)).toThrow(/must be confirmed/);
    // A confirmation of a screen that showed another value is not a confirmation of this change.
    expect(() => core.chargeLimits.setMaximum('production', '978', 1_000_000, confirmed(500))).toThrow(
      /is none, not EUR\s5\.00 as confirmed; nothing was changed/,
    );
    expect(core.chargeLimits.limit('production', '978').kind).toBe('refused');
    core.chargeLimits.setMaximum('production', '978', 1_000_000, confirmed(null));
    core.chargeLimits.setMaximum('production', '978', 2_500_050, confirmed(1_000_000));
    expect(core.chargeLimits.limit('production', '978')).toEqual({ kind: 'allowed', maximum: 2_500_050, from: 'set' });

    const entries = core.audit.query({ action: 'chargeMaximum.change', objectId: 'production/EUR' });
    expect(entries.map((e) => [e.outcome, e.detail])).toEqual([
      ['success', expect.stringMatching(/^per-charge maximum in production: EUR\s10,000\.00 → EUR\s25,000\.50 \(confirmed\)$/)],
      ['success', expect.stringMatching(/^per-charge maximum in production: none → EUR\s10,000\.00 \(confirmed\)$/)],
      ['refused', expect.stringMatching(/not EUR\s5\.00 as confirmed/)],
      ['refused', expect.stringMatching(/must be confirmed/)],
    ]);
    expect(entries.every((e) => e.osUser === 'admin' && e.environment === 'production')).toBe(true);
    // The sandbox's and test's need no confirmation; they are audited all the same.
    core.chargeLimits.setMaximum('sandbox', '978', 300);
    expect(core.audit.query({ action: 'chargeMaximum.change', objectId: 'sandbox/EUR' })[0]?.detail).toMatch(
      /^per-charge maximum in sandbox: none → EUR\s3\.00$/,
    );
  });
});

describe('currencies an environment accepts', () => {
  it('refuses a charge in a currency the sandbox does not accept, before anything is journalled or sent', async () => {
    expect(core.sandbox.currencies).not.toContain('860');
    expect(core.chargeLimits.accepted('sandbox')).toEqual({ from: 'sandbox', currencies: expect.arrayContaining(['643', '392', '048']) });
    const c = await card();
    const before = (await core.services.charges.journal.list({ environment: 'sandbox', limit: 1000 })).length;
    expect(await core.services.charges.charge({ ...c, amount: 100, currency: '860' })).toEqual({
      kind: 'refused',
      reason: saying(/^UZS \(860\) is not accepted by the sandbox; it accepts AMD, BHD, BYN, CNY, EUR, GBP, JPY, KZT, RUB, TRY, USD$/),
    });
    expect(await core.services.charges.journal.list({ environment: 'sandbox', limit: 1000 })).toHaveLength(before);
    const { orders } = (await control(core.sandbox, 'GET', `/orders?clientId=${c.clientId}`)) as { orders: unknown[] };
    expect(orders).toHaveLength(1); // the order that stored the card, nothing since
  });

  it("refuses a currency outside another environment's list, and drops the maximum of one taken off it", async () => {
    const p = production();
    core.chargeLimits.setAccepted('production', ['643']);
    core.chargeLimits.setMaximum('production', '643', 1_000, confirmed(core.chargeLimits.maximums('production')['643'] ?? null));
    expect(await p.charges.charge({ ...(await card()), amount: 100, currency: '840' })).toEqual({
      kind: 'refused',
      reason: saying(
        'USD (840) is not among the currencies production accepts; an administrator lists them in Settings → Currencies and per-charge maximums',
      ),
    });
    expect(() => core.chargeLimits.setMaximum('test', '840', 100)).toThrow(/not among the currencies test accepts/);
    expect(() => core.chargeLimits.setAccepted('sandbox', ['860'])).toThrow(/sandbox says which/);
    expect(() => core.chargeLimits.setAccepted('test', ['000'])).toThrow(/Not ISO 4217/);
    core.chargeLimits.setAccepted('production', []);
    expect(core.audit.query({ action: 'currencies.change', objectId: 'production' })[0]?.detail).toMatch(
      /^accepted currencies: RUB \(643\) → none; per-charge maximums removed: RUB\s10\.00 → none$/,
    );
    core.chargeLimits.setAccepted('production', ['643']);
    // Taken off and listed again, RUB starts without a maximum: production fails closed again.
    expect(core.chargeLimits.limit('production', '643').kind).toBe('refused');
    expect(core.audit.query({ action: 'currencies.change', objectId: 'production' })[0]?.detail).toBe(
      'accepted currencies: none → RUB (643)',
    );
    p.close();
  });
});
