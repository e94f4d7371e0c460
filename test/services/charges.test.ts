import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { APP_ORDER_NUMBER, generatedOrderNumber, type FormChargeRequest } from '../../main/services/charges.js';
import { cardNumbersIn } from '../domain/cardRuns.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { type ChargeCategory, type ChargeJournal, SqliteChargeJournal } from '../../main/store/journal.js';
import { ENGINES, teamStoresOn } from '../store/journalEngines.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import { phrase } from '../../main/phrases/phrase.js';
import { saying } from '../phrases/said.js';
import { chargeResult } from '../../main/services/chargeViews.js';
import { setFormattingLanguage } from '../../renderer/src/format/locale.js';
import { createI18n } from '../../renderer/src/i18n/instance.js';
import { say } from '../../renderer/src/i18n/say.js';
import { sandboxOfFile } from '../sandbox/fixture.js';
import { folderOfFile } from '../store/folderOfFile.js';
import { chargeServiceOn } from './chargeServiceOn.js';

const sb = sandboxOfFile();
const dir = folderOfFile('charges-test-');
afterEach(() => control(sb, 'DELETE', '/faults'));

function setup(file = join(dir, `${uniqueNumber('db')}.sqlite`), language: 'en' | 'ru' = 'en', journalOn?: (db: Db) => ChargeJournal) {
  const db: Db = openDatabase(file);
  const client = new GatewayClient({
    baseUrl: sb.url,
    credentials: { userName: 'sandbox-api', password: 'sandbox-pass' },
    language,
    timeoutMs: 2_000,
  });
  const journal = journalOn?.(db) ?? new SqliteChargeJournal(db);
  const audit = new AuditRepository(db);
  const service = chargeServiceOn(db, client, { operator: 'finance@desk', osUser: 'tester', journal, audit, perChargeMaximum: 50_000_000 });
  return { db, client, journal, audit, service, file };
}

async function binding(category: ChargeCategory) {
  const clientId = uniqueNumber('client');
  const seeded = (await control(sb, 'POST', '/seed', { bindings: [{ clientId, category }] })).bindings as [{ bindingId: string }];
  return { clientId, bindingId: seeded[0].bindingId, category };
}

const request = async (category: ChargeCategory, extra: Partial<FormChargeRequest> = {}): Promise<FormChargeRequest> => ({
  ...(await binding(category)),
  amount: 12_345,
  currency: '643',
  description: 'Manual charge',
  ...extra,
});

async function paidOrdersFor(orderNumber: string): Promise<number> {
  const { orders } = await control(sb, 'GET', `/orders?orderNumber=${encodeURIComponent(orderNumber)}`);
  return (orders as { status: number }[]).filter((o) => o.status === 1 || o.status === 2).length;
}

