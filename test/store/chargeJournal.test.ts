/**
 * The charge journal's contract, on every engine the team may run it on: what a charge's row is, how it
 * settles, and what the guard's lock holds when two processes or two desks journal at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { phrase } from '../../main/phrases/phrase.js';
import type { ChargeGuard, NewCharge } from '../../main/store/journal.js';
import { ChargeLimits, chargeLimitRefusal } from '../../main/services/chargeLimits.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import { chargeLimitKeys, keptSettings, SettingsRepository } from '../../main/store/settings.js';
import { ENGINES, twoDesksOn } from './journalEngines.js';
import { newCharge } from './rows.js';
import { beginUnguarded } from './unguarded.js';

let n = 0;
/** A charge on a card of its own unless the test names one: the journal keeps one open charge per card. */
const charge = (extra: Partial<NewCharge> = {}): NewCharge => {
  const orderNumber = `INV-${++n}`;
  return newCharge(orderNumber, { amount: 9_900, bindingId: `card-${orderNumber}`, at: 1_000_000 + n, ...extra });
};

/** The guard of an open charge on the card, and of a reference used: what makes a second charge wait, or stop. */
const onceGuard: ChargeGuard<string> = (f) =>
  f.openOnCard.length > 0 ? 'card has an open charge' : f.underReference ? 'reference used' : undefined;

/** The rule as the app applies it, on the settings a charge's transaction read (its own store is never asked here). */
const ruleDir = mkdtempSync(join(tmpdir(), 'limits-'));
const ruleFile = openDatabase(join(ruleDir, 'desk.sqlite'));
afterAll(() => {
  ruleFile.close();
  rmSync(ruleDir, { recursive: true, force: true });
});
const limits = new ChargeLimits({
  settings: new SettingsRepository(ruleFile),
  audit: new AuditRepository(ruleFile),
  osUser: 'test',
  sandboxCurrencies: [],
});

