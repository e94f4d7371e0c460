/**
 * A base URL with a user name or password in it (https://user:password@host), or with a query or fragment
 * (https://host/payment?password=…): refused when saved, through the settings service, over IPC and by the
 * client's constructor, with words that say where credentials go instead, and nothing saved; one an older
 * version saved (written into the SQLite file as it would have) is shown to every profile, and used by the
 * client, without those parts, with a note to save it again, which removes the secret from the file. Real app cores on temporary data folders (real SQLite files), the embedded sandbox and, where a
 * gnome-keyring session is there (npm test), the real keychain.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { BASE_URL_QUERY_MESSAGE, BASE_URL_USERINFO_MESSAGE } from '../../main/gateway/environments.js';
import type { Envelope, SettingsView } from '../../main/ipc/contract.js';
import { sessionGuard } from '../../main/ipc/sessionGuard.js';
import { signInAdministrator, signInAs } from '../ipc/people.js';
import { createDispatcher, type Dispatch } from '../../main/ipc/dispatcher.js';
import { EventHub } from '../../main/ipc/events.js';
import { createHandlers } from '../../main/ipc/handlers.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { AppCore } from '../../main/services/appCore.js';
import { Vault } from '../../main/vault/vault.js';
import { startSandbox } from '../sandbox/client.js';
import { forTheFile } from '../sandbox/fixture.js';
import { codes, en, saying } from '../phrases/said.js';

const keychainReady = process.env.KEYCHAIN_TESTS === '1';
const PASSWORD = 's3cret-pw';
const WITH_USERINFO = [
  `https://apiuser:${PASSWORD}@gateway.example/payment`,
  'https://apiuser@gateway.example/payment',
  `https://:${PASSWORD}@gateway.example`,
  'https://@gateway.example',
];
/** Base URLs carrying a query or a fragment, a secret in some. */
const WITH_QUERY = [
  `https://gateway.example/payment?password=${PASSWORD}`,
  `https://gateway.example/payment/#token=${PASSWORD}`,
  'https://gateway.example/payment?',
  'https://gateway.example/payment#',
];