// The same behaviour on each engine: the desk's own file, and the team's database (each setup() a store of its own).
for (const engine of ENGINES)
  engine.describe(`manual charges on stored cards (${engine.name})`, () => {
    const teamStore = teamStoresOn(engine);
    const onEngine = async () => {
      const desk = await (await teamStore())?.desk();
      const s = setup(undefined, 'en', desk && (() => desk.journal));
      /** The charges' entries where the engine keeps them: the desk's own log, or the team's (written with the charge). */
      const charged = async (): Promise<unknown[]> =>
        desk
          ? (await desk.exec("SELECT detail FROM team_audit WHERE action = 'charge' AND outcome = 'success'")).map(
              (r) => (r as { detail: string }).detail,
            )
          : s.audit.query({ action: 'charge', outcome: 'success' }).map((e) => e.detail);
      return { ...s, charged };
    };

    it.each(['COMMON', 'RECURRENT', 'INSTALLMENT'] as const)('charges a %s binding once and journals it PAID', async (category) => {
      const { service, journal } = await onEngine();
      const out = await service.charge(await request(category));
      expect(out.kind).toBe('paid');
      if (out.kind !== 'paid') return;
      expect(out.charge).toMatchObject({ state: 'PAID', orderStatus: 2, amount: 12_345, orderId: expect.any(String) });
      expect(await paidOrdersFor(out.charge.orderNumber)).toBe(1);
      expect(await journal.open()).toEqual([]);
    });

    it('reports a decline with the gateway’s reason', async () => {
      const { service } = await onEngine();
      const out = await service.charge(await request('COMMON', { amount: 20_000_000 }));
      expect(out).toMatchObject({
        kind: 'declined',
        charge: { state: 'DECLINED', actionCode: -20010, reason: saying('limit') },
      });
    });

    it('refuses amounts over the per-charge maximum or not whole minor units, journalling nothing', async () => {
      const { service, journal, audit } = await onEngine();
      expect(await service.charge(await request('COMMON', { amount: 50_000_001 }))).toMatchObject({
        kind: 'refused',
        // The maximum as money (minor units and ISO numeric currency): the screen formats it in its language.
        reason: phrase('limit.over', { maximum: { minor: 50_000_000, currency: '643' }, environment: phrase('settings.env.sandbox') }),
      });
      expect(await service.charge(await request('COMMON', { amount: 10.5 }))).toMatchObject({ kind: 'refused' });
      expect(await journal.list()).toEqual([]);
      expect(audit.query({ outcome: 'refused' })).toHaveLength(2);
    });

    it('asks for confirmation before the same card and amount again within ten minutes', async () => {
      const { service } = await onEngine();
      const r = await request('COMMON');
      expect((await service.charge(r)).kind).toBe('paid');
      const again = await service.charge(r);
      expect(again).toMatchObject({ kind: 'needsConfirmation', earlier: [expect.objectContaining({ state: 'PAID' })] });
      expect((await service.charge({ ...r, confirmRepeat: true })).kind).toBe('paid');
    });

    it('uses the business reference as orderNumber, so a repeat from any desk is refused', async () => {
      const reference = uniqueNumber('INV');
      const r = await request('RECURRENT', { reference });
      expect((await (await onEngine()).service.charge(r)).kind).toBe('paid');
      // Another desk, its own database: the gateway itself refuses the duplicate orderNumber.
      const other = await (await onEngine()).service.charge({ ...r, confirmRepeat: true });
      expect(other).toMatchObject({ kind: 'failed', charge: { state: 'FAILED', reason: saying(/duplicated/i) } });
      expect(await paidOrdersFor(reference)).toBe(1);
    });

    it('settles a lost payment answer by reconciliation, paid exactly once', async () => {
      const { service, journal } = await onEngine();
      await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'lost' }] });
      const out = await service.charge(await request('COMMON'));
      expect(out).toMatchObject({ kind: 'unknown', charge: { state: 'UNKNOWN' } });
      if (out.kind !== 'unknown') return;
      // While it is open, the card takes no new charge.
      expect(await service.charge({ ...(await request('COMMON')), bindingId: out.charge.bindingId })).toMatchObject({
        kind: 'refused',
        reason: phrase('charge.refused.notSettled'),
      });
      const [settled] = await service.reconcileAll();
      expect(settled).toMatchObject({ kind: 'paid', charge: { state: 'PAID' } });
      expect(await journal.open()).toEqual([]);
      expect(await paidOrdersFor(out.charge.orderNumber)).toBe(1);
    });

    it('pays a registered order whose payment never arrived, and only once', async () => {
      const { service } = await onEngine();
      await control(sb, 'POST', '/faults', { rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'reset' }] });
      const out = await service.charge(await request('COMMON'));
      expect(out.kind).toBe('unknown');
      const [settled] = await service.reconcileAll();
      expect(settled?.kind).toBe('paid');
      expect(await paidOrdersFor((settled as { charge: { orderNumber: string } }).charge.orderNumber)).toBe(1);
    });

    it('records every charge in the audit log', async () => {
      const { service, charged } = await onEngine();
      await service.charge(await request('INSTALLMENT'));
      expect(await charged()).toEqual([expect.stringMatching(/^PAID 12345 643 on binding/)]);
    });
  });

function runChild(env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/services/charge-child.ts'], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    child.on('exit', (code, signal) => resolve(signal === 'SIGKILL' ? -9 : code));
  });
}

