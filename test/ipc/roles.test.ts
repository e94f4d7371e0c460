/**
 * Role profiles as main enforces them, over real app cores (SQLite in temporary data folders, the embedded
 * sandbox) and the real keychain: every channel is allowed to exactly the profiles the permissions table
 * names, and refused to the others before its payload is looked at, with the refusal audited; a fresh
 * installation is an administrator's; the passphrase is what changes the profile, wrong ones are refused,
 * audited and throttled; the profile survives a restart and belongs to one data folder. Both entry points
 * (browser mode's HTTP host, the Electron adapter) refuse a support profile the charge channel.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openBrowserMode } from '../../main/browserMode.js';
import {
  CHANNELS,
  ROLES,
  type AppEvent,
  type ChannelName,
  type Envelope,
  type Role,
  type RoleProfileView,
} from '../../main/ipc/contract.js';
import { createDispatcher, type Dispatch } from '../../main/ipc/dispatcher.js';
import { EventHub } from '../../main/ipc/events.js';
import { createHandlers } from '../../main/ipc/handlers.js';
import { leastRole, mayUse } from '../../main/ipc/permissions.js';
import { AppCore } from '../../main/services/appCore.js';
import { FREE_ATTEMPTS } from '../../main/domain/attempts.js';

vi.mock('electron', () => import('../shell/electronStub.js'));

// The real OS keychain: `npm test` provides gnome-keyring in a private D-Bus session (KEYCHAIN_TESTS=1).
const keychainReady = process.env.KEYCHAIN_TESTS === '1';
if (!keychainReady && process.env.CI) throw new Error('CI must run the keychain tests: run them through npm test');
if (!keychainReady) console.log('role profile tests skipped: no gnome-keyring session (run them through npm test)');

const PASSPHRASE = 'a long enough passphrase for tests';
/** Not a field of any channel: every channel's strict schema refuses it. */
const MALFORMED = { notAField: true };

const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'roles-test-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

interface Opened {
  readonly dataFolder: string;
  readonly core: AppCore;
  readonly dispatch: Dispatch;
  readonly events: AppEvent[];
}

async function open(dataFolder = newFolder(), demo = false): Promise<Opened> {
  const core = await AppCore.open({ dataFolder, osUser: 'tester', demo });
  const hub = new EventHub();
  const events: AppEvent[] = [];
  hub.subscribe((e) => events.push(e));
  const handlers = createHandlers({ core, events: hub, app: { name: 'test', version: '0.0.0', shell: 'browser', dataFolder } });
  return { dataFolder, core, dispatch: createDispatcher(handlers, () => {}, core.roles), events };
}

const profile = async (dispatch: Dispatch) => {
  const answer = (await dispatch('roles.get', {})) as Envelope<RoleProfileView>;
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
};

describe('the permissions the channels declare', () => {
  it('names the least profile of every channel, nested from support to administrator', () => {
    for (const channel of CHANNELS) {
      expect(ROLES).toContain(leastRole(channel));
      const allowed = ROLES.filter((r) => mayUse(r, channel));
      // Whoever may use a channel, every stronger profile may too.
      expect(ROLES.slice(ROLES.length - allowed.length)).toEqual(allowed);
    }
    const byRole = (role: Role) => CHANNELS.filter((c) => leastRole(c) === role);
    // Credentials, the connection, the keys, the charge limits, the team database, the passphrase and the sandbox's console are an administrator's.
    const administrators =
      /^(settings\.(updateGeneral|setConnection|setCredential|clearCredential|checkConnection|setChargeMaximum|setCurrencies|teamDatabase|testTeamDatabase|saveTeamDatabase|turnOffTeamDatabase|moveDeskRecords)|keys\.|roles\.setPassphrase|sandbox\.)/;
    expect(byRole('administrator')).toEqual(CHANNELS.filter((c) => administrators.test(c)));
    // Money moved, cards changed, charges, the audit log, the reconciliation and the batch file of binding IDs are finance's.
    const finances = /^(orders\.(deposit|reverse|refund)|cards\.|charges\.|audit\.|period\.reconcil|customers\.exportBatch)/;
    expect(byRole('finance')).toEqual(CHANNELS.filter((c) => finances.test(c)));
    // Everything else is support's: look-ups, the orders of a period and their views, customers, one's own preferences and profile.
    expect(byRole('support')).toEqual(CHANNELS.filter((c) => !administrators.test(c) && !finances.test(c)));
  });
});

