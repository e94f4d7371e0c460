/**
 * The requests per second a gateway environment allows: set with its connection through the IPC contract,
 * audited, shown back, refused in words when it is no such number, and the pace of the client the app then
 * builds for the environment; the embedded sandbox's is its merchant's own. A real core (SQLite files, the
 * embedded sandbox over HTTP) behind the dispatcher, with an in-memory keychain.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayClient } from '../../main/gateway/client.js';
import { MAX_GATEWAY_RATE, readGatewayRate } from '../../main/domain/gatewayRate.js';
import { SANDBOX_MERCHANT } from '../../main/sandbox/index.js';
import type { AppCore } from '../../main/services/appCore.js';
import { Vault } from '../../main/vault/vault.js';
import { createI18n } from '../../renderer/src/i18n/instance.js';
import { say } from '../../renderer/src/i18n/say.js';
import { setFormattingLanguage } from '../../renderer/src/format/locale.js';
import { openIpcHarness, type IpcHarness } from '../ipc/harness.js';
import { control } from '../sandbox/client.js';
import { memoryKeychain } from '../vault/memoryKeychain.js';

const harnesses: IpcHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

async function open(): Promise<IpcHarness> {
  const ipc = await openIpcHarness('gateway-rate-', 'clerk', { vault: new Vault(memoryKeychain(), 'test', async () => 'unlocked') });
  harnesses.push(ipc);
  return ipc;
}

/** The pace of the client the app built for the environment open now (kept inside the core, with its credentials). */
const clientRate = (core: AppCore) => (core as unknown as { current: { client: GatewayClient } }).current.client.limiter.currentRate;

describe('the rate a gateway environment allows', () => {
  it('is kept with the connection, audited, shown back, and paces the client the app builds for it', async () => {
    const { core, call } = await open();
    // The custom environment on the embedded sandbox, with its merchant's credentials.
    await call('settings.setConnection', { environment: 'custom', baseUrl: core.sandbox.url, userName: SANDBOX_MERCHANT.apiUser });
    await call('settings.setCredential', { environment: 'custom', kind: 'password', secret: SANDBOX_MERCHANT.password });
    const view = await call('settings.setConnection', { environment: 'custom', gatewayRate: 300 });
    expect(view.connections.custom.gatewayRate).toBe(300);
    expect(view.connections.test.gatewayRate).toBeUndefined();
    expect(core.audit.query({ action: 'connection.change' })[0]).toMatchObject({
      environment: 'custom',
      facts: { changed: ['gatewayRate'] },
    });

    await call('settings.updateGeneral', { environment: 'custom' });
    expect(clientRate(core)).toBe(300);
    // A change reopens the environment in use with the new pace; empty (null) and 0 both say "not known".
    await call('settings.setConnection', { environment: 'custom', gatewayRate: 120 });
    expect(clientRate(core)).toBe(120);
    for (const notKnown of [null, 0]) {
      await call('settings.setConnection', { environment: 'custom', gatewayRate: 500 });
      const cleared = await call('settings.setConnection', { environment: 'custom', gatewayRate: notKnown });
      expect(cleared.connections.custom.gatewayRate).toBeUndefined();
      expect(clientRate(core)).toBe(0);
    }
  });

  it('refuses a negative, fractional, huge or text rate, saying what it must be, in Russian too', async () => {
    const { call, refusal } = await open();
    await call('settings.setConnection', { environment: 'test', gatewayRate: 40 });
    const ru = createI18n('ru');
    const en = createI18n('en');
    for (const bad of [-1, 2.5, MAX_GATEWAY_RATE + 1, 1e9, '50', 'fast', Number.NaN, true]) {
      const error = await refusal('settings.setConnection', { environment: 'test', gatewayRate: bad });
      expect(error.code, String(bad)).toBe('invalidInput');
      expect(error.fields).toEqual([
        expect.objectContaining({ path: 'gatewayRate', said: { code: 'settings.input.gatewayRate', params: { max: MAX_GATEWAY_RATE } } }),
      ]);
      const field = error.fields![0]!.said;
      expect(say(en, field)).toBe('must be a whole number of requests per second from 1 to 10,000, or empty (or 0) if not known');
      setFormattingLanguage('ru', 'ru-RU');
      try {
        expect(say(ru, field)).toMatch(
          /^должно быть целым числом запросов в секунду от 1 до 10\s000 или пустым \(или 0\), если оно неизвестно$/,
        );
      } finally {
        setFormattingLanguage('en', 'en-US');
      }
    }
    // Nothing refused was kept.
    expect((await call('settings.get', {})).connections.test.gatewayRate).toBe(40);
  });

  it('is the embedded sandbox merchant’s own for the sandbox, read when the environment opens', async () => {
    const { core, call } = await open();
    expect(clientRate(core)).toBe(0);
    await control(core.sandbox, 'PATCH', `/merchants/${SANDBOX_MERCHANT.login}`, { rps: 250 });
    // Reopened by a switch away and back.
    await call('settings.setConnection', { environment: 'custom', baseUrl: core.sandbox.url, userName: SANDBOX_MERCHANT.apiUser });
    await call('settings.setCredential', { environment: 'custom', kind: 'password', secret: SANDBOX_MERCHANT.password });
    await call('settings.updateGeneral', { environment: 'custom' });
    await call('settings.updateGeneral', { environment: 'sandbox' });
    expect(clientRate(core)).toBe(250);
  });
});

describe('the rate as typed in Settings', () => {
  it('reads a whole number in bounds, empty or 0 as not known, and anything else as no rate', () => {
    expect(readGatewayRate(' 500 ')).toBe(500);
    expect(readGatewayRate(String(MAX_GATEWAY_RATE))).toBe(MAX_GATEWAY_RATE);
    for (const notKnown of ['', '  ', '0', '000']) expect(readGatewayRate(notKnown)).toBeNull();
    for (const bad of ['-5', '2.5', '1e3', '10001', '9999999', 'fast', '５０', '0x10']) expect(readGatewayRate(bad), bad).toBeUndefined();
  });
});
