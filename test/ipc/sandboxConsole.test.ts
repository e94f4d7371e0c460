/**
 * sandbox.console.open over IPC, over a real core (SQLite files, the embedded sandbox over HTTP; the
 * keychain in memory, for the other environments' credentials): an administrator
 * working in the sandbox gets a one-time address that opens the console (the sandbox answers it with a
 * redirect and a session cookie, once); support and finance are refused before anything runs; in any other
 * environment it is refused with the environment named. Every opening and refusal is audited, and the
 * address never carries the control token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../main/phrases/english.js';
import { Vault } from '../../main/vault/vault.js';
import { memoryKeychain } from '../vault/memoryKeychain.js';
import { openIpcHarness, type IpcHarness } from './harness.js';

let ipc: IpcHarness;
beforeAll(async () => {
  ipc = await openIpcHarness('sandbox-console-ipc-', 'admin', { vault: new Vault(memoryKeychain(), 'test', async () => 'unlocked') });
});
afterAll(() => ipc.close());

/** What the sandbox answers the address with, not following the redirect (as a browser's first request sees it). */
const visit = (url: string) => fetch(url, { redirect: 'manual' });

describe('sandbox.console.open', () => {
  it('gives an administrator in the sandbox a one-time address that opens the console, audited', async () => {
    const { url } = await ipc.call('sandbox.console.open', {});
    const sandbox = ipc.core.sandbox;
    expect(url).toMatch(new RegExp(`^${sandbox.url.replace(/[.]/g, '\\.')}/sandbox/console\\?ticket=[A-Za-z0-9_-]{20,}$`));
    expect(url).not.toContain(sandbox.controlToken);

    const first = await visit(url);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/sandbox/console');
    expect(first.headers.get('set-cookie')).toMatch(new RegExp(`^sandbox_console_${sandbox.port}=[^;]+;.*HttpOnly`, 'i'));

    // The session the cookie carries opens the console's page.
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(`${sandbox.url}/sandbox/console`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Sandbox developer console</title>');

    // Used once: the same address again opens nothing.
    const again = await visit(url);
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();

    // Each call is a new ticket.
    expect((await ipc.call('sandbox.console.open', {})).url).not.toBe(url);

    const [entry] = ipc.core.audit.query({ action: 'sandbox.console.open' });
    expect(entry).toMatchObject({ outcome: 'success', environment: 'sandbox', osUser: 'admin', role: 'administrator' });
    // In words on the Audit screen.
    const { entries } = await ipc.call('audit.query', { action: 'sandbox.console.open' });
    expect(english(entries[0]!.said)).toBe('Sandbox developer console opened (one-time link)');
    // The ticket is written nowhere.
    expect(JSON.stringify(ipc.core.audit.query())).not.toContain(new URL(url).searchParams.get('ticket'));
  });

  it('takes no input', async () => {
    expect(await ipc.refusal('sandbox.console.open', { environment: 'sandbox' })).toMatchObject({
      code: 'invalidInput',
      fields: [{ path: '(payload)' }],
    });
  });

  it('is refused to support and finance before it runs, audited', async () => {
    try {
      for (const role of ['support', 'finance'] as const) {
        await ipc.as(role);
        const before = ipc.core.audit.query({ action: 'sandbox.console.open' }).length;
        expect(await ipc.refusal('sandbox.console.open', {})).toEqual({
          code: 'forbidden',
          said: [{ code: 'ipc.roleCannot', params: { role, channel: 'sandbox.console.open' } }],
          message: `The role ${role} cannot use sandbox.console.open; an administrator can give you another role.`,
        });
        expect(ipc.core.audit.query({ action: 'access' })[0]).toMatchObject({ outcome: 'refused', objectId: 'sandbox.console.open' });
        expect(ipc.core.audit.query({ action: 'sandbox.console.open' })).toHaveLength(before);
      }
    } finally {
      await ipc.as('administrator');
    }
  });

  it('is refused in every other environment, naming it, audited', async () => {
    // Reachable or not, each environment opens without a request: its client is only built.
    const urls = {
      test: 'https://test.gateway.invalid/payment',
      production: 'https://gateway.invalid/payment',
      custom: ipc.core.sandbox.url,
    };
    try {
      for (const environment of ['test', 'production', 'custom'] as const) {
        await ipc.call('settings.setConnection', {
          environment,
          baseUrl: urls[environment],
          authMode: 'password',
          userName: 'sandbox-api',
        });
        await ipc.call('settings.setCredential', { environment, kind: 'password', secret: 'sandbox-pass' });
        await ipc.call('settings.updateGeneral', { environment });
        expect(await ipc.refusal('sandbox.console.open', {})).toMatchObject({
          code: 'forbidden',
          message: `The developer console shows the built-in sandbox, and the app is working in ${environment} now; switch to the sandbox in Settings to open it.`,
        });
        expect(ipc.core.audit.query({ action: 'sandbox.console.open' })[0]).toMatchObject({ outcome: 'refused', environment });
        const { entries } = await ipc.call('audit.query', { action: 'sandbox.console.open', outcome: 'refused' });
        expect(english(entries[0]!.said)).toBe(`Sandbox developer console not opened: the app is working in ${environment}`);
      }
    } finally {
      await ipc.call('settings.updateGeneral', { environment: 'sandbox' });
    }
    expect(await ipc.call('sandbox.console.open', {})).toMatchObject({ url: expect.stringContaining('/sandbox/console?ticket=') });
  });
});
