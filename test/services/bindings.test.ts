import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { BindingService, bindingView } from '../../main/services/bindings.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import { clientOfFile, sandboxOfFile } from '../sandbox/fixture.js';

const sb = sandboxOfFile();
let db: Db;
let audit: AuditRepository;
const client = clientOfFile(() => new GatewayClient({ baseUrl: sb.url, credentials: { token: 'sandbox-token' } }));
let service: BindingService;
const dir = mkdtempSync(join(tmpdir(), 'bindings-test-'));
// The sandbox clock and this one: 2026-11-22, so a 202611 card runs out within 30 days (on 1 December),
// a 202612 one does not (1 January is 40 days away), and 202510 has expired.
const NOW = Date.UTC(2026, 10, 22);

beforeAll(async () => {
  await control(sb, 'POST', '/clock', { setEpochMs: NOW });
  db = openDatabase(join(dir, 'app.sqlite'));
  audit = new AuditRepository(db);
  service = new BindingService({ environment: 'sandbox', osUser: 'finance', client, audit, now: () => NOW });
});
afterAll(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function seed(clientId: string, bindings: Record<string, unknown>[]) {
  return (await control(sb, 'POST', '/seed', { bindings: bindings.map((b) => ({ clientId, ...b })) })).bindings as { bindingId: string }[];
}

describe('stored cards of a client', () => {
  it('are grouped by category with expired and expiring-soon flags; expired ones only on request', async () => {
    const clientId = uniqueNumber('client');
    await seed(clientId, [
      { category: 'COMMON', expiry: '203012' },
      { category: 'COMMON', pan: '4111111111111111', expiry: '202611' },
      { category: 'COMMON', pan: '4012001038166662', expiry: '202612' },
      { category: 'RECURRENT', expiry: '202510' },
      { category: 'INSTALLMENT' },
    ]);
    const shown = await service.list(clientId);
    expect(shown.common.map((b) => [b.expiry, b.expiresSoon, b.expired]).sort()).toEqual([
      ['202611', true, false],
      ['202612', false, false],
      ['203012', false, false],
    ]);
    expect(shown.recurrent).toEqual([]);
    expect(shown.installment).toHaveLength(1);
    const all = await service.list(clientId, { showExpired: true });
    expect(all.recurrent[0]).toMatchObject({ expiry: '202510', expired: true, maskedPan: '444455******3333' });
  });

  it('are disabled, re-enabled and extended, each audited, failures too', async () => {
    const clientId = uniqueNumber('client');
    const [{ bindingId }] = (await seed(clientId, [{ category: 'COMMON', expiry: '202612' }])) as [{ bindingId: string }];
    await service.disable(bindingId);
    expect((await service.list(clientId)).common).toEqual([]);
    await expect(service.disable(bindingId)).rejects.toMatchObject({ errorCode: '2' });
    await service.enable(bindingId);
    await service.extend(bindingId, '202912');
    expect((await service.list(clientId)).common[0]).toMatchObject({ expiry: '202912', expiresSoon: false });
    expect(audit.query({ objectId: bindingId }).map((e) => `${e.action}:${e.outcome}`)).toEqual([
      'binding.extend:success',
      'binding.enable:success',
      'binding.disable:failure',
      'binding.disable:success',
    ]);
  });

  it('are found by card number without the number reaching the audit log', async () => {
    const clientId = uniqueNumber('client');
    const [{ bindingId }] = (await seed(clientId, [{ category: 'COMMON', pan: '5555555555555599' }])) as [{ bindingId: string }];
    expect((await service.findByCard('5555555555555599')).map((b) => b.bindingId)).toContain(bindingId);
    expect((await service.findById(bindingId))[0]?.category).toBe('COMMON');
    expect(JSON.stringify(audit.query())).not.toContain('5555555555555599');
  });

  it('read an unknown category or expiry without failing', () => {
    expect(bindingView({ bindingId: 'x', bindingCategory: 'NEW', expiryDate: 'soon' }, NOW)).toMatchObject({
      category: 'UNKNOWN',
      expired: false,
      expiresSoon: false,
    });
  });
});
