/**
 * Two-factor sign-in over a real app core (SQLite, the embedded sandbox) and the real OS keychain (gnome-keyring
 * in its own D-Bus session: run through /work/e2e.sh or npm test): enrolment, the code step of a sign-in, recovery
 * codes, the team key missing or entered, two-factor required of finance and administrators, an administrator's
 * reset, and what a copy of the database alone holds. Codes are made here from the secret shown at enrolment, as
 * an authenticator app makes them, on the real clock.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FREE_ATTEMPTS } from '../../main/domain/attempts.js';
import { CHANNELS, type SessionView } from '../../main/ipc/contract.js';
import { leastRole } from '../../main/ipc/permissions.js';
import { INSTALLATION_VAULT } from '../../main/services/installation.js';
import { Vault } from '../../main/vault/vault.js';
import { Authenticator } from '../authenticator.js';
import { ipcOfFile } from './harness.js';
import { ADMINISTRATOR, loginOf, PASSWORD } from './people.js';

const keychainReady = process.env.KEYCHAIN_TESTS === '1';
if (!keychainReady && process.env.CI) throw new Error('CI must run the keychain tests: run them through npm test');

const OPEN = CHANNELS.filter((c) => leastRole(c) === 'anyone');

describe.skipIf(!keychainReady)('two-factor sign-in over IPC', { timeout: 90_000 }, () => {
  const ipc = ipcOfFile('two-factor-', 'desk-user');
  /** Everything shown once: no audit entry, no file and nothing else may hold these. */
  const secrets: string[] = [];
  let admin = new Authenticator('');
  let recoveryCodes: readonly string[] = [];

  const signIn = (login: string, password: string) => ipc.call('session.signIn', { login, password });
  const enrolled = async (): Promise<{ app: Authenticator; recoveryCodes: readonly string[] }> => {
    const { secret, uri } = await ipc.call('twoFactor.begin', {});
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(uri).toContain(secret);
    secrets.push(secret);
    const app = new Authenticator(secret);
    const codes = await ipc.call('twoFactor.confirm', { code: await app.fresh() });
    secrets.push(...codes.recoveryCodes);
    return { app, recoveryCodes: codes.recoveryCodes };
  };

  it('enrols a person from their menu with a first code, and gives ten recovery codes once', async () => {
    // The people of the later tests, added while the administrator signs in with a password alone.
    await ipc.as('finance');
    await ipc.as('support');
    await ipc.as('administrator');
    const { secret } = await ipc.call('twoFactor.begin', {});
    expect(
      await ipc.refusal('twoFactor.confirm', { code: '000000' === new Authenticator(secret).now() ? '111111' : '000000' }),
    ).toMatchObject({
      code: 'forbidden',
      said: [{ code: 'twoFactor.wrongCode' }],
    });
    expect(await ipc.refusal('twoFactor.confirm', { code: '' })).toMatchObject({ code: 'invalidInput' });
    // Begun again: the earlier secret is gone, unconfirmed.
    ({ app: admin, recoveryCodes } = await enrolled());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    const view = await ipc.call('session.get', {});
    expect(view).toMatchObject({ state: 'active', person: { login: ADMINISTRATOR.login, twoFactor: true } });
    expect((await ipc.call('settings.get', {})).twoFactor).toEqual({ required: false, teamKeyHeld: true });
    // Another phone in place of this one takes removing it first, with the password: an open session is not enough.
    expect(await ipc.refusal('twoFactor.begin', {})).toMatchObject({ said: [{ code: 'twoFactor.enrolledAlready' }] });
    expect((await ipc.core.audit.query({ action: 'operator.twoFactor' }))[0]).toMatchObject({
      outcome: 'success',
      objectId: ADMINISTRATOR.login,
      facts: { event: 'enrolled' },
    });
  });

  it('signs a person with two-factor in only with a code after the password: each code once, wrong ones counted', async () => {
    await ipc.call('session.signOut', {});
    const pending = await signIn(ADMINISTRATOR.login, ADMINISTRATOR.password);
    expect(pending).toMatchObject({ state: 'secondFactor', step: 'code', person: { login: ADMINISTRATOR.login } });
    // Nothing but the channels that sign in until the code.
    expect(pending.allowedChannels).toEqual(OPEN);
    expect(await ipc.refusal('people.list', {})).toMatchObject({ code: 'forbidden', said: [{ code: 'ipc.signInFirst' }] });
    expect(await ipc.refusal('twoFactor.begin', {})).toMatchObject({ said: [{ code: 'twoFactor.noPendingSignIn' }] });
    expect(await ipc.refusal('session.secondFactor', { code: 'not a code' })).toMatchObject({ said: [{ code: 'twoFactor.wrongCode' }] });
    // A code of a step not spent (the enrolment's is), then never again.
    const code = await admin.fresh();
    expect(await ipc.call('session.secondFactor', { code })).toMatchObject({ state: 'active', person: { login: ADMINISTRATOR.login } });
    await ipc.call('session.signOut', {});
    await signIn(ADMINISTRATOR.login, ADMINISTRATOR.password);
    expect(await ipc.refusal('session.secondFactor', { code })).toMatchObject({ said: [{ code: 'twoFactor.wrongCode' }] });
    const entries = await ipc.core.audit.query({ action: 'operator.twoFactor' });
    expect(entries.filter((e) => e.outcome === 'failure' && e.facts?.event === 'code').length).toBeGreaterThanOrEqual(2);
    expect(entries.some((e) => e.outcome === 'success' && e.facts?.event === 'code')).toBe(true);
  });

  it('signs in once with each recovery code, lower case and without dashes too', async () => {
    const [first, second] = recoveryCodes;
    expect(await ipc.call('session.secondFactor', { code: first!.toLowerCase().replaceAll('-', ' ') })).toMatchObject({ state: 'active' });
    await ipc.call('session.signOut', {});
    await signIn(ADMINISTRATOR.login, ADMINISTRATOR.password);
    expect(await ipc.refusal('session.secondFactor', { code: first! })).toMatchObject({ said: [{ code: 'twoFactor.wrongCode' }] });
    expect(await ipc.call('session.secondFactor', { code: second! })).toMatchObject({ state: 'active' });
    expect((await ipc.core.audit.query({ action: 'operator.twoFactor' }))[0]).toMatchObject({ facts: { event: 'recoveryCode' } });
  });

  it('fails closed where the desk does not hold the team key, and takes the key an administrator reads out at a desk that holds it', async () => {
    expect(await ipc.refusal('twoFactor.teamKey', { password: 'not the password of admin' })).toMatchObject({
      said: [{ code: 'operators.wrong' }],
    });
    const { key } = await ipc.call('twoFactor.teamKey', { password: ADMINISTRATOR.password });
    expect(key).toMatch(/^([A-Z2-7]{4} ){12}[A-Z2-7]{4}$/);
    secrets.push(key.replaceAll(' ', ''), key.replaceAll(' ', '').toLowerCase());
    // The keychain loses it (another machine, a keychain restored from before).
    const installation = new Database(join(ipc.folder, 'app.sqlite'), { readonly: true });
    const { id } = JSON.parse(installation.prepare("SELECT value FROM settings WHERE key = 'installation'").pluck().get() as string) as {
      id: string;
    };
    installation.close();
    const check = ipc.core.teamKey.check()!;
    expect(await new Vault().clear(INSTALLATION_VAULT, { kind: 'teamKey', installationId: id, check })).toBe(true);
    await ipc.call('session.signOut', {});
    await signIn(ADMINISTRATOR.login, ADMINISTRATOR.password);
    expect(await ipc.refusal('session.secondFactor', { code: admin.now() })).toMatchObject({
      said: [{ code: 'twoFactor.noTeamKey' }],
    });
    expect((await ipc.call('session.get', {})).state).toBe('secondFactor');
    // Its administrator, past their password, enters it; not a wrong one, nor a malformed one.
    expect(await ipc.refusal('twoFactor.enterTeamKey', { key: 'A'.repeat(52) })).toMatchObject({
      said: [{ code: 'twoFactor.notTeamKey' }],
    });
    expect(await ipc.refusal('twoFactor.enterTeamKey', { key: 'not a key' })).toMatchObject({
      code: 'invalidInput',
      said: [{ code: 'twoFactor.teamKeyForm' }],
    });
    await ipc.call('twoFactor.enterTeamKey', { key: key.toLowerCase().replaceAll(' ', '-') });
    expect(await ipc.call('session.secondFactor', { code: await admin.fresh() })).toMatchObject({ state: 'active' });
  });

  it('makes finance and administrators without two-factor enrol at sign-in once required; support signs in as before', async () => {
    await ipc.call('settings.setTwoFactorRequired', { required: true });
    expect((await ipc.call('settings.get', {})).twoFactor.required).toBe(true);
    await ipc.call('session.signOut', {});
    expect(await signIn(loginOf('support'), PASSWORD)).toMatchObject({ state: 'active' });
    const forced = await signIn(loginOf('finance'), PASSWORD);
    expect(forced).toMatchObject({ state: 'secondFactor', step: 'enrol', person: { login: loginOf('finance'), twoFactor: false } });
    expect(await ipc.refusal('session.secondFactor', { code: '123456' })).toMatchObject({ said: [{ code: 'twoFactor.enrolFirst' }] });
    expect(await ipc.refusal('audit.query', {})).toMatchObject({ said: [{ code: 'ipc.signInFirst' }] });
    const { app: finance } = await enrolled();
    expect(await ipc.call('session.get', {})).toMatchObject({ state: 'active', person: { login: loginOf('finance'), twoFactor: true } });
    // Wrong codes count with the login's wrong passwords: after the free ones, the next waits, even a right one.
    await ipc.call('session.signOut', {});
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      const pending: SessionView = await signIn(loginOf('finance'), PASSWORD).catch(() => ipc.call('session.get', {}));
      if (pending.state !== 'secondFactor') break;
      await ipc.refusal('session.secondFactor', { code: 'AAAA-AAAA-AAAA-AAAA' });
    }
    const waited = await ipc.refusal('session.signIn', { login: loginOf('finance'), password: PASSWORD });
    expect(waited.said[0]?.code).toBe('operators.wait');
    // The sign-in awaiting its code waits as well, even for a right code.
    expect(await ipc.refusal('session.secondFactor', { code: await finance.fresh() })).toMatchObject({
      said: [{ code: 'twoFactor.wait' }],
    });
  });

  it('lets an administrator reset a person’s two-factor, and a person remove their own with their password', async () => {
    await ipc.call('session.signOut', {});
    await signIn(ADMINISTRATOR.login, ADMINISTRATOR.password);
    await ipc.call('session.secondFactor', { code: recoveryCodes[2]! });
    const finance = (await ipc.call('people.list', {})).find((p) => p.login === loginOf('finance'))!;
    expect(finance.twoFactor).toBe(true);
    expect(await ipc.call('people.resetTwoFactor', { id: finance.id })).toMatchObject({ twoFactor: false });
    expect((await ipc.core.audit.query({ action: 'operator.twoFactor' }))[0]).toMatchObject({
      objectId: loginOf('finance'),
      facts: { event: 'removed', by: ADMINISTRATOR.login },
    });
    expect(await ipc.refusal('twoFactor.remove', { password: 'not the password of admin' })).toMatchObject({
      said: [{ code: 'operators.wrong' }],
    });
    await ipc.call('twoFactor.remove', { password: ADMINISTRATOR.password });
    expect((await ipc.call('session.get', {})) as SessionView).toMatchObject({ person: { twoFactor: false } });
    await ipc.call('settings.setTwoFactorRequired', { required: false });
  });

  it('keeps no secret a copy of the database alone could use, nor one in any audit entry; a sealed secret opens for its own account only', async () => {
    // Enrolled again, and the sealed secret copied into another person's row.
    ({ app: admin } = await enrolled());
    const file = new Database(join(ipc.folder, 'app.sqlite'));
    const rows = file.prepare('SELECT login, totp_secret, recovery_codes FROM operators').all() as {
      login: string;
      totp_secret: string | null;
      recovery_codes: string | null;
    }[];
    const everything = JSON.stringify([rows, file.prepare('SELECT * FROM audit_log').all(), file.prepare('SELECT * FROM settings').all()]);
    for (const s of secrets) expect(everything).not.toContain(s);
    for (const s of secrets) expect(everything.toUpperCase()).not.toContain(s.toUpperCase().replaceAll('-', ''));
    const sealed = rows.find((r) => r.login === ADMINISTRATOR.login)!.totp_secret!;
    expect(sealed).toMatch(/^v1\./);
    file.prepare('UPDATE operators SET totp_secret = ? WHERE login = ?').run(sealed, loginOf('support'));
    file.close();
    await ipc.call('session.signOut', {});
    expect(await signIn(loginOf('support'), PASSWORD)).toMatchObject({ state: 'secondFactor', step: 'code' });
    expect(await ipc.refusal('session.secondFactor', { code: admin.now() })).toMatchObject({
      said: [{ code: 'twoFactor.unreadable' }],
    });
  });
});