describe('crash test: the charging process is killed at each step', () => {
  const points = [
    { at: 'journalled', category: 'COMMON' },
    { at: 'registered', category: 'COMMON' },
    { at: 'paymentSent', category: 'COMMON', inFlight: true },
    { at: 'answered', category: 'COMMON' },
    { at: 'journalled', category: 'RECURRENT' },
    { at: 'paymentSent', category: 'RECURRENT', inFlight: true },
    { at: 'registered', category: 'INSTALLMENT' },
    { at: 'paymentSent', category: 'INSTALLMENT', inFlight: true },
  ] as const;

  it.each(points)('killed after $at ($category): the restart reconciles to exactly one paid order, losing no row', async (p) => {
    const file = join(dir, `${uniqueNumber('crash')}.sqlite`);
    const b = await binding(p.category);
    const reference = uniqueNumber('CRASH');
    if ('inFlight' in p) {
      // The sandbox holds the payment long enough for the process to die while it waits for the answer.
      const path = {
        COMMON: '/payment/rest/paymentOrderBinding.do',
        RECURRENT: '/payment/recurrentPayment.do',
        INSTALLMENT: '/payment/installmentPayment.do',
      }[p.category];
      await control(sb, 'POST', '/faults', { rules: [{ path, mode: 'latency', latencyMs: 600 }] });
    }
    const code = await runChild({
      SANDBOX_URL: sb.url,
      DB_FILE: file,
      KILL_AT: p.at,
      ...('inFlight' in p ? { KILL_DELAY_MS: '150' } : {}),
      BINDING_ID: b.bindingId,
      CLIENT_ID: b.clientId,
      CATEGORY: p.category,
      REFERENCE: reference,
    });
    expect(code).toBe(-9);
    // Let an in-flight payment finish at the gateway, as it would after the desk's crash.
    await new Promise((r) => setTimeout(r, 'inFlight' in p ? 700 : 0));

    const { service, journal } = setup(file);
    expect((await journal.list()).map((c) => c.orderNumber)).toEqual([reference]);
    await service.reconcileAll();
    expect(await journal.open()).toEqual([]);
    expect(await journal.byOrderNumber('sandbox', reference)).toMatchObject({ state: 'PAID', amount: 4_200 });
    expect(await paidOrdersFor(reference)).toBe(1);
  });
});

describe('a charge said in Russian', () => {
  /** Latin letters left once the currency's letter code is taken out: English that slipped through. */
  const english = (text: string) => text.replace(/\b(RUB|USD|EUR)\b/g, '').match(/[A-Za-z]+/g) ?? [];

  it('words a decline from the gateway and a refusal over the maximum in Russian, the amount in Russian style', async () => {
    const ru = createI18n('ru');
    setFormattingLanguage('ru', 'ru-RU');
    try {
      // The request names Russian, so the gateway's own words for the decline come in Russian too.
      const { service } = setup(undefined, 'ru');
      const declined = chargeResult(await service.charge(await request('COMMON', { amount: 20_000_000 })));
      expect(declined.outcome).toBe('declined');
      if (declined.outcome !== 'declined') return;
      const state = say(ru, declined.charge.stateWords);
      const reason = say(ru, declined.charge.reason!);
      expect(state).toBe('отклонено');
      expect(reason).toMatch(/[а-яё]/i);
      expect(english(`${state} ${reason}`)).toEqual([]);

      const refused = chargeResult(await service.charge(await request('COMMON', { amount: 50_000_001 })));
      expect(refused.outcome).toBe('refused');
      if (refused.outcome !== 'refused') return;
      const words = say(ru, refused.reason);
      expect(words).toMatch(/^Сумма больше максимума на одно списание 500\s000,00\sRUB в окружении «песочница» \(Настройки\)$/);
      expect(english(words)).toEqual([]);
      // The same phrase in English is the sentence main used to build.
      setFormattingLanguage('en', 'en-US');
      expect(say(createI18n('en'), refused.reason)).toMatch(
        /^The amount is over the per-charge maximum of RUB\s500,000\.00 in sandbox \(Settings\)$/,
      );
    } finally {
      setFormattingLanguage('en', 'en-US');
    }
  });
});

describe('an orderNumber the app makes up', () => {
  it('never reads as a card number, even to a scanner that joins the date and the random part across the dash', () => {
    // 2026-11-27: "20261127-46675…" joined reads as a 13-digit number passing Luhn; a random part starting
    // with a digit made such numbers about once in a few thousand charges.
    const now = Date.UTC(2026, 10, 27, 12);
    for (let i = 0; i < 20_000; i++) {
      const orderNumber = generatedOrderNumber(now);
      expect(orderNumber).toMatch(APP_ORDER_NUMBER);
      expect(cardNumbersIn(orderNumber), orderNumber).toEqual([]);
    }
  });
});
