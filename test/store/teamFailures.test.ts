/**
 * Why a desk cannot use the team database, told apart against a real PostgreSQL (and a real TLS server with a
 * certificate from a test authority): each failure is a TeamUnreachableError naming its kind, said in its own
 * words without the password, and leaves the desk as a database that is away does (problem 'unreachable').
 */
import { createServer, type Server, type Socket } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phrase } from '../../main/phrases/phrase.js';
import { StoreError } from '../../main/store/errors.js';
import { openTeamDatabase, query, TeamUnreachableError, type TeamFailure } from '../../main/store/postgres/teamDatabase.js';
import { saying } from '../phrases/said.js';
import { describePostgres, startPostgres, type PostgresCluster } from './postgresCluster.js';
import { makeCertificates, type TestCertificates } from './tlsCertificates.js';

/** node-postgres's settings of a database URL the cluster gave. */
function settingsOf(url: string): pg.PoolConfig {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port),
    user: u.username,
    password: decodeURIComponent(u.password),
    database: u.pathname.slice(1),
  };
}

/** What a first statement on the database meets. */
async function failureOf(config: pg.PoolConfig): Promise<unknown> {
  const db = openTeamDatabase(config);
  try {
    return await query(db, 'SELECT 1').then(
      () => 'connected',
      (err: unknown) => err,
    );
  } finally {
    await db.pool.end();
  }
}

describePostgres('why the team database cannot be used', () => {
  let plain: PostgresCluster;
  let tls: PostgresCluster;
  let certificates: TestCertificates;
  let onPlain: pg.PoolConfig;
  let onTls: pg.PoolConfig;
  /** A server that takes the connection and never answers. */
  let silent: Server;
  const held: Socket[] = [];

  beforeAll(async () => {
    certificates = makeCertificates();
    [plain, tls] = await Promise.all([
      startPostgres(),
      startPostgres({ tls: { certificatePem: certificates.serverCertificatePem, keyPem: certificates.serverKeyPem, required: true } }),
    ]);
    onPlain = settingsOf(await plain.newDatabase());
    onTls = settingsOf(await tls.newDatabase());
    silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  }, 60_000);
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    silent?.close();
    await Promise.all([plain?.destroy(), tls?.destroy()]);
  });

  const cases: [string, () => pg.PoolConfig, TeamFailure, RegExp][] = [
    ['nothing listens on the port', () => ({ ...onPlain, port: 1 }), 'unreachable', /cannot be reached \(connect ECONNREFUSED/],
    ['an unknown host name', () => ({ ...onPlain, host: 'no-such-host.invalid' }), 'unknownHost', /is not known here/],
    [
      'a wrong password',
      () => ({ ...onPlain, password: 'not-the-password' }),
      'authentication',
      /did not accept this user name and password/,
    ],
    ['a user the server does not know', () => ({ ...onPlain, user: 'nobody' }), 'authentication', /did not accept/],
    ['a database the server does not have', () => ({ ...onPlain, database: 'no_such_db' }), 'noDatabase', /has no database of that name/],
    ['TLS asked of a server without it', () => ({ ...onPlain, ssl: { rejectUnauthorized: false } }), 'tlsRefused', /does not offer TLS/],
    ['no TLS where the server lets the user in over TLS only', () => ({ ...onTls, ssl: false }), 'tlsRequired', /over TLS only/],
    [
      'a certificate no trusted authority signed',
      () => ({ ...onTls, ssl: { rejectUnauthorized: true } }),
      'certificateUntrusted',
      /not signed by an authority this desk trusts/,
    ],
    [
      'a certificate signed by another authority than the CA given',
      () => ({ ...onTls, ssl: { rejectUnauthorized: true, ca: certificates.otherCaPem } }),
      'certificateUntrusted',
      /not signed by an authority/,
    ],
    [
      'a certificate not made out to the host connected to',
      () => ({ ...onTls, host: 'localhost', ssl: { rejectUnauthorized: true, ca: certificates.caPem } }),
      'certificateName',
      /not made out to this host \(Hostname\/IP does not match/,
    ],
  ];

  it.each(cases)('%s', async (_, config, failure, words) => {
    const err = await failureOf(config());
    expect(err).toBeInstanceOf(TeamUnreachableError);
    expect(err).toMatchObject({
      problem: 'unreachable',
      failure,
      why: saying(words),
      said: [expect.anything(), phrase('storage.team.meanwhile')],
    });
    expect((err as Error).message).not.toContain(onPlain.password as string);
  });

  it('a server that takes the connection and never answers: given up after the connect timeout, said as such', async () => {
    const started = Date.now();
    const err = await failureOf({ ...onPlain, port: (silent.address() as { port: number }).port });
    expect(err).toMatchObject({ failure: 'timeout', why: saying('did not answer within 5 seconds') });
    expect(Date.now() - started).toBeLessThan(8_000);
  }, 15_000);

  it('connects over TLS with the certificate checked against the CA given, by the address it names', async () => {
    expect(await failureOf({ ...onTls, ssl: { rejectUnauthorized: true, ca: certificates.caPem } })).toBe('connected');
  });

  it("keeps the password source's own account of why it has no password", async () => {
    const why = phrase('storage.team.noPassword', { database: 'x' });
    const err = await failureOf({
      ...onPlain,
      password: () => Promise.reject(new TeamUnreachableError('password', why)),
    });
    expect(err).toMatchObject({ failure: 'password', why });
  });

  it('leaves a failure of a statement, not of the connection, as the database error it is', async () => {
    const db = openTeamDatabase(onPlain);
    try {
      const err = await query(db, 'SELECT * FROM no_such_table').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreError);
      expect(err).not.toBeInstanceOf(TeamUnreachableError);
      expect(err).toMatchObject({ problem: 'other' });
    } finally {
      await db.pool.end();
    }
  });
});
