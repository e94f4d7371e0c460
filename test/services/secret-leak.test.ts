import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GatewayClient, type RequestEvent, type ResponseEvent } from '../../main/gateway/client.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { BindingService } from '../../main/services/bindings.js';
import { OrderOperations } from '../../main/services/orderOperations.js';
import { resultsCsv } from '../../main/services/orders.js';
import { SigningKeyService } from '../../main/services/signingKeys.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase } from '../../main/store/database.js';
import { SqliteOperationJournal } from '../../main/store/operations.js';
import { SqliteSigningKeys } from '../../main/store/signingKeys.js';
import { revealSecret } from '../../main/vault/secret.js';
import { Vault } from '../../main/vault/vault.js';
import { AUTH, CARDS, control, payCard, register, startSandbox, uniqueNumber } from '../sandbox/client.js';
import { chargeServiceOn } from './chargeServiceOn.js';
import { orderServiceOn } from './orderServiceOn.js';

const keychainReady = process.env.KEYCHAIN_TESTS === '1';
const dir = mkdtempSync(join(tmpdir(), 'leak-test-'));
let sb: Sandbox | undefined;
afterAll(async () => {
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(keychainReady)('secrets and card data stay where they belong', () => {
  it('after every service has run, no secret, full card number or CVC is in the database, the logs or any returned value', async () => {
    sb = await startSandbox();
    const file = join(dir, 'app.sqlite');
    const db = openDatabase(file);
    const vault = new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`);
    const audit = new AuditRepository(db);
    const returned: unknown[] = [];
    const logs: (RequestEvent | ResponseEvent)[] = [];
    const keep = <T>(value: T): T => {
      returned.push(value);
      return value;
    };

    // The API password comes from the real keychain, as the app will take it.
    await vault.store('sandbox', { kind: 'apiPassword' }, AUTH.password);
    const password = revealSecret((await vault.secret('sandbox', { kind: 'apiPassword' }))!);
    const client = new GatewayClient({
      baseUrl: sb.url,
      credentials: { userName: AUTH.userName, password },
      language: 'en',
      logBodies: true,
      hooks: { onRequest: (e) => logs.push(e), onResponse: (e) => logs.push(e) },
    });

    // Stored cards: made by paying with full card data and CVC through the sandbox.
    const clientId = uniqueNumber('client');
    for (const [pan, jsonParams] of [
      [CARDS.noThreeDS, undefined],
      [CARDS.noThreeDS, { recurringFrequency: '28', recurringExpiry: '20301231' }],
      [CARDS.noThreeDS, { installments: '5', totalInstallmentAmount: '500000', recurringFrequency: '28', recurringExpiry: '20301231' }],
    ] as const) {
      const orderId = await register(sb, { clientId, features: 'FORCE_CREATE_BINDING' });
      await payCard(sb, orderId, pan, jsonParams ? { jsonParams } : {});
    }

    const bindings = new BindingService({ environment: 'sandbox', osUser: 'u', client, audit });
    const cards = keep(await bindings.list(clientId));
    keep(await bindings.findByCard(CARDS.noThreeDS));
    const common = cards.common[0]!.bindingId;
    await bindings.disable(common);
    await bindings.enable(common);
    await bindings.extend(common, '203201');

    const charges = chargeServiceOn(db, client, { operator: 'op', osUser: 'u', audit, perChargeMaximum: 10_000_000 });
    for (const [category, list] of [
      ['COMMON', cards.common],
      ['RECURRENT', cards.recurrent],
      ['INSTALLMENT', cards.installment],
    ] as const) {
      keep(await charges.charge({ bindingId: list[0]!.bindingId, clientId, category, amount: 1_000, currency: '643' }));
    }
    keep(await charges.reconcileAll());

    const orders = orderServiceOn(db, client);
    const paid = (await control(sb, 'GET', `/orders?clientId=${clientId}`)).orders as { orderId: string; orderNumber: string }[];
    const batch = keep(await orders.lookupMany(paid.map((o) => o.orderNumber)));
    keep(resultsCsv(batch));
    keep(orders.searchOffline('3333'));
    const operations = new OrderOperations({
      environment: 'sandbox',
      operator: 'op',
      osUser: 'u',
      client,
      journal: new SqliteOperationJournal(db),
      audit,
    });
    keep(await operations.refund(paid[0]!.orderId, 10));

    const keys = new SigningKeyService({ keys: () => new SqliteSigningKeys(db), vault, audit, osUser: 'u' });
    const key = keep(await keys.generate('sandbox', 'sandbox', 30));
    keep(await keys.exportCertificate('sandbox', key.id));
    await keys.activate('sandbox', key.id);
    keep(await keys.list('sandbox'));
    keep(await keys.testSign('sandbox', key.id, Buffer.from('orderNumber=1&amount=100')));
    const privateKey = revealSecret((await vault.secret('sandbox', { kind: 'signingKey', keyId: key.id }))!);
    keep(audit.query());

    await client.close();
    db.close();

    const secrets = {
      password,
      privateKeyBody: privateKey.split('\n')[5]!,
      pan: CARDS.noThreeDS,
      cvc: '"cvc":"123"',
    };
    const database = [file, `${file}-wal`]
      .filter(existsSync)
      .map((f) => readFileSync(f).toString('latin1'))
      .join('');
    const everything = { database, logs: JSON.stringify(logs), returned: JSON.stringify(returned) };
    for (const [where, text] of Object.entries(everything)) {
      for (const [what, secret] of Object.entries(secrets)) {
        expect(text.includes(secret), `${what} found in ${where}`).toBe(false);
      }
    }
    // And the run did produce what was searched: logs with bodies, masked cards, paid orders.
    expect(everything.logs).toContain('[redacted]');
    expect(everything.returned).toContain('444455******3333');
    expect(everything.database).toContain('PAID');
    await vault.clear('sandbox', { kind: 'apiPassword' });
    await keys.retire('sandbox', key.id).catch(() => undefined);
  });
});
