/**
 * Roles as main enforces them, over real app cores (SQLite in temporary data folders, the embedded sandbox):
 * a fresh desk opens only the channels that sign a person in, and asks for its first administrator; every
 * other channel is allowed to exactly the roles the permissions table names, as the signed-in person has
 * them, and refused to the others (and to nobody signed in, or a locked desk) before its payload is looked
 * at, with the refusal audited; a wrong password is refused in words, audited and throttled; an administrator
 * manages people and cannot remove the last administrator; the language follows the person. Both entry
 * points (browser mode's HTTP host, the Electron adapter) refuse a support person the charge channel.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openBrowserMode } from '../../main/browserMode.js';
import { CHANNELS, ROLES, type AppEvent, type ChannelName, type Envelope, type Role, type SessionView } from '../../main/ipc/contract.js';
import { createDispatcher, type Dispatch } from '../../main/ipc/dispatcher.js';
import { EventHub } from '../../main/ipc/events.js';
import { createHandlers } from '../../main/ipc/handlers.js';
import { leastRole, mayUse } from '../../main/ipc/permissions.js';
import { sessionGuard } from '../../main/ipc/sessionGuard.js';
import { AppCore } from '../../main/services/appCore.js';
import { FREE_ATTEMPTS } from '../../main/domain/attempts.js';
import { ADMINISTRATOR, loginOf, PASSWORD, signInAs } from './people.js';

vi.mock('electron', () => import('../shell/electronStub.js'));

/** Not a field of any channel: every channel's strict schema refuses it. */
const MALFORMED = { notAField: true };
/** The channels open to anyone at the desk: what signs a person in, and what the sign-in screen shows. */
const OPEN = CHANNELS.filter((c) => leastRole(c) === 'anyone');

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

/** A desk on a data folder, nobody signed in yet. */
async function open(dataFolder = newFolder(), demo = false): Promise<Opened> {
  const core = await AppCore.open({ dataFolder, osUser: 'tester', demo });
  const hub = new EventHub();
  const events: AppEvent[] = [];
  hub.subscribe((e) => events.push(e));
  const handlers = createHandlers({ core, events: hub, app: { name: 'test', version: '0.0.0', shell: 'browser', dataFolder } });
  return { dataFolder, core, dispatch: createDispatcher(handlers, () => {}, sessionGuard(core)), events };
}

const session = async (dispatch: Dispatch) => {
  const answer = (await dispatch('session.get', {})) as Envelope<SessionView>;
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
};

describe('the permissions the channels declare', () => {
  it('names the least role of every channel, nested from support to administrator, or anyone for signing in', () => {
    for (const channel of CHANNELS) {
      const least = leastRole(channel);
      if (least === 'anyone') continue;
      expect(ROLES).toContain(least);
      const allowed = ROLES.filter((r) => mayUse(r, channel));
      // Whoever may use a channel, every stronger role may too.
      expect(ROLES.slice(ROLES.length - allowed.length)).toEqual(allowed);
    }
    // Open to anyone: signing in (its second step, an enrolment it requires, the team key an administrator's code
    // needs at a desk without it), the first administrator, locking and signing out, and the app's name and environment.
    const signingIn = /^(twoFactor\.(begin|confirm|enterTeamKey))$/;
    expect(OPEN).toEqual(
      CHANNELS.filter((c) => c === 'app.info' || (c.startsWith('session.') && c !== 'session.setPassword') || signingIn.test(c)),
    );
    const byRole = (role: Role) => CHANNELS.filter((c) => leastRole(c) === role);
    // Credentials, the connection, the keys, the charge limits, the team database, people, requiring two-factor sign-in and
    // reading out the team key, and the sandbox's console are an administrator's.
    const administrators =
      /^(twoFactor\.teamKey$|settings\.(updateGeneral|setIdleMinutes|setTwoFactorRequired|setConnection|setCredential|clearCredential|checkConnection|setChargeMaximum|setApprovalThreshold|setCurrencies|teamDatabase|testTeamDatabase|saveTeamDatabase|turnOffTeamDatabase|moveDeskRecords)|keys\.|people\.|sandbox\.)/;
    expect(byRole('administrator')).toEqual(CHANNELS.filter((c) => administrators.test(c)));
    // Money moved, cards changed, charges, approvals, the audit log, the reconciliation and the batch file of binding IDs are finance's.
    const finances = /^(orders\.(deposit|reverse|refund)|cards\.|charges\.|approvals\.|audit\.|period\.reconcil|customers\.exportBatch)/;
    expect(byRole('finance')).toEqual(CHANNELS.filter((c) => finances.test(c)));
    // Everything else is support's: look-ups, the orders of a period and their views, customers, one's own preferences and password.
    expect(byRole('support')).toEqual(CHANNELS.filter((c) => !OPEN.includes(c) && !administrators.test(c) && !finances.test(c)));
  });
});