for (const engine of ENGINES) {
  engine.describe(`charge journal on ${engine.name}`, () => {
    const desks = twoDesksOn(engine);

    it('commits a PENDING row that another connection sees at once, before any request is made', async () => {
      const row = await beginUnguarded(desks.desk.journal, charge());
      expect(await desks.other.exec('SELECT state, amount FROM charge_journal WHERE id = ?', [row.id])).toEqual([
        { state: 'PENDING', amount: 9_900 },
      ]);
      expect(await desks.other.journal.get(row.id)).toEqual(row);
    });

    it('reads the environment’s currencies and maximums in the transaction that journals the charge, as another connection set them a moment before', async () => {
      const c = charge({ environment: 'custom' });
      const { currencies, maximums } = chargeLimitKeys('custom');
      const team = engine.name === 'PostgreSQL';
      const keep = (key: string, value: unknown) =>
        desks.other.exec(
          team
            ? "INSERT INTO team_settings (key, value, updated_at, desk) VALUES (?, ?, 0, 'FIN-2') ON CONFLICT (key) DO UPDATE SET value = excluded.value"
            : 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          [key, JSON.stringify(value)],
        );
      await keep(currencies, ['643']);
      await keep(maximums, { '643': 5_000 });
      let seen: ReadonlyMap<string, string> | undefined;
      const outcome = await desks.desk.journal.begin(c, 0, (f) => {
        seen = f.settings;
        return chargeLimitRefusal(
          (currency, kept) => limits.limit('custom', currency, kept),
          c.currency,
          c.amount,
          'custom',
          keptSettings(f.settings),
        );
      });
      expect(seen).toEqual(
        new Map([
          [currencies, '["643"]'],
          [maximums, '{"643":5000}'],
        ]),
      );
      expect(outcome).toMatchObject({ kind: 'refused', refusal: { code: 'limit.over' } });
      expect(await desks.other.exec('SELECT id FROM charge_journal WHERE order_number = ?', [c.orderNumber])).toEqual([]);
    });

    it('settles an open charge once; a settled charge never changes again', async () => {
      const { journal } = desks.desk;
      const row = await beginUnguarded(journal, charge());
      await journal.attachOrder(row.id, 'order-1', 2_000_000);
      expect(await journal.markUnknown(row.id, phrase('charge.settlement.unreadable'), 2_000_001)).toBe(true);
      expect(await journal.settle(row.id, { state: 'PAID', orderStatus: 2, actionCode: 0, at: 2_000_002 })).toBe(true);
      expect(await journal.get(row.id)).toMatchObject({ state: 'PAID', orderId: 'order-1', orderStatus: 2 });
      expect(await desks.other.journal.settle(row.id, { state: 'DECLINED', at: 2_000_003 })).toBe(false);
      expect(await journal.markUnknown(row.id, phrase('charge.settlement.noStatus'), 2_000_004)).toBe(false);
      expect((await journal.get(row.id))?.state).toBe('PAID');
    });

    it('keeps a reason as a phrase, and reads a reason written before phrases as that text, quoted', async () => {
      const { journal } = desks.desk;
      const said = phrase('charge.settlement.notFinal', { status: 0 });
      const open = await beginUnguarded(journal, charge());
      await journal.markUnknown(open.id, said, 2_100_000);
      expect(await desks.desk.exec('SELECT reason FROM charge_journal WHERE id = ?', [open.id])).toEqual([
        { reason: JSON.stringify(said) },
      ]);
      expect((await journal.get(open.id))?.reason).toEqual(said);
      // Rows an earlier version wrote hold plain English (or the gateway's words): never lost, never shown as JSON.
      for (const [state, text] of [
        ['DECLINED', 'Insufficient funds'],
        ['FAILED', '{not json} refused'],
        ['FAILED', '{"code":"no.such"}'],
      ] as const) {
        const legacy = await beginUnguarded(journal, charge());
        await desks.desk.exec('UPDATE charge_journal SET state = ?, reason = ? WHERE id = ?', [state, text, legacy.id]);
        expect((await journal.get(legacy.id))?.reason).toEqual(phrase('app.quoted', { text }));
      }
    });

    it('lists the open charges the reconciler must settle, oldest first', async () => {
      const { journal } = desks.desk;
      const a = await beginUnguarded(journal, charge({ environment: 'recon' }));
      const b = await beginUnguarded(journal, charge({ environment: 'recon' }));
      await journal.markUnknown(b.id, phrase('gateway.noAnswer.timedOut'), 3_000_000);
      const c = await beginUnguarded(journal, charge({ environment: 'recon' }));
      await journal.settle(c.id, {
        state: 'DECLINED',
        reason: phrase('charge.gatewayWords', { words: 'Insufficient funds' }),
        at: 3_000_001,
      });
      expect((await desks.other.journal.open('recon')).map((r) => [r.id, r.state])).toEqual([
        [a.id, 'PENDING'],
        [b.id, 'UNKNOWN'],
      ]);
    });

    it('refuses a second open charge on a card, and a second charge under an orderNumber, even without the guard', async () => {
      const { journal } = desks.desk;
      await beginUnguarded(journal, charge({ orderNumber: 'CASE-7' }));
      await expect(beginUnguarded(desks.other.journal, charge({ orderNumber: 'CASE-7' }))).rejects.toMatchObject({ problem: 'duplicate' });
      expect((await beginUnguarded(journal, charge({ orderNumber: 'CASE-7', environment: 'test' }))).state).toBe('PENDING');
      const open = await beginUnguarded(journal, charge({ bindingId: 'card-open' }));
      await expect(beginUnguarded(desks.other.journal, charge({ bindingId: 'card-open' }))).rejects.toMatchObject({ problem: 'duplicate' });
      await journal.settle(open.id, { state: 'PAID', at: 3_100_000 });
      expect((await beginUnguarded(desks.other.journal, charge({ bindingId: 'card-open' }))).state).toBe('PENDING');
    });

    it('takes another attempt under an orderNumber only once every earlier attempt failed; the latest is the one found', async () => {
      const { journal } = desks.desk;
      const first = await beginUnguarded(journal, charge({ orderNumber: 'CASE-8' }));
      await journal.settle(first.id, { state: 'FAILED', at: 3_000_000 });
      const second = await beginUnguarded(journal, charge({ orderNumber: 'CASE-8' }));
      expect(await journal.byOrderNumber('sandbox', 'CASE-8')).toMatchObject({ id: second.id, state: 'PENDING' });
      await expect(beginUnguarded(journal, charge({ orderNumber: 'CASE-8' }))).rejects.toMatchObject({ problem: 'duplicate' });
      await journal.settle(second.id, { state: 'PAID', at: 3_000_001 });
      await expect(beginUnguarded(journal, charge({ orderNumber: 'CASE-8' }))).rejects.toMatchObject({ problem: 'duplicate' });
      expect((await journal.list({ text: 'CASE-8' })).map((c) => c.state)).toEqual(['PAID', 'FAILED']);
    });

    it('gives the guard the card, the reference and the same card and amount lately, as they are', async () => {
      const { journal } = desks.desk;
      const card = { environment: 'dup', bindingId: 'b-9', amount: 500 };
      const paid = await beginUnguarded(journal, charge(card));
      await journal.settle(paid.id, { state: 'PAID', at: 1 });
      const failed = await beginUnguarded(journal, charge(card));
      await journal.settle(failed.id, { state: 'FAILED', at: 2 });
      await beginUnguarded(journal, charge({ ...card, amount: 501 }));
      const facts = await desks.other.journal.facts(
        { ...card, currency: '643', orderNumber: failed.orderNumber },
        Date.now(),
        24 * 3_600_000,
      );
      expect(facts.openOnCard.map((c) => c.amount)).toEqual([501]);
      expect(facts.underReference?.id).toBe(failed.id);
      // On SQLite the desk's clock says when (the test's); on PostgreSQL the database's, which is now.
      expect(facts.similar.map((c) => c.id)).toEqual(engine.name === 'SQLite' ? [] : [paid.id]);
    });

    it('keeps amounts as exact whole minor units and refuses anything else', async () => {
      expect((await beginUnguarded(desks.desk.journal, charge({ amount: 999_999_999_999 }))).amount).toBe(999_999_999_999);
      for (const amount of [0, -1, 12.5, Number.NaN])
        await expect(beginUnguarded(desks.desk.journal, charge({ amount }))).rejects.toThrow(/positive whole number/);
    });

    it('lets one of many charges on one card through from two connections at once; the others are refused in words', async () => {
      const attempts = Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? desks.other : desks.desk).journal.begin(charge({ bindingId: 'card-contended' }), 600_000, onceGuard),
      );
      const outcomes = await Promise.all(attempts);
      expect(outcomes.filter((o) => o.kind === 'journalled')).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === 'refused').map((o) => (o.kind === 'refused' ? o.refusal : ''))).toEqual(
        Array(15).fill('card has an open charge'),
      );
    });

    it('lets one charge under one reference through from two connections at once, on different cards', async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? desks.other : desks.desk).journal.begin(charge({ orderNumber: 'CASE-BOTH' }), 600_000, onceGuard),
        ),
      );
      expect(outcomes.filter((o) => o.kind === 'journalled')).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === 'refused')).toHaveLength(7);
    });

    it('claims an open charge for one sender only, and never a settled one', async () => {
      const row = await beginUnguarded(desks.desk.journal, charge());
      const claims = new Set<number>();
      expect((await desks.desk.journal.claim(row.id, claims)).kind).toBe('claimed');
      expect((await desks.desk.journal.claim(row.id, claims)).kind).toBe('sending');
      await desks.desk.journal.settle(row.id, { state: 'PAID', at: 5 });
      expect((await desks.desk.journal.claim(row.id, new Set())).kind).toBe('settled');
      expect((await desks.desk.journal.claim(-1, new Set())).kind).toBe('missing');
    });
  });
}