describe.runIf(keychainReady)('role profiles over a real app core and the real keychain', { timeout: 60_000 }, () => {
  let app: Opened;
  beforeAll(async () => {
    app = await open();
  });
  afterAll(() => app?.core.close());

  it('starts a fresh installation as administrator, which cannot become support before a passphrase is set', async () => {
    expect(await profile(app.dispatch)).toEqual({ role: 'administrator', passphraseSet: false, allowedChannels: [...CHANNELS] });
    expect(await app.dispatch('roles.set', { role: 'support', passphrase: PASSPHRASE })).toEqual({
      ok: false,
      error: {
        code: 'invalidInput',
        said: [{ code: 'roles.noPassphrase', params: { role: { code: 'roles.role.support' } } }],
        message: 'No passphrase is set: an administrator sets one before the profile can be support',
      },
    });
    expect(app.core.audit.query({ action: 'role.change' })[0]).toMatchObject({ outcome: 'refused' });
    expect(await app.dispatch('roles.setPassphrase', { next: 'too short' })).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', fields: [{ path: 'next' }] },
    });
    expect(await app.dispatch('roles.setPassphrase', { next: PASSPHRASE })).toMatchObject({
      ok: true,
      value: { role: 'administrator', passphraseSet: true },
    });
    expect(app.events).toContainEqual({ type: 'role.changed', role: 'administrator' });
  });

  it('lets each profile use exactly the channels the table gives it, refusing the rest before reading the payload, audited', async () => {
    for (const role of ['finance', 'support', 'administrator'] as const) {
      expect(await app.dispatch('roles.set', { role, passphrase: PASSPHRASE })).toMatchObject({ ok: true, value: { role } });
      expect(app.core.roles.role()).toBe(role);
      expect((await profile(app.dispatch)).allowedChannels).toEqual(CHANNELS.filter((c) => mayUse(role, c)));
      expect(app.events.at(-1)).toEqual({ type: 'role.changed', role });

      for (const channel of CHANNELS) {
        const before = app.core.audit.query({ action: 'access' }).length;
        const answer = await app.dispatch(channel, MALFORMED);
        if (mayUse(role, channel)) {
          // Let through to the contract, which refuses the payload.
          expect(answer, `${role} on ${channel}`).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
          expect(app.core.audit.query({ action: 'access' })).toHaveLength(before);
        } else {
          expect(answer, `${role} on ${channel}`).toEqual({
            ok: false,
            error: {
              code: 'forbidden',
              said: [{ code: 'ipc.profileCannot', params: { role, channel } }],
              message: `The ${role} profile cannot use ${channel}; an administrator can change the profile.`,
            },
          });
          const [entry, ...rest] = app.core.audit.query({ action: 'access' });
          expect(rest).toHaveLength(before);
          expect(entry).toMatchObject({
            outcome: 'refused',
            objectType: 'channel',
            objectId: channel,
            detail: `profile ${role}`,
            osUser: 'tester',
            environment: 'sandbox',
          });
        }
      }
    }
  });

  it('refuses a support profile a well-formed charge, and lets it look an order up', async () => {
    await app.dispatch('roles.set', { role: 'support', passphrase: PASSPHRASE });
    const charge = {
      environment: 'sandbox',
      clientId: 'client-1',
      bindingId: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
      category: 'COMMON',
      amount: 1000,
      currency: '643',
    };
    expect(await app.dispatch('charges.create', charge)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await app.dispatch('orders.lookup', { query: 'no-such-order-1' })).toMatchObject({ ok: true, value: { kind: 'notFound' } });
    expect(await app.dispatch('roles.setPassphrase', { current: PASSPHRASE, next: 'an attempt to take over' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('refuses a wrong passphrase in words, audited, and keeps the profile across a restart', async () => {
    expect(await app.dispatch('roles.set', { role: 'administrator', passphrase: 'not the passphrase at all' })).toEqual({
      ok: false,
      error: {
        code: 'forbidden',
        said: [{ code: 'roles.wrongPassphrase', params: { role: { code: 'roles.role.support' } } }],
        message: 'That passphrase is not the right one; the profile stays support.',
      },
    });
    expect(app.core.audit.query({ action: 'role.change' })[0]).toMatchObject({
      outcome: 'refused',
      detail: 'to administrator: wrong passphrase (1 in a row)',
    });
    await app.core.close();
    app = await open(app.dataFolder);
    expect(await profile(app.dispatch)).toMatchObject({ role: 'support', passphraseSet: true });
    expect(await app.dispatch('roles.set', { role: 'administrator', passphrase: PASSPHRASE })).toMatchObject({
      ok: true,
      value: { role: 'administrator' },
    });
    // Nothing of a passphrase was written anywhere the app keeps things.
    expect(JSON.stringify(app.core.audit.query())).not.toMatch(/passphrase for tests|not the passphrase|take over/);
  });

  it('brings the profile switched to its own language, in the gateway’s messages too', async () => {
    const { core, dispatch } = await open(newFolder(), true);
    try {
      const declineOf = async () => JSON.stringify(await dispatch('orders.lookup', { query: 'demo-0009' }));
      expect(await dispatch('roles.setPassphrase', { next: PASSPHRASE })).toMatchObject({ ok: true });
      expect(await dispatch('roles.set', { role: 'support', passphrase: PASSPHRASE })).toMatchObject({ ok: true });
      expect(await dispatch('settings.setPreferences', { language: 'ru' })).toMatchObject({ ok: true });
      expect(await declineOf()).toContain('Эмитент отклонил аутентификацию 3-D Secure');
      // The administrator's profile speaks English: the gateway does as soon as it is switched to.
      expect(await dispatch('roles.set', { role: 'administrator', passphrase: PASSPHRASE })).toMatchObject({ ok: true });
      expect(await declineOf()).toContain('3-D Secure authentication rejected by the issuer');
      expect(await dispatch('roles.set', { role: 'support', passphrase: PASSPHRASE })).toMatchObject({ ok: true });
      expect(await declineOf()).toContain('Эмитент отклонил аутентификацию 3-D Secure');
    } finally {
      await core.close();
    }
  });

  it('keeps each data folder’s profile apart', async () => {
    const other = await open();
    try {
      await app.dispatch('roles.set', { role: 'support', passphrase: PASSPHRASE });
      expect(await profile(other.dispatch)).toMatchObject({ role: 'administrator', passphraseSet: false });
      expect(await other.dispatch('roles.set', { role: 'finance', passphrase: PASSPHRASE })).toMatchObject({
        ok: false,
        error: { code: 'invalidInput' },
      });
    } finally {
      await other.core.close();
    }
  });

  it('throttles wrong passphrases: after five in a row even the right one waits', async () => {
    const own = await open();
    try {
      await own.dispatch('roles.setPassphrase', { next: PASSPHRASE });
      await own.dispatch('roles.set', { role: 'support', passphrase: PASSPHRASE });
      for (let i = 1; i <= FREE_ATTEMPTS; i++) {
        expect(await own.dispatch('roles.set', { role: 'administrator', passphrase: `guess number ${i}` })).toMatchObject({
          ok: false,
          error: { code: 'forbidden' },
        });
      }
      const throttled = await own.dispatch('roles.set', { role: 'administrator', passphrase: PASSPHRASE });
      expect(throttled).toMatchObject({
        ok: false,
        error: {
          code: 'forbidden',
          said: [{ code: 'roles.throttled', params: { count: 5, wait: { code: 'roles.seconds' } } }],
          message: expect.stringMatching(/^5 wrong passphrases in a row/),
        },
      });
      expect(own.core.roles.role()).toBe('support');
      expect(own.core.audit.query({ action: 'role.change', outcome: 'refused' })).toHaveLength(FREE_ATTEMPTS + 1);
    } finally {
      await own.core.close();
    }
  });
});

/** A call through browser mode's HTTP host, as the page makes it. */
function post(origin: string, token: string, channel: ChannelName, body: unknown): Promise<Envelope<unknown>> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `/ipc/${channel}`,
        method: 'POST',
        headers: { origin, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(JSON.parse(text) as Envelope<unknown>));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe.runIf(keychainReady)('both entry points guard every channel with the core’s profile', { timeout: 60_000 }, () => {
  it('browser mode refuses a support profile the charge channel', async () => {
    const renderer = newFolder();
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head></head></html>');
    const mode = await openBrowserMode({ dataFolder: newFolder(), rendererDir: renderer, log: () => {} });
    try {
      const call = (channel: ChannelName, body: unknown) => post(mode.host.origin, mode.host.token, channel, body);
      expect(await call('roles.setPassphrase', { next: PASSPHRASE })).toMatchObject({ ok: true });
      expect(await call('roles.set', { role: 'support', passphrase: PASSPHRASE })).toMatchObject({ ok: true });
      expect(await call('charges.create', MALFORMED)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(mode.core.audit.query({ action: 'access' })[0]).toMatchObject({ objectId: 'charges.create', detail: 'profile support' });
    } finally {
      await mode.close();
    }
  });

  it('the Electron adapter refuses a support profile the charge channel', async () => {
    const { control, ipcMain, BrowserWindow, app } = await import('../shell/electronStub.js');
    control.userData = newFolder();
    await import('../../main/index.js');
    await vi.waitFor(() => expect(BrowserWindow.created[0]?.webContents.mainFrame.url).toMatch(/^file:/), {
      timeout: 15_000,
      interval: 50,
    });
    const contents = BrowserWindow.created[0]!.webContents;
    const call = (channel: ChannelName, input: unknown) =>
      ipcMain.handlers.get(channel)!({ sender: contents, senderFrame: contents.mainFrame }, input) as Promise<Envelope<unknown>>;
    expect(await call('roles.setPassphrase', { next: PASSPHRASE })).toMatchObject({ ok: true });
    expect(await call('roles.set', { role: 'support', passphrase: PASSPHRASE })).toMatchObject({ ok: true });
    expect(await call('charges.create', MALFORMED)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call('settings.updateGeneral', { environment: 'custom' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call('orders.lookup', { query: 'demo-0003' })).toMatchObject({ ok: true, value: { kind: 'found' } });
    // Let the adapter close its core.
    app.emit('before-quit', { preventDefault: () => {} });
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled());
  });
});
