/**
 * Audit entries people can read: each records the OS user and the role profile in use, and reads in words
 * built from its raw values ("Charged RUB 12.50 to 411111******1111, order …"), entries from before the words
 * existed too; the CSV export keeps the raw values. A real core (SQLite files, the embedded sandbox over
 * HTTP) behind the dispatcher; the keychain is an in-memory one, so that a passphrase and keys can be kept.
 */
import { parse } from 'csv-parse/sync';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { english } from '../../main/phrases/english.js';
import { setFormattingLanguage } from '../../renderer/src/format/locale.js';
import { createI18n } from '../../renderer/src/i18n/instance.js';
import { say } from '../../renderer/src/i18n/say.js';
import { auditPhrase, auditWords } from '../../main/services/auditWords.js';
import { AuditRepository, type AuditRecord } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import { MIGRATIONS } from '../../main/store/migrations.js';
import { Vault } from '../../main/vault/vault.js';
import { control, paidOrder, uniqueNumber } from '../sandbox/client.js';
import { openIpcHarness, type IpcHarness } from '../ipc/harness.js';
import { memoryKeychain } from '../vault/memoryKeychain.js';
import { migratedAuditEntries } from '../store/earlierAudit.js';

const harnesses: IpcHarness[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

async function open() {
  const ipc = await openIpcHarness('audit-words-', 'root', { vault: new Vault(memoryKeychain(), 'test', async () => 'unlocked') });
  harnesses.push(ipc);
  return { core: ipc.core, call: ipc.call, folder: ipc.folder };
}

describe('audit entries', () => {
  it('record the OS user and the role of the person signed in', async () => {
    const ipc = await openIpcHarness('audit-words-', 'root');
    harnesses.push(ipc);
    const { call } = ipc;
    await call('settings.setPreferences', { language: 'ru' });
    await ipc.as('finance');
    await call('settings.updateGeneral', { environment: 'sandbox' }).catch(() => undefined); // refused to finance: audited as such
    const { entries } = await call('audit.query', {});
    expect(entries.find((e) => e.action === 'settings.change')).toMatchObject({ osUser: 'root', role: 'administrator' });
    expect(entries.find((e) => e.action === 'access')).toMatchObject({
      osUser: 'root',
      role: 'finance',
      said: { code: 'audit.role.refusedAction', params: { action: 'settings.updateGeneral', role: 'finance' } },
    });
  });

  it('read in words: a charge, a refund, signing keys, settings', async () => {
    const { core, call } = await open();
    // A charge on a stored card the sandbox keeps for a client.
    const clientId = uniqueNumber('client');
    const seeded = (await control(core.sandbox, 'POST', '/seed', { bindings: [{ clientId, category: 'COMMON' }] })).bindings as [
      { bindingId: string },
    ];
    const charge = await call('charges.create', {
      environment: 'sandbox',
      clientId,
      bindingId: seeded[0].bindingId,
      category: 'COMMON',
      amount: 1250,
      currency: '643',
      reference: uniqueNumber('invoice'),
    });
    expect(charge.outcome).toBe('paid');
    // A refund of an order looked up before (the cache knows its currency).
    const orderNumber = uniqueNumber('shop');
    const orderId = await paidOrder(core.sandbox, { orderNumber, amount: 5000 });
    await call('orders.lookup', { query: orderId });
    await call('orders.refund', { environment: 'sandbox', orderId, amount: 1000 });
    const key = await call('keys.generate', { merchantLogin: 'sandbox', days: 30 });
    await call('keys.activate', { id: key.id });

    const { entries } = await call('audit.query', {});
    // Every entry the app wrote has facts its action's schema reads: none is worded from its detail line.
    expect(entries.filter((e) => e.said.code === 'audit.other' || e.said.code.endsWith('.unread'))).toEqual([]);
    const said = (action: string) => entries.find((e) => e.action === action)?.said;
    const words = (action: string) => {
      const phrase = said(action);
      return phrase && english(phrase);
    };
    expect(words('charge')).toMatch(/^Charged RUB 12\.50 to \d{6}\*{6}\d{4}, order invoice-/);
    expect(words('refund')).toBe(`Refunded RUB 10.00 of order ${orderNumber}`);
    // The same entry on a Russian screen: the phrase worded in Russian, the amount in Russian style.
    setFormattingLanguage('ru', 'ru-RU');
    try {
      expect(say(createI18n('ru'), said('refund')!).replace(/[\u00a0\u202f]/g, ' ')).toBe(`Возвращено 10,00 RUB, заказ ${orderNumber}`);
    } finally {
      setFormattingLanguage('en', 'en-US');
    }
    const fp = key.fingerprint256.split(':');
    expect(words('signingKey.activate')).toBe(`Signing key ${fp.slice(0, 4).join(':')}:…:${fp.slice(-4).join(':')} activated`);
    expect(words('signingKey.generate')).toMatch(/^Signing key [0-9A-F:]+…[0-9A-F:]+ generated$/);

    // The export keeps the raw values (minor units, numeric currency, the detail as recorded) beside the words.
    const csv = (await call('audit.export', { action: 'charge' })).content;
    const [row] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      osUser: 'root',
      role: 'administrator',
      action: 'charge',
      detail: expect.stringMatching(/^PAID 1250 643 on binding /),
    });
    expect(JSON.parse(row!.facts!)).toMatchObject({
      state: 'PAID',
      amount: 1250,
      currency: '643',
      maskedPan: expect.stringMatching(/^\d{6}\*{6}\d{4}$/),
    });
    expect(row!.words).toMatch(/^Charged RUB 12\.50 to /);
  });
});