describe('people and roles over a real app core', { timeout: 60_000 }, () => {
  let app: Opened;
  beforeAll(async () => {
    app = await open();
  });
  afterAll(() => app?.core.close());

  it('opens a fresh desk only to its first administrator: every other channel is refused before its payload is read, audited', async () => {
    expect(await session(app.dispatch)).toEqual({ state: 'firstAdministrator', allowedChannels: OPEN, language: 'en' });
    for (const channel of CHANNELS.filter((c) => !OPEN.includes(c))) {
      expect(await app.dispatch(channel, MALFORMED), channel).toEqual({
        ok: false,
        error: {
          code: 'forbidden',
          said: [{ code: 'ipc.signInFirst' }],
          message: 'Sign in first: nobody is signed in at this desk, or its session is locked.',
        },
      });
      expect(app.core.audit.query({ action: 'access' })[0]).toMatchObject({ outcome: 'refused', objectId: channel, osUser: 'tester' });
      expect(app.core.audit.query({ action: 'access' })[0]?.role).toBeUndefined();
    }
    // No signing in to an account nobody made.
    expect(await app.dispatch('session.signIn', { login: 'admin', password: ADMINISTRATOR.password })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', said: [{ code: 'operators.wrong' }] },
    });
    expect(await app.dispatch('session.firstAdministrator', { ...ADMINISTRATOR, password: 'too short' })).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', said: [{ code: 'operators.passwordShort', params: { count: 12 } }] },
    });
    const first = await app.dispatch('session.firstAdministrator', ADMINISTRATOR);
    expect(first).toMatchObject({
      ok: true,
      value: {
        state: 'active',
        person: { login: 'admin', displayName: 'Ada Admin', role: 'administrator', active: true },
        idleMinutes: 15,
      },
    });
    expect(app.events).toContainEqual({ type: 'session.changed' });
    // The desk has its first administrator: nobody else can claim it.
    expect(await app.dispatch('session.firstAdministrator', { ...ADMINISTRATOR, login: 'intruder' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', said: [{ code: 'operators.notFirst' }] },
    });
  });

  it('lets each role use exactly the channels the table gives it, refusing the rest before reading the payload, audited', async () => {
    for (const role of ['finance', 'support', 'administrator'] as const) {
      const person = await signInAs(app.dispatch, role);
      expect(person).toMatchObject({ login: loginOf(role), role, active: true });
      expect((await session(app.dispatch)).allowedChannels).toEqual(CHANNELS.filter((c) => mayUse(role, c)));
      expect(app.events.at(-1)).toEqual({ type: 'session.changed' });

      for (const channel of CHANNELS) {
        const before = app.core.audit.query({ action: 'access' }).length;
        // session.signOut and session.lock take no input; a malformed payload is refused by the contract all the same.
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
              said: [{ code: 'ipc.roleCannot', params: { role, channel } }],
              message: `The role ${role} cannot use ${channel}; an administrator can give you another role.`,
            },
          });
          const [entry, ...rest] = app.core.audit.query({ action: 'access' });
          expect(rest).toHaveLength(before);
          expect(entry).toMatchObject({
            outcome: 'refused',
            objectType: 'channel',
            objectId: channel,
            role,
            osUser: 'tester',
            environment: 'sandbox',
          });
        }
      }
    }
  });

  it('refuses support a well-formed charge and a crafted change of people, and lets them look an order up', async () => {
    const support = await signInAs(app.dispatch, 'support');
    const charge = {
      environment: 'sandbox',
      clientId: 'client-1',
      bindingId: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
      category: 'COMMON',
      amount: 1000,
      currency: '643',
    };
    expect(await app.dispatch('charges.create', charge)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await app.dispatch('people.change', { id: support.id, role: 'administrator' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', said: [{ code: 'ipc.roleCannot' }] },
    });
    expect(await app.dispatch('orders.lookup', { query: 'no-such-order-1' })).toMatchObject({ ok: true, value: { kind: 'notFound' } });
    // Their own password, with the current one.
    expect(await app.dispatch('session.setPassword', { current: 'not the password', next: 'a new password for support' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', said: [{ code: 'operators.wrong' }] },
    });
    expect(await app.dispatch('session.setPassword', { current: PASSWORD, next: PASSWORD })).toMatchObject({ ok: true, value: null });
  });

  it('lets an administrator manage people, but never remove the last administrator', async () => {
    await signInAs(app.dispatch, 'administrator');
    const people = (await app.dispatch('people.list', {})) as Envelope<{ id: string; login: string }[]>;
    if (!people.ok) throw new Error(people.error.message);
    const admin = people.value.find((p) => p.login === ADMINISTRATOR.login)!;
    const finance = people.value.find((p) => p.login === loginOf('finance'))!;
    for (const change of [{ active: false }, { role: 'finance' }] as const)
      expect(await app.dispatch('people.change', { id: admin.id, ...change })).toMatchObject({
        ok: false,
        error: { code: 'forbidden', said: [{ code: 'operators.lastAdministrator' }] },
      });
    expect(
      await app.dispatch('people.add', { login: loginOf('finance'), displayName: 'Another', role: 'support', password: PASSWORD }),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden', said: [{ code: 'operators.loginTaken' }] },
    });
    // Disabled, finance cannot sign in; enabled again, they can.
    expect(await app.dispatch('people.change', { id: finance.id, active: false })).toMatchObject({ ok: true, value: { active: false } });
    expect(await app.dispatch('session.signIn', { login: loginOf('finance'), password: PASSWORD })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', said: [{ code: 'operators.disabled' }] },
    });
    await signInAs(app.dispatch, 'administrator');
    expect(await app.dispatch('people.change', { id: finance.id, active: true })).toMatchObject({ ok: true, value: { active: true } });
    // A new password set by the administrator, for someone who forgot theirs.
    expect(await app.dispatch('people.setPassword', { id: finance.id, password: PASSWORD })).toMatchObject({ ok: true });
    expect(await signInAs(app.dispatch, 'finance')).toMatchObject({ role: 'finance' });
  });

  it('locks: nothing but the session channels until the same person signs in again, which resumes the session', async () => {
    await signInAs(app.dispatch, 'finance');
    expect(await app.dispatch('session.lock', {})).toMatchObject({
      ok: true,
      value: { state: 'locked', person: { login: loginOf('finance') } },
    });
    expect(await app.dispatch('charges.options', {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden', said: [{ code: 'ipc.signInFirst' }] },
    });
    expect(await app.dispatch('session.signIn', { login: loginOf('finance'), password: 'not the password' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await session(app.dispatch)).toMatchObject({ state: 'locked' });
    expect(await app.dispatch('session.signIn', { login: loginOf('finance'), password: PASSWORD })).toMatchObject({
      ok: true,
      value: { state: 'active', person: { login: loginOf('finance') } },
    });
    expect(await app.dispatch('session.signOut', {})).toMatchObject({ ok: true, value: { state: 'signedOut', allowedChannels: OPEN } });
  });

  it('refuses a wrong password in words, audited, never keeping it, and waits after five in a row, even for the right one', async () => {
    for (let i = 1; i <= FREE_ATTEMPTS; i++)
      expect(await app.dispatch('session.signIn', { login: loginOf('support'), password: `guess number ${i}` })).toMatchObject({
        ok: false,
        error: { code: 'forbidden', said: [{ code: 'operators.wrong' }], message: 'The login or the password is wrong' },
      });
    expect(await app.dispatch('session.signIn', { login: loginOf('support'), password: PASSWORD })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', said: [{ code: 'operators.wait' }] },
    });
    expect(await session(app.dispatch)).toMatchObject({ state: 'signedOut' });
    const refused = app.core.audit
      .query({ action: 'operator.signIn' })
      .filter((e) => e.objectId === loginOf('support') && e.outcome !== 'success');
    expect(refused.length).toBeGreaterThanOrEqual(FREE_ATTEMPTS + 1);
    // Nothing of a password was written anywhere the app keeps things.
    expect(JSON.stringify(app.core.audit.query())).not.toMatch(/guess number|password for the people|administrator password/);
  });

  it('keeps the accounts across a restart', async () => {
    await app.core.close();
    app = await open(app.dataFolder);
    expect(await session(app.dispatch)).toMatchObject({ state: 'signedOut' });
    expect(await signInAs(app.dispatch, 'administrator')).toMatchObject({ login: ADMINISTRATOR.login });
  });

  it('brings each person their own language, in the gateway’s messages too', async () => {
    const { core, dispatch } = await open(newFolder(), true);
    try {
      const declineOf = async () => JSON.stringify(await dispatch('orders.lookup', { query: 'demo-0009' }));
      await signInAs(dispatch, 'support');
      expect(await dispatch('settings.setPreferences', { language: 'ru' })).toMatchObject({ ok: true });
      expect(await declineOf()).toContain('Эмитент отклонил аутентификацию 3-D Secure');
      // The administrator speaks English: the gateway does as soon as they sign in.
      await signInAs(dispatch, 'administrator');
      expect(await declineOf()).toContain('3-D Secure authentication rejected by the issuer');
      await signInAs(dispatch, 'support');
      expect(await declineOf()).toContain('Эмитент отклонил аутентификацию 3-D Secure');
    } finally {
      await core.close();
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

describe('both entry points guard every channel with the session’s role', { timeout: 60_000 }, () => {
  it('browser mode refuses a support person the charge channel', async () => {
    const renderer = newFolder();
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head></head></html>');
    const mode = await openBrowserMode({ dataFolder: newFolder(), rendererDir: renderer, log: () => {} });
    try {
      const call = (channel: ChannelName, body: unknown) => post(mode.host.origin, mode.host.token, channel, body);
      await signInAs(call, 'support');
      expect(await call('charges.create', MALFORMED)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(mode.core.audit.query({ action: 'access' })[0]).toMatchObject({ objectId: 'charges.create', role: 'support' });
    } finally {
      await mode.close();
    }
  });

  it('the Electron adapter refuses a support person the charge channel', async () => {
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
    await signInAs(call, 'support');
    expect(await call('charges.create', MALFORMED)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call('settings.updateGeneral', { environment: 'custom' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call('orders.lookup', { query: 'demo-0003' })).toMatchObject({ ok: true, value: { kind: 'found' } });
    // Let the adapter close its core.
    app.emit('before-quit', { preventDefault: () => {} });
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled());
  });
});
