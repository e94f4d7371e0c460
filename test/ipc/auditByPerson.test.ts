/**
 * The audit by person (issue 29), over a real app core (SQLite files, the embedded sandbox over HTTP): every
 * entry names the person signed in when it was recorded and their role; a sign-in names the person signing in,
 * a wrong password and a refused call are entries too; the log is filtered and exported by person.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { control, uniqueNumber } from '../sandbox/client.js';
import { ipcOfFile } from './harness.js';
import { ADMINISTRATOR, loginOf } from './people.js';

const ipc = ipcOfFile('audit-person-', 'desk-user');

describe('the audit by person', () => {
  it('names the person and their role on each entry, and filters and exports by person', async () => {
    await ipc.as('finance');
    const clientId = uniqueNumber('client');
    const seeded = await control(ipc.core.sandbox, 'POST', '/seed', { bindings: [{ clientId }] });
    const bindingId = (seeded.bindings as { bindingId: string }[])[0]!.bindingId;
    const charged = await ipc.call('charges.create', {
      environment: 'sandbox',
      clientId,
      bindingId,
      category: 'COMMON',
      amount: 1_250,
      currency: '643',
    });
    expect(charged.outcome).toBe('paid');
    await ipc.as('support');
    expect((await ipc.refusal('charges.options', {})).code).toBe('forbidden');
    await expect(ipc.call('session.signIn', { login: loginOf('finance'), password: 'not the password' })).rejects.toThrow(/wrong/);
    await ipc.as('administrator');

    const byFinance = (await ipc.call('audit.query', { person: loginOf('finance') })).entries;
    expect(byFinance.find((e) => e.action === 'charge')).toMatchObject({
      person: loginOf('finance'),
      role: 'finance',
      osUser: 'desk-user',
    });
    expect(byFinance.every((e) => e.person === loginOf('finance'))).toBe(true);
    // The sign-in names the person signing in; typed in capitals, the filter finds the login as kept.
    expect((await ipc.call('audit.query', { person: 'FINANCE-PERSON', action: 'operator.signIn' })).entries[0]).toMatchObject({
      person: loginOf('finance'),
      outcome: 'success',
    });
    const bySupport = (await ipc.call('audit.query', { person: loginOf('support') })).entries;
    expect(bySupport.find((e) => e.action === 'access')).toMatchObject({
      objectId: 'charges.options',
      role: 'support',
      outcome: 'refused',
    });
    // A wrong password is an entry about the login tried, by whoever was signed in at the desk then.
    expect((await ipc.call('audit.query', { action: 'operator.signIn', outcome: 'failure' })).entries[0]).toMatchObject({
      objectId: loginOf('finance'),
      person: loginOf('support'),
    });

    const file = await ipc.call('audit.export', { person: loginOf('finance') });
    const rows = parse(file.content, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.length).toBe(byFinance.length);
    expect(new Set(rows.map((r) => r.person))).toEqual(new Set([loginOf('finance')]));
    expect(rows.find((r) => r.action === 'charge')).toMatchObject({ person: loginOf('finance'), role: 'finance' });
    expect((await ipc.call('audit.query', { person: ADMINISTRATOR.login })).entries.length).toBeGreaterThan(0);
  });

  it('names the person who asked, not whoever is at the desk when the answer comes: the desk locked and another signed in', async () => {
    await ipc.as('finance');
    const clientId = uniqueNumber('client');
    const seeded = await control(ipc.core.sandbox, 'POST', '/seed', { bindings: [{ clientId }] });
    const bindingId = (seeded.bindings as { bindingId: string }[])[0]!.bindingId;
    await control(ipc.core.sandbox, 'POST', '/faults', {
      rules: [{ path: '/payment/rest/paymentOrderBinding.do', mode: 'latency', latencyMs: 800 }],
    });
    try {
      const charging = ipc.call('charges.create', {
        environment: 'sandbox',
        clientId,
        bindingId,
        category: 'COMMON',
        amount: 990,
        currency: '643',
      });
      // While the gateway thinks: the desk locks, and the administrator signs in in finance's place.
      await new Promise((r) => setTimeout(r, 200));
      await ipc.call('session.lock', {});
      await ipc.as('administrator');
      const charged = await charging;
      if (charged.outcome !== 'paid') throw new Error(charged.outcome);
      const [entry] = (await ipc.call('audit.query', { action: 'charge', objectId: charged.charge.orderNumber })).entries;
      expect(entry).toMatchObject({ person: loginOf('finance'), role: 'finance', outcome: 'success' });
    } finally {
      await control(ipc.core.sandbox, 'DELETE', '/faults');
    }
  });
});
