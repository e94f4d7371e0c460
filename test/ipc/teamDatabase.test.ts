/**
 * An administrator points a desk at a team database in Settings, over IPC as the screen does, against real
 * PostgreSQL servers (one without TLS, one that lets the app's role in over TLS only, with a certificate from a
 * throwaway authority), a standalone sandbox as the gateway, and the real keychain: the connection test in
 * words, each failure told apart; the password kept in the keychain only, never in the desk's file nor in
 * anything that crossed IPC; the desk charging on the team database at once and at its next start; the
 * variable that overrides Settings; a database the desk cannot use saved but not used; team mode turned off;
 * the channels refused to the other profiles; and a locked keychain refusing money rather than journalling it
 * in the desk's file (in a process of its own, on a keyring it may lock).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamConnection, TeamFailure } from '../../main/ipc/contract.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { MIGRATIONS } from '../../main/store/migrations.js';
import { migrateTeamDatabase, teamSchemaVersion } from '../../main/store/postgres/migrate.js';
import { openTeamDatabase } from '../../main/store/postgres/teamDatabase.js';
import { revealSecret } from '../../main/vault/secret.js';
import { Vault } from '../../main/vault/vault.js';
import { saying } from '../phrases/said.js';
import { startSandbox } from '../sandbox/client.js';
import { describePostgres, startPostgres, type PostgresCluster } from '../store/postgresCluster.js';
import { makeCertificates, type TestCertificates } from '../store/tlsCertificates.js';
import { probeOnPrivateKeyring } from '../vault/privateKeyring.js';
import { chargeNewCard, formOf, localCharges, openTeamDesk, teamCharges, workInCustom, type TeamDesk } from './teamDesk.js';

const keychainReady = process.env.KEYCHAIN_TESTS === '1';
const CHANNELS = [
  'settings.teamDatabase',
  'settings.testTeamDatabase',
  'settings.saveTeamDatabase',
  'settings.turnOffTeamDatabase',
  'settings.moveDeskRecords',
] as const;

describePostgres('the team database in Settings', () => {
  describe.runIf(keychainReady)('over IPC, with the real keychain', { timeout: 60_000 }, () => {
    let plain: PostgresCluster;
    let tls: PostgresCluster;
    let certificates: TestCertificates;
    let gateway: Sandbox;
    const root = mkdtempSync(join(tmpdir(), 'team-settings-'));
    const folder = mkdtempSync(join(root, 'desk-'));
    // A keychain service of the file's own: the files run in parallel over one keychain.
    const service = `gateway-backoffice-test-${randomUUID()}`;
    const vault = new Vault(undefined, service);
    let desk: TeamDesk;
    /** The team database the desk is pointed at, and any other the tests made. */
    let team: string;
    const passwords: string[] = [];
    const crossed: string[] = [];

    const form = (url: string, tlsMode: TeamConnection['tls'] = { mode: 'disable' }) => {
      const f = formOf(url, tlsMode);
      passwords.push(f.password);
      return f;
    };
    /** Closes the desk and opens it again on its folder, after `meanwhile` where given (its file is free then). */
    const reopen = async (meanwhile?: () => void) => {
      crossed.push(...desk.crossed);
      await desk.close();
      meanwhile?.();
      desk = await openTeamDesk(folder, vault);
    };
    const installationSlot = () => {
      const db = new Database(join(folder, 'app.sqlite'), { readonly: true });
      try {
        const row = db.prepare("SELECT value FROM settings WHERE key = 'installation'").get() as { value: string };
        return { kind: 'teamDatabasePassword', installationId: (JSON.parse(row.value) as { id: string }).id } as const;
      } finally {
        db.close();
      }
    };
    const keptPassword = async () => {
      const secret = await vault.secret('installation', installationSlot());
      return secret && revealSecret(secret);
    };

    beforeAll(async () => {
      certificates = makeCertificates();
      [plain, tls, gateway] = await Promise.all([
        startPostgres(),
        startPostgres({ tls: { certificatePem: certificates.serverCertificatePem, keyPem: certificates.serverKeyPem, required: true } }),
        startSandbox(),
      ]);
      team = await plain.newDatabase();
      desk = await openTeamDesk(folder, vault);
      await workInCustom(desk, gateway);
    });
    afterAll(async () => {
      await desk?.call('settings.clearCredential', { environment: 'custom', kind: 'token' }).catch(() => undefined);
      await desk?.call('settings.turnOffTeamDatabase', {}).catch(() => undefined);
      await vault.clear('installation', { ...installationSlot(), kind: 'roleProfile' }).catch(() => undefined);
      await desk?.close();
      await gateway?.close();
      await Promise.all([plain?.destroy(), tls?.destroy()]);
      rmSync(root, { recursive: true, force: true });
    });

    it('tests a connection and says what it found: the server, whether it is encrypted, how its tables stand', async () => {
      const fresh = await desk.call('settings.testTeamDatabase', form(team));
      expect(fresh).toMatchObject({
        connected: true,
        database: `127.0.0.1:${plain.port}/${new URL(team).pathname.slice(1)}`,
        serverVersion: expect.stringMatching(/^\d+\.\d+/),
        encrypted: false,
        schema: 'empty',
        mayCreate: true,
        said: [
          saying(/^Connected to 127\.0\.0\.1:\d+\/backoffice_\d+: PostgreSQL \d+\.\d+.*, not encrypted\.$/),
          saying('none of the app'),
        ],
      });

      // Migrated by an older version (only its first step for the team), then by this one, then by a newer one.
      const db = openTeamDatabase(team);
      try {
        const first = MIGRATIONS.find((m) => m.postgres !== undefined)!;
        await migrateTeamDatabase(
          db,
          MIGRATIONS.filter((m) => m.version <= first.version),
        );
        expect(await desk.call('settings.testTeamDatabase', form(team))).toMatchObject({
          schema: 'older',
          schemaVersion: first.version,
          latestSchema: teamSchemaVersion(),
          said: [expect.anything(), saying(`older version (schema ${first.version}; this one knows up to ${teamSchemaVersion()})`)],
        });
        await migrateTeamDatabase(db);
        expect(await desk.call('settings.testTeamDatabase', form(team))).toMatchObject({
          schema: 'current',
          said: [expect.anything(), saying("this version's")],
        });
      } finally {
        await db.pool.end();
      }

      // Nothing was saved or audited by testing.
      expect((await desk.call('settings.teamDatabase', {})).saved).toEqual({ kind: 'none' });
      expect((await desk.call('audit.query', { action: 'teamDatabase.change' })).entries).toEqual([]);
    });

    it('tests a connection over TLS: encrypted with require, and with verify-full the certificate checked against the CA given', async () => {
      const url = await tls.newDatabase();
      expect(await desk.call('settings.testTeamDatabase', form(url, { mode: 'require' }))).toMatchObject({
        connected: true,
        encrypted: true,
        said: [saying(', encrypted (TLS).'), expect.anything()],
      });
      expect(await desk.call('settings.testTeamDatabase', form(url, { mode: 'verify-full', caPem: certificates.caPem }))).toMatchObject({
        connected: true,
        encrypted: true,
      });
    });

    const failures: [string, () => Promise<{ connection: TeamConnection; password?: string }>, TeamFailure, string][] = [
      [
        'a wrong password',
        async () => ({ ...form(team), password: 'not-the-password' }),
        'authentication',
        'did not accept this user name and password',
      ],
      [
        'a database the server does not have',
        async () => ({ ...form(team), connection: { ...form(team).connection, database: 'nope' } }),
        'noDatabase',
        'has no database of that name',
      ],
      [
        'nothing listening on the port',
        async () => ({ ...form(team), connection: { ...form(team).connection, port: 1 } }),
        'unreachable',
        'cannot be reached (connect ECONNREFUSED',
      ],
      [
        'an unknown host',
        async () => ({ ...form(team), connection: { ...form(team).connection, host: 'no-such-host.invalid' } }),
        'unknownHost',
        'is not known here',
      ],
      ['require against a server without TLS', async () => form(team, { mode: 'require' }), 'tlsRefused', 'does not offer TLS'],
      ['disable against a server that wants TLS', async () => form(await tls.newDatabase()), 'tlsRequired', 'over TLS only'],
      [
        'verify-full without the CA',
        async () => form(await tls.newDatabase(), { mode: 'verify-full' }),
        'certificateUntrusted',
        'not signed by an authority this desk trusts',
      ],
      [
        'verify-full with another CA',
        async () => form(await tls.newDatabase(), { mode: 'verify-full', caPem: certificates.otherCaPem }),
        'certificateUntrusted',
        'give the CA certificate that signed it',
      ],
      [
        'verify-full by a name the certificate does not name',
        async () => {
          const f = form(await tls.newDatabase(), { mode: 'verify-full', caPem: certificates.caPem });
          return { ...f, connection: { ...f.connection, host: 'localhost' } };
        },
        'certificateName',
        'is not made out to this host',
      ],
      [
        'no password typed and none kept',
        async () => ({ connection: form(team).connection }),
        'password',
        'No password is kept for the team database',
      ],
    ];

    it.each(failures)('says why a test failed, in words: %s', async (_, input, failure, words) => {
      const check = await desk.call('settings.testTeamDatabase', await input());
      expect(check).toMatchObject({ connected: false, failure, said: [saying(words)] });
    });

    it('refuses a form that is not a connection, naming each field, before anything connects', async () => {
      const { connection, password } = form(team);
      const refusal = await desk.refusal('settings.testTeamDatabase', {
        connection: { ...connection, host: 'postgres://db.example', port: 0, database: '', tls: { mode: 'verify-ca' } },
        password,
      });
      expect(refusal.code).toBe('invalidInput');
      expect(Object.fromEntries((refusal.fields ?? []).map((f) => [f.path, f.message]))).toEqual({
        'connection.host': 'must be a host name or an IP address, without a scheme, port or path',
        'connection.port': 'must be a whole number from 1 to 65535',
        'connection.database': 'must be a database name of 1 to 63 bytes, without control characters',
        'connection.tls.mode': 'must be one of: disable, require, verify-full',
      });
      // Only verify-full checks a certificate, so only it takes one; a CA must be certificates, each readable.
      const withCa = (tlsMode: unknown) =>
        desk.refusal('settings.saveTeamDatabase', { connection: { ...connection, tls: tlsMode }, password });
      expect((await withCa({ mode: 'require', caPem: certificates.caPem })).fields).toEqual([
        expect.objectContaining({ path: 'connection.tls', message: expect.stringContaining('caPem') }),
      ]);
      expect((await withCa({ mode: 'verify-full', caPem: 'not a certificate' })).fields).toEqual([
        expect.objectContaining({ path: 'connection.tls.caPem', message: expect.stringContaining('PEM certificates') }),
      ]);
      const unreadable = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n';
      expect(await withCa({ mode: 'verify-full', caPem: unreadable })).toMatchObject({
        code: 'settings',
        message: expect.stringContaining('tls.caPem: holds a certificate that cannot be read'),
      });
      expect((await desk.call('settings.teamDatabase', {})).saved).toEqual({ kind: 'none' });
    });

    it('saves the team database with its password in the keychain only, and the desk charges on it at once', async () => {
      const f = form(team);
      const view = await desk.call('settings.saveTeamDatabase', f);
      expect(view).toEqual({
        saved: { kind: 'saved', connection: f.connection },
        passwordKept: true,
        passwordFromEnvironment: false,
        inUse: { kind: 'team', database: `127.0.0.1:${plain.port}/${f.connection.database}`, from: 'settings' },
      });
      expect(await keptPassword()).toBe(f.password);
      // A test without a password typed uses the one kept.
      expect(await desk.call('settings.testTeamDatabase', { connection: f.connection })).toMatchObject({ connected: true });

      const { clientId, envelope } = await chargeNewCard(desk, gateway);
      expect(envelope).toMatchObject({ ok: true, value: { outcome: 'paid' } });
      expect(await teamCharges(team, clientId)).toEqual([{ state: 'PAID', desk: desk.core.desk }]);
      expect(localCharges(folder, clientId)).toBe(0);

      const [entry] = (await desk.call('audit.query', { action: 'teamDatabase.change' })).entries;
      expect(entry).toMatchObject({
        outcome: 'success',
        actionSaid: saying('Team database changed'),
        said: saying(
          `This desk's team database set to 127.0.0.1:${plain.port}/${f.connection.database} (user backoffice, TLS disable); its password stored in the keychain`,
        ),
      });
    });

    it('opens on the saved team database at its next start', async () => {
      await reopen();
      expect((await desk.call('settings.teamDatabase', {})).inUse).toMatchObject({ kind: 'team', from: 'settings' });
      const { clientId, envelope } = await chargeNewCard(desk, gateway);
      expect(envelope).toMatchObject({ ok: true, value: { outcome: 'paid' } });
      expect(await teamCharges(team, clientId)).toHaveLength(1);
      expect(localCharges(folder, clientId)).toBe(0);
    });

    it('takes PGPASSWORD over the keychain’s password where it is set (scripted setups), and says so', async () => {
      const f = form(team);
      await desk.call('settings.saveTeamDatabase', { ...f, password: 'a-stale-password' });
      expect(await desk.call('settings.testTeamDatabase', { connection: f.connection })).toMatchObject({ failure: 'authentication' });
      process.env.PGPASSWORD = f.password;
      try {
        expect((await desk.call('settings.teamDatabase', {})).passwordFromEnvironment).toBe(true);
        expect(await desk.call('settings.testTeamDatabase', { connection: f.connection })).toMatchObject({ connected: true });
        await reopen();
        const { clientId, envelope } = await chargeNewCard(desk, gateway);
        expect(envelope).toMatchObject({ ok: true, value: { outcome: 'paid' } });
        expect(await teamCharges(team, clientId)).toHaveLength(1);
      } finally {
        delete process.env.PGPASSWORD;
      }
      await desk.call('settings.saveTeamDatabase', f);
    });

    it('gives way to BACKOFFICE_DATABASE_URL, and says so: a change saved meanwhile waits for a start without it', async () => {
      const other = await plain.newDatabase();
      passwords.push(formOf(other).password);
      process.env.BACKOFFICE_DATABASE_URL = other;
      try {
        await reopen();
        const view = await desk.call('settings.teamDatabase', {});
        expect(view.inUse).toEqual({
          kind: 'team',
          database: `127.0.0.1:${plain.port}/${new URL(other).pathname.slice(1)}`,
          from: 'BACKOFFICE_DATABASE_URL',
        });
        expect(view.saved).toEqual({ kind: 'saved', connection: form(team).connection });
        const resaved = await desk.call('settings.saveTeamDatabase', { connection: form(team).connection });
        expect(resaved.inUse).toEqual(view.inUse);
        const { clientId } = await chargeNewCard(desk, gateway);
        expect(await teamCharges(other, clientId)).toHaveLength(1);
        expect(await teamCharges(team, clientId)).toEqual([]);
      } finally {
        delete process.env.BACKOFFICE_DATABASE_URL;
        await reopen();
      }
      expect((await desk.call('settings.teamDatabase', {})).inUse).toMatchObject({ kind: 'team', from: 'settings' });
    });

    it("takes the password of a BACKOFFICE_DATABASE_URL that has none from the keychain, as Settings' own", async () => {
      const other = await plain.newDatabase();
      const withoutPassword = new URL(other);
      withoutPassword.password = '';
      process.env.BACKOFFICE_DATABASE_URL = withoutPassword.toString();
      try {
        await reopen();
        expect((await desk.call('settings.teamDatabase', {})).inUse).toMatchObject({ kind: 'team', from: 'BACKOFFICE_DATABASE_URL' });
        const { clientId, envelope } = await chargeNewCard(desk, gateway);
        expect(envelope).toMatchObject({ ok: true, value: { outcome: 'paid' } });
        expect(await teamCharges(other, clientId)).toHaveLength(1);
      } finally {
        delete process.env.BACKOFFICE_DATABASE_URL;
        await reopen();
      }
    });

    it('uses a team database set up by a newer version only to say so: money refused, look-ups and Settings open, at start too', async () => {
      const newer = await plain.newDatabase();
      const db = openTeamDatabase(newer);
      try {
        await migrateTeamDatabase(db);
        await db.pool.query("INSERT INTO schema_migrations (version, description) VALUES (999, 'from a newer app')");
      } finally {
        await db.pool.end();
      }
      const view = await desk.call('settings.saveTeamDatabase', form(newer));
      expect(view.inUse).toMatchObject({ kind: 'team', database: expect.stringContaining(new URL(newer).pathname) });
      // Not locked out at its next start either: the desk opens, and its Settings can point it elsewhere.
      await reopen();
      const { clientId, envelope } = await chargeNewCard(desk, gateway);
      expect(envelope).toMatchObject({
        ok: false,
        error: { code: 'storage', said: [saying('set up by a newer version of the app'), saying('Money actions wait')] },
      });
      expect(localCharges(folder, clientId)).toBe(0);
      await desk.call('settings.saveTeamDatabase', form(team));
    });

    it('takes settings this version cannot read (a newer one’s) for a team database it cannot use, never for none', async () => {
      await reopen(() => {
        const file = new Database(join(folder, 'app.sqlite'));
        try {
          const newer = { ...form(team).connection, tls: { mode: 'verify-ca', caPem: certificates.caPem } };
          file.prepare("UPDATE settings SET value = ? WHERE key = 'teamDatabase'").run(JSON.stringify(newer));
        } finally {
          file.close();
        }
      });
      const view = await desk.call('settings.teamDatabase', {});
      expect(view.saved).toEqual({ kind: 'unreadable' });
      expect(view.inUse).toEqual({
        kind: 'team',
        database: `127.0.0.1:${plain.port}/${new URL(team).pathname.slice(1)}`,
        from: 'settings',
      });
      const { clientId, envelope } = await chargeNewCard(desk, gateway);
      expect(envelope).toMatchObject({
        ok: false,
        error: { code: 'storage', said: [saying('cannot be read by this version of the app'), saying('Money actions wait')] },
      });
      expect(localCharges(folder, clientId)).toBe(0);
      await desk.call('settings.saveTeamDatabase', form(team));
      expect((await chargeNewCard(desk, gateway)).envelope).toMatchObject({ ok: true, value: { outcome: 'paid' } });
    });

    it('turns team mode off: back to this desk’s file, the password removed from the keychain, audited', async () => {
      const view = await desk.call('settings.turnOffTeamDatabase', {});
      expect(view).toEqual({ saved: { kind: 'none' }, passwordKept: false, passwordFromEnvironment: false, inUse: { kind: 'file' } });
      expect(await keptPassword()).toBeUndefined();
      // The team's people, hashes and all, are no longer kept in the desk's file.
      const file = new Database(join(folder, 'app.sqlite'), { readonly: true });
      try {
        expect(file.prepare('SELECT count(*) AS n FROM team_people').get()).toEqual({ n: 0 });
      } finally {
        file.close();
      }
      const { clientId, envelope } = await chargeNewCard(desk, gateway);
      expect(envelope).toMatchObject({ ok: true, value: { outcome: 'paid' } });
      expect(localCharges(folder, clientId)).toBe(1);
      expect(await teamCharges(team, clientId)).toEqual([]);
      const [entry] = (await desk.call('audit.query', { action: 'teamDatabase.change' })).entries;
      expect(entry).toMatchObject({
        said: saying('Team database turned off: this desk keeps its records in its own file again; its password removed from the keychain'),
      });
    });

    it('moves this desk’s records to the team database once each, says what it moved, and audits it; without one, says there is none', async () => {
      expect(await desk.refusal('settings.moveDeskRecords', {})).toMatchObject({
        code: 'settings',
        said: [saying('there is none to move its records to')],
      });
      // Made in the desk's own file, with team mode off.
      const { clientId } = await chargeNewCard(desk, gateway);
      await desk.call('settings.saveTeamDatabase', form(team));
      const moved = await desk.call('settings.moveDeskRecords', {});
      expect(moved.charges.moved).toBeGreaterThanOrEqual(2);
      expect(moved).toMatchObject({ charges: { kept: [] }, operations: { moved: 0, kept: [] } });
      expect(moved.auditEntries).toBeGreaterThan(0);
      expect(await teamCharges(team, clientId)).toEqual([expect.objectContaining({ state: 'PAID' })]);
      // Again: nothing is copied twice.
      const again = await desk.call('settings.moveDeskRecords', {});
      expect(again).toMatchObject({ charges: { moved: 0, already: moved.charges.moved + moved.charges.already }, auditEntries: 0 });
      const [entry] = (await desk.call('audit.query', { action: 'teamDatabase.moveRecords' })).entries;
      expect(entry).toMatchObject({
        said: saying(/^This desk's records moved to the team database .*: 0 charges, 0 operations and 0 audit entries/),
      });
    });

    it('refuses the team database’s channels to support and finance, in main, before the payload is read', async () => {
      try {
        for (const role of ['support', 'finance'] as const) {
          await desk.as(role);
          for (const channel of CHANNELS)
            expect((await desk.refusal(channel, { notAField: true })).code, `${role} ${channel}`).toBe('forbidden');
        }
      } finally {
        await desk.as('administrator');
      }
    });

    it('never puts a password in the desk’s file, nor in anything that crossed IPC', () => {
      crossed.push(...desk.crossed);
      const files = readdirSync(folder).filter((name) => name.startsWith('app.sqlite'));
      expect(files).toContain('app.sqlite');
      for (const password of passwords) {
        for (const name of files) expect(readFileSync(join(folder, name)).includes(password), name).toBe(false);
        expect(crossed.filter((json) => json.includes(password))).toEqual([]);
      }
    });
  });

  describe.runIf(keychainReady)('with the keychain locked', () => {
    it('refuses money on the team database in words, journals nothing in the desk’s file, and looks orders up', () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const report = probeOnPrivateKeyring<Record<string, any>>('test/ipc/locked-team-probe.ts');

      expect(report.unlocked).toEqual({ outcome: 'paid', team: 1, local: 0 });
      // Locked: the desk is still on the team database, not its file, and says why money waits.
      expect(report.locked.inUse).toMatchObject({ kind: 'team', from: 'settings' });
      expect(report.locked.charge).toMatchObject({
        ok: false,
        error: {
          code: 'storage',
          said: [saying('is kept in the OS keychain, which is locked'), saying('Money actions wait until this desk can use it again')],
        },
      });
      expect(report.locked.team).toBe(0);
      expect(report.locked.local).toBe(0);
      expect(report.locked.lookup).toMatchObject({ ok: true, value: { kind: 'found' } });
      expect(report.locked.keychainProblem).toEqual([saying('The OS keychain is locked')]);
      expect(report.locked.view).not.toHaveProperty('passwordKept');
      // Saved again while locked: kept, but not put in use, since the environment cannot be reopened without
      // its own credentials; the desk stays on the team database, and money still waits for the password.
      expect(report.resaved.answer).toMatchObject({
        ok: false,
        error: { code: 'settings', said: [saying('Saved, but not in use yet'), saying('The OS keychain is locked')] },
      });
      expect(report.resaved.inUse).toMatchObject({ kind: 'team', from: 'settings' });
      expect(report.resaved.charge).toMatchObject({
        ok: false,
        error: { code: 'storage', said: [saying('which is locked'), expect.anything()] },
      });
      expect(report.resaved.local).toBe(0);
    }, 150_000);
  });
});