describe('words for each kind of entry, old ones too', () => {
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-earlier-'));
    folders.push(dir);
    return dir;
  };
  const base = { id: 1, at: 0, osUser: 'root', environment: 'sandbox' } as const;
  const cases: [Omit<AuditRecord, 'id' | 'at' | 'osUser' | 'environment'>, string][] = [
    // A charge written before facts were kept: its detail alone.
    [
      { action: 'charge', outcome: 'success', objectType: 'order', objectId: 'inv-1', detail: 'PAID 1250 643 on binding b-1' },
      'Charged RUB 12.50 to stored card b-1, order inv-1',
    ],
    [
      {
        action: 'charge',
        outcome: 'failure',
        objectType: 'order',
        objectId: 'inv-2',
        detail: 'DECLINED 20000000 978 on binding b-1: Limit exceeded',
      },
      'Charge of EUR 200000.00 to stored card b-1 declined, order inv-2: Limit exceeded',
    ],
    [
      { action: 'charge', outcome: 'refused', objectType: 'binding', objectId: 'b-1', detail: 'Over the per-charge maximum' },
      'Charge on stored card b-1 refused: Over the per-charge maximum',
    ],
    [
      { action: 'refund', outcome: 'success', objectType: 'order', objectId: 'o-1', detail: 'DONE amount 1000' },
      'Refunded 1000 minor units of order o-1',
    ],
    [{ action: 'reverse', outcome: 'success', objectType: 'order', objectId: 'o-1', detail: 'DONE' }, 'Reversed order o-1'],
    [
      {
        action: 'deposit',
        outcome: 'failure',
        objectType: 'order',
        objectId: 'o-1',
        detail: 'REFUSED amount 500: The order is in status 6',
      },
      'Charge of the hold of 500 minor units on order o-1 refused by the gateway: The order is in status 6',
    ],
    [
      { action: 'refund', outcome: 'refused', objectType: 'order', objectId: 'o-1', detail: 'Another operation is open' },
      'Refund on order o-1 not sent: Another operation is open',
    ],
    [{ action: 'binding.disable', outcome: 'success', objectType: 'binding', objectId: 'b-1' }, 'Stored card b-1 disabled'],
    [
      { action: 'binding.extend', outcome: 'success', objectType: 'binding', objectId: 'b-1', detail: 'to 202812' },
      'Stored card b-1: expiry extended to 12/2028',
    ],
    [
      { action: 'settings.change', outcome: 'success', objectType: 'settings', detail: 'language, perChargeMaximum' },
      'Settings changed: language, perChargeMaximum',
    ],
    [
      { action: 'environment.switch', outcome: 'refused', objectType: 'settings', detail: 'to production: No base URL' },
      'Switch to production refused: No base URL',
    ],
    [
      { action: 'environment.switch', outcome: 'success', objectType: 'settings', detail: 'from sandbox' },
      'Switched from sandbox to sandbox',
    ],
    [
      { action: 'credential.set', outcome: 'success', objectType: 'settings', detail: 'password' },
      'API password of sandbox stored in the keychain',
    ],
    [
      { action: 'role.change', outcome: 'success', objectType: 'roleProfile', detail: 'from administrator to support' },
      'Profile changed from administrator to support',
    ],
    [
      { action: 'role.change', outcome: 'refused', objectType: 'roleProfile', detail: 'to administrator: wrong passphrase (1 in a row)' },
      'Profile change to administrator refused: wrong passphrase (1 in a row)',
    ],
    [{ action: 'role.passphrase', outcome: 'success', objectType: 'roleProfile', detail: 'set' }, 'Passphrase set'],
    [{ action: 'something.new', outcome: 'success', detail: 'x' }, 'something.new (success): x'],
  ];
  it.each(cases)('%o', (entry, words) => {
    const [migrated] = migratedAuditEntries(folder(), [{ ...base, ...entry }]);
    expect(auditWords(migrated!)).toBe(words);
  });

  it('names the settings changed in the language shown, keeping a key it does not know as it is', () => {
    const entry = {
      ...base,
      action: 'settings.change',
      outcome: 'success',
      objectType: 'settings',
      detail: 'language, gatewayUrls, perChargeMaximum',
    } as const;
    const [migrated] = migratedAuditEntries(folder(), [entry]);
    expect(auditWords(migrated!)).toBe('Settings changed: language, gatewayUrls, perChargeMaximum');
    expect(say(createI18n('ru'), auditPhrase(migrated!))).toBe('Изменены настройки: язык, адреса шлюза, perChargeMaximum');
  });

  it('reads an entry of a database from before roles and facts were kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-old-'));
    folders.push(dir);
    const file = join(dir, 'app.sqlite');
    const before = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version < 19) });
    before
      .prepare(
        "INSERT INTO audit_log (at, os_user, environment, action, outcome, object_type, object_id, detail) VALUES (1, 'root', 'sandbox', 'charge', 'success', 'order', 'inv-9', 'PAID 99 392 on binding b-2')",
      )
      .run();
    before.close();
    const db = openDatabase(file);
    const [old] = new AuditRepository(db).query();
    expect(old?.role).toBeUndefined();
    expect(auditWords(old!)).toBe('Charged JPY 99 to stored card b-2, order inv-9');
    db.close();
  });
});