const root = mkdtempSync(join(tmpdir(), 'base-url-userinfo-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const newFolder = () => mkdtempSync(join(root, 'data-'));

/** The settings rows as they are in the SQLite file, read with a connection of its own. */
function settingsRows(dataFolder: string): Record<string, string> {
  const db = new Database(join(dataFolder, 'app.sqlite'), { readonly: true });
  try {
    const rows = db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  } finally {
    db.close();
  }
}

/** Writes settings rows straight into the file, as an older version (which accepted anything URL-shaped) did. */
function writeAsOlderVersion(dataFolder: string, rows: Record<string, unknown>): void {
  const db = new Database(join(dataFolder, 'app.sqlite'));
  try {
    const put = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
    for (const [key, value] of Object.entries(rows)) put.run(key, JSON.stringify(value));
  } finally {
    db.close();
  }
}

/** The desk's channels as the renderer reaches them, with its administrator signed in. */
async function dispatcherOf(core: AppCore, dataFolder: string): Promise<Dispatch> {
  const handlers = createHandlers({ core, events: new EventHub(), app: { name: 'test', version: '0.0.0', shell: 'browser', dataFolder } });
  const dispatch = createDispatcher(handlers, () => {}, sessionGuard(core));
  await signInAdministrator(dispatch);
  return dispatch;
}

async function view(dispatch: Dispatch): Promise<SettingsView> {
  const answer = (await dispatch('settings.get', {})) as Envelope<SettingsView>;
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

/**
 * A describe block's app core on a fresh folder, the test environment's connection saved in it: what a refused
 * URL must leave as it was.
 */
const coreOfBlock = () =>
  forTheFile(
    async () => {
      const dataFolder = newFolder();
      const core = await AppCore.open({ dataFolder, osUser: 'tester' });
      core.settings.setConnection('test', { baseUrl: 'https://test.gateway.example/payment', userName: 'apiuser' });
      return { dataFolder, core, dispatch: await dispatcherOf(core, dataFolder) };
    },
    ({ core }) => core.close(),
  );

/** A data folder whose settings an older version wrote: the current schema, then these rows as they were kept. */
async function folderOfOlderVersion(rows: Record<string, unknown>): Promise<string> {
  const dataFolder = newFolder();
  await (await AppCore.open({ dataFolder, osUser: 'tester' })).close();
  writeAsOlderVersion(dataFolder, rows);
  expect(JSON.stringify(settingsRows(dataFolder))).toContain(PASSWORD);
  return dataFolder;
}

/** Runs a test on the app core opened on the folder, with a dispatcher over it, and closes the core whatever happens. */
async function onCore(dataFolder: string, test: (core: AppCore, dispatch: Dispatch) => Promise<void>): Promise<void> {
  const core = await AppCore.open({ dataFolder, osUser: 'tester' });
  try {
    await test(core, await dispatcherOf(core, dataFolder));
  } finally {
    await core.close();
  }
}

/** Saving another field of the test connection writes its cleaned URL over the old row. */
async function saveTestConnectionAgain(dispatch: Dispatch, dataFolder: string): Promise<void> {
  expect(await dispatch('settings.setConnection', { environment: 'test', merchantLogin: 'shop' })).toMatchObject({ ok: true });
  expect(settingsRows(dataFolder)['connection.test']).not.toContain(PASSWORD);
  expect(JSON.parse(settingsRows(dataFolder)['connection.test']!)).toMatchObject({ baseUrl: 'https://test.gateway.example/payment' });
}

type Opened = ReturnType<typeof coreOfBlock>;

/** What a refusal must leave as it was: the settings rows in the file and the audit log. The check it returns says it did. */
function leftAsItWas({ dataFolder, core }: Opened): () => void {
  const before = settingsRows(dataFolder);
  const audited = core.audit.query().length;
  return () => {
    expect(settingsRows(dataFolder)).toEqual(before);
    expect(core.audit.query()).toHaveLength(audited);
  };
}

/** Each URL saved through the settings service in every environment, refused in these words. */
function refusedBySettings(core: AppCore, urls: readonly string[], message: string): void {
  for (const environment of ['sandbox', 'test', 'production', 'custom'] as const) {
    for (const baseUrl of urls) {
      expect(() => core.settings.setConnection(environment, { baseUrl }), `${environment} ${baseUrl}`).toThrow(message);
    }
  }
}

/**
 * Each URL sent over IPC for every environment a person can edit: refused as invalid input on the baseUrl
 * field (`error` says in which words), the secret in no answer, and the file as it was.
 */
async function refusedOverIpc(
  { dataFolder, dispatch }: Opened,
  urls: readonly string[],
  error: { readonly message: unknown; readonly said: unknown; readonly fieldMessage: unknown },
): Promise<void> {
  const before = settingsRows(dataFolder);
  for (const environment of ['test', 'production', 'custom'] as const) {
    for (const baseUrl of urls) {
      const answer = await dispatch('settings.setConnection', { environment, baseUrl, merchantLogin: 'changed' });
      expect(answer, `${environment} ${baseUrl}`).toEqual({
        ok: false,
        error: {
          code: 'invalidInput',
          said: [expect.objectContaining({ code: 'ipc.invalidInput' })],
          message: error.message,
          fields: [{ path: 'baseUrl', said: error.said, message: error.fieldMessage }],
        },
      });
      expect(JSON.stringify(answer)).not.toContain(PASSWORD);
    }
  }
  expect(settingsRows(dataFolder)).toEqual(before);
}

describe('a base URL with user:password@ is refused', () => {
  const opened = coreOfBlock();

  it('by the settings service, for every environment, in words that say where the credentials go; nothing is saved', () => {
    const { core } = opened;
    const unchanged = leftAsItWas(opened);
    refusedBySettings(core, WITH_USERINFO, BASE_URL_USERINFO_MESSAGE);
    expect(() => core.settings.setGeneral({ gatewayUrls: { production: WITH_USERINFO[0]! } })).toThrow(BASE_URL_USERINFO_MESSAGE);
    unchanged();
    expect(core.settings.connection('test').baseUrl).toBe('https://test.gateway.example/payment');
    // An "@" in the path is no userinfo.
    core.settings.setConnection('custom', { baseUrl: 'https://gateway.example/pay@ment' });
    expect(core.settings.connection('custom').baseUrl).toBe('https://gateway.example/pay@ment');
  });

  it('over IPC, as invalid input on the baseUrl field, without echoing the password; nothing is saved', async () => {
    await refusedOverIpc(opened, WITH_USERINFO, {
      message: expect.stringContaining(`baseUrl: `),
      said: expect.objectContaining({ code: expect.any(String) }),
      fieldMessage: expect.any(String),
    });
    expect((await view(opened.dispatch)).connections.test).toMatchObject({
      baseUrl: 'https://test.gateway.example/payment',
      userName: 'apiuser',
    });
  });

  it('by the gateway client, which would otherwise drop the credentials without a word and print the password', () => {
    expect(() => new GatewayClient({ baseUrl: `http://apiuser:${PASSWORD}@127.0.0.1:9`, credentials: { token: 't' } })).toThrow(
      BASE_URL_USERINFO_MESSAGE,
    );
  });
});

describe('a base URL with a query or a fragment is refused', () => {
  const opened = coreOfBlock();

  it('by the settings service, for every environment and the configured URLs; nothing is saved or audited', () => {
    const { dataFolder, core } = opened;
    const unchanged = leftAsItWas(opened);
    refusedBySettings(core, WITH_QUERY, BASE_URL_QUERY_MESSAGE);
    for (const url of WITH_QUERY)
      expect(() => core.settings.setGeneral({ gatewayUrls: { production: url } })).toThrow(BASE_URL_QUERY_MESSAGE);
    // Both at once: the userinfo is named first.
    expect(() => core.settings.setConnection('custom', { baseUrl: `https://u:${PASSWORD}@gateway.example/?a=1` })).toThrow(
      BASE_URL_USERINFO_MESSAGE,
    );
    unchanged();
    expect(JSON.stringify(settingsRows(dataFolder))).not.toContain(PASSWORD);
    // A "?" or "#" spelt in the path (%3F, %23) is neither.
    core.settings.setConnection('custom', { baseUrl: 'https://gateway.example/pay%3Fment%23' });
    expect(core.settings.connection('custom').baseUrl).toBe('https://gateway.example/pay%3Fment%23');
  });

  it('over IPC, as invalid input on the baseUrl field in words of its own, without echoing the secret; nothing is saved', async () => {
    await refusedOverIpc(opened, WITH_QUERY, {
      message: expect.stringContaining(`baseUrl: ${BASE_URL_QUERY_MESSAGE}`),
      said: { code: 'settings.baseUrlQuery' },
      fieldMessage: BASE_URL_QUERY_MESSAGE,
    });
  });

  it('by the gateway client', () => {
    for (const url of WITH_QUERY)
      expect(
        () => new GatewayClient({ baseUrl: url.replace('https://gateway.example', 'http://127.0.0.1:9'), credentials: { token: 't' } }),
      ).toThrow(BASE_URL_QUERY_MESSAGE);
  });
});

describe('a base URL saved with a query or a fragment by an older version', () => {
  it('is shown and used without them, with a note to save it again, and saving it takes the secret out of the file', async () => {
    const dataFolder = await folderOfOlderVersion({
      'connection.test': {
        baseUrl: `https://test.gateway.example/payment/?password=${PASSWORD}`,
        authMode: 'password',
        userName: 'apiuser',
        signatureRequired: false,
      },
      'connection.custom': {
        baseUrl: `https://apiuser:${PASSWORD}@gateway.example/pay#token=${PASSWORD}`,
        authMode: 'token',
        signatureRequired: false,
      },
      general: { environment: 'sandbox', language: 'en', gatewayUrls: { production: `https://gateway.example/?token=${PASSWORD}` } },
    });
    await onCore(dataFolder, async (core, dispatch) => {
      const shown = await view(dispatch);
      expect(JSON.stringify(shown)).not.toContain(PASSWORD);
      expect(shown.connections.test).toMatchObject({
        baseUrl: 'https://test.gateway.example/payment',
        effectiveBaseUrl: 'https://test.gateway.example/payment',
        userName: 'apiuser',
      });
      expect(codes(shown.connections.test.problem)).toEqual(['settings.baseUrlHadQuery']);
      expect(en(shown.connections.test.problem)).toContain('save the connection again');
      expect(shown.connections.custom).toMatchObject({
        baseUrl: 'https://gateway.example/pay',
        effectiveBaseUrl: 'https://gateway.example/pay',
      });
      expect(codes(shown.connections.custom.problem)).toEqual(['settings.baseUrlHadUserinfo', 'settings.baseUrlHadQuery']);
      // A configured gateway URL with a query is not used: the environment says why, without the URL.
      expect(shown.connections.production.effectiveBaseUrl).toBeUndefined();
      expect(codes(shown.connections.production.problem)).toEqual(['settings.baseUrlQueryOf']);
      expect(core.settings.baseUrl('test')).toBe('https://test.gateway.example/payment');

      await saveTestConnectionAgain(dispatch, dataFolder);
      expect(core.audit.query({ action: 'connection.change' })[0]).toMatchObject({
        environment: 'test',
        detail: 'merchantLogin, baseUrl (query and fragment removed)',
      });
      expect((await view(dispatch)).connections.test.problem).toBeUndefined();
      expect(await dispatch('settings.setConnection', { environment: 'custom', merchantLogin: 'shop' })).toMatchObject({ ok: true });
      expect(core.audit.query({ action: 'connection.change' })[0]).toMatchObject({
        detail: 'merchantLogin, baseUrl (user:password@ removed), baseUrl (query and fragment removed)',
      });
      expect(settingsRows(dataFolder)['connection.custom']).not.toContain(PASSWORD);
    });
  });
});

describe('a base URL saved with user:password@ by an older version', () => {
  it('is shown without its userinfo, with a note to save it again, and saving it takes the password out of the file', async () => {
    const dataFolder = await folderOfOlderVersion({
      'connection.test': {
        baseUrl: `https://apiuser:${PASSWORD}@test.gateway.example/payment/`,
        authMode: 'password',
        userName: 'apiuser',
        signatureRequired: false,
      },
      'connection.production': { baseUrl: `https://apiuser:${PASSWORD}@gateway.example`, authMode: 'password', signatureRequired: false },
    });
    await onCore(dataFolder, async (core, dispatch) => {
      const shown = await view(dispatch);
      expect(JSON.stringify(shown)).not.toContain(PASSWORD);
      expect(JSON.stringify(shown)).not.toContain('apiuser@');
      expect(shown.connections.test).toMatchObject({
        baseUrl: 'https://test.gateway.example/payment',
        effectiveBaseUrl: 'https://test.gateway.example/payment',
        userName: 'apiuser',
        problem: saying(/The saved base URL contained a user name or password \(user:password@\)/),
      });
      expect(en(shown.connections.test.problem)).toContain('save the connection again');
      expect(codes(shown.connections.test.problem)).toEqual(['settings.baseUrlHadUserinfo']);
      expect(shown.connections.production).toMatchObject({
        baseUrl: 'https://gateway.example',
        effectiveBaseUrl: 'https://gateway.example',
      });
      expect(en(shown.connections.custom.problem)).not.toContain('user:password@');
      // What a client would be built on.
      expect(core.settings.baseUrl('test')).toBe('https://test.gateway.example/payment');

      // Saving another field of the connection writes the cleaned URL over the old row, audited as such.
      await saveTestConnectionAgain(dispatch, dataFolder);
      expect(core.audit.query({ action: 'connection.change' })[0]).toMatchObject({
        environment: 'test',
        detail: 'merchantLogin, baseUrl (user:password@ removed)',
      });
      expect(en((await view(dispatch)).connections.test.problem)).not.toContain('user:password@');
      // Saving it from the form, which sends the URL it shows, does the same.
      const production = (await view(dispatch)).connections.production;
      expect(await dispatch('settings.setConnection', { environment: 'production', baseUrl: production.baseUrl! })).toMatchObject({
        ok: true,
      });
      expect(JSON.stringify(settingsRows(dataFolder))).not.toContain(PASSWORD);
    });
  });

  describe.runIf(keychainReady)('with the real keychain', { timeout: 60_000 }, () => {
    let gateway: Sandbox;
    beforeAll(async () => {
      gateway = await startSandbox();
    });
    afterAll(() => gateway?.close());

    it('still opens in that environment, on the URL without userinfo, and shows it so to every profile', async () => {
      const dataFolder = newFolder();
      const vault = new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`);
      const first = await AppCore.open({ dataFolder, osUser: 'tester', vault });
      await first.settings.setCredential('custom', 'token', 'sandbox-token');
      await first.close();
      const withUserinfo = gateway.url.replace('://', `://apiuser:${PASSWORD}@`);
      writeAsOlderVersion(dataFolder, {
        general: { environment: 'custom', language: 'en', perChargeMaximum: 1_000_000, gatewayUrls: {} },
        'connection.custom': { baseUrl: withUserinfo, authMode: 'token', signatureRequired: false },
      });

      const core = await AppCore.open({ dataFolder, osUser: 'tester', vault });
      const dispatch = await dispatcherOf(core, dataFolder);
      try {
        expect(core.services.environment).toBe('custom');
        expect(await core.checkConnection()).toMatchObject({ ok: true });
        for (const role of ['administrator', 'finance', 'support'] as const) {
          await signInAs(dispatch, role);
          const shown = await view(dispatch);
          expect(JSON.stringify(shown), role).not.toContain(PASSWORD);
          expect(shown.connections.custom, role).toMatchObject({
            baseUrl: gateway.url,
            effectiveBaseUrl: gateway.url,
            credentials: { token: true },
            problem: saying(/user:password@/),
          });
        }
      } finally {
        await core.close();
      }
    });
  });
});
