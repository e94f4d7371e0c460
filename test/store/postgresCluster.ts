/**
 * A real, throwaway PostgreSQL cluster for the tests of the PostgreSQL store: initdb in a temporary folder, the
 * server on 127.0.0.1 on a random port, stopped and removed by the test (destroy() in afterAll). The app's role
 * `backoffice` connects over TCP with a password, as to a deployed server; the harness is the superuser over a
 * Unix socket inside that folder, the only door without a password. Starting one takes about 1.5 s, most of it
 * initdb. Its server programs are found by scripts/postgresBinaries.mjs, the rule `npm test` skips by too.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { findPostgres, postgresSkipReason } from '../../scripts/postgresBinaries.mjs';

export { postgresSkipReason };

function describeWhere(reason: string | undefined): typeof describe.skip {
  if (reason !== undefined) {
    if (process.env.REQUIRE_POSTGRES) throw new Error(`PostgreSQL tests required (REQUIRE_POSTGRES) but cannot run: ${reason}`);
    // `npm test` says once why they are skipped (SKIPS_ANNOUNCED); a file run alone says so itself.
    if (!process.env.SKIPS_ANNOUNCED) console.log(`PostgreSQL tests skipped: ${reason}`);
  }
  return describe.skipIf(reason !== undefined);
}

/**
 * `describe` where PostgreSQL can run here, skipping otherwise; under REQUIRE_POSTGRES=1 (CI) a missing
 * PostgreSQL fails the file that imports this instead.
 */
export const describePostgres: typeof describe.skip = describeWhere(postgresSkipReason());

export interface PostgresCluster {
  readonly port: number;
  readonly dataDir: string;
  /**
   * The postgres://backoffice:<password>@127.0.0.1:<port>/<name> URL of a new, empty database owned by the
   * role `backoffice` (no superuser, no CREATEDB: what an app's role has), a different one at each call.
   */
  newDatabase(): Promise<string>;
  /**
   * pg_ctl stop; 'immediate' is the server dying (no checkpoint, recovery at the next start). The cluster can
   * be start()ed again, on the same port and data.
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** Clusters not yet destroyed, stopped as the process exits: a file that failed before its afterAll. */
const undestroyed = new Set<() => void>();
process.on('exit', () => {
  for (const kill of undestroyed) kill();
});

/**
 * Waits for the process $1 to end, then kills the server of the data folder $2 (SIGQUIT, the immediate
 * shutdown: the watchdog runs as the test's user, and pg_ctl refuses root) and removes the folder $3. A process that ended unreaped (a zombie:
 * some containers' init never reaps) has ended; where there is no /proc, kill -0 says.
 */
const WATCHDOG = `
alive() {
  if [ -d /proc/self ]; then state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null) && [ "\${state%% *}" != Z ]
  else kill -0 "$1" 2>/dev/null; fi
}
while alive "$1"; do sleep 1; done
pid=$(head -n 1 "$2/postmaster.pid" 2>/dev/null) && kill -QUIT "$pid" 2>/dev/null
for _ in $(seq 50); do [ -e "$2/postmaster.pid" ] || break; sleep 0.1; done
rm -rf "$3"`;

/** A free port on 127.0.0.1 as of now (the server binding it later may lose a race: see start). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** TLS for the server: its certificate and key (PEM), and whether it refuses connections without TLS. */
export interface ServerTls {
  readonly certificatePem: string;
  readonly keyPem: string;
  /** Only `hostssl` in pg_hba.conf: a client that does not ask for TLS is turned away. */
  readonly required?: boolean;
}

export async function startPostgres(settings: { readonly tls?: ServerTls } = {}): Promise<PostgresCluster> {
  const found = findPostgres();
  if ('reason' in found) throw new Error(`PostgreSQL cannot run here: ${found.reason}`);
  const { bin, runAs } = found;
  const dir = mkdtempSync(join(tmpdir(), 'backoffice-pg-'));
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const dataDir = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  // Nothing of a developer's PostgreSQL settings (PGDATA, PGPORT, PGHOST…) reaches this cluster.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
  const options = { ...runAs, env, cwd: dir, encoding: 'utf8' as const };

  let port = 0;
  let running = false;
  let databases = 0;
  const password = randomBytes(18).toString('hex');

  // The process's exit hook misses a process killed by a signal (Ctrl-C, a worker ended by Vitest): this
  // watchdog, outside the test's process group, then kills the server and removes the folder.
  const watchdog = spawn('sh', ['-c', WATCHDOG, 'postgres-watchdog', String(process.pid), dataDir, dir], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();
  // Once it has ended its id may be another process's (ids wrap around quickly where pid_max is 32768, as in
  // some containers): a group is never signalled by an id that is no longer the watchdog's.
  let watching = true;
  watchdog.once('exit', () => (watching = false));

  const kill = () => {
    undestroyed.delete(kill);
    if (watching) {
      watching = false;
      try {
        // Its group: the shell and the sleep it waits on.
        process.kill(-watchdog.pid!);
      } catch {
        // already ended
      }
    }
    // Whatever `running` says: a start that timed out may have left a server.
    spawnSync(join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w'], { ...options, stdio: 'ignore' });
    running = false;
    rmSync(dir, { recursive: true, force: true });
  };
  undestroyed.add(kill);

  const run = (program: 'initdb' | 'pg_ctl', args: string[]) =>
    new Promise<void>((resolve, reject) => {
      execFile(join(bin, program), args, { ...options, timeout: 60_000 }, (error, stdout, stderr) => {
        if (!error) return resolve();
        let tail = '';
        try {
          tail = `\n${readFileSync(log, 'utf8').trimEnd().split('\n').slice(-15).join('\n')}`;
        } catch {
          // no log yet
        }
        reject(new Error(`${program} ${args.join(' ')} failed: ${(stderr || stdout || error.message).trim()}${tail}`));
      });
    });

  /** Runs SQL as the superuser over the cluster's own socket. */
  async function asSuperuser(sql: string): Promise<void> {
    const client = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  async function start(): Promise<void> {
    if (running) return;
    const first = port === 0;
    for (let attempt = 1; ; attempt++) {
      if (first) port = await freePort();
      try {
        await run('pg_ctl', ['start', '-D', dataDir, '-l', log, '-w', '-t', '30', '-o', `-p ${port}`]);
        break;
      } catch (error) {
        // Another process took the port between freePort and the server's bind: try another.
        if (!first || attempt === 3 || !String(error).includes('Address already in use')) throw error;
      }
    }
    running = true;
  }

  async function stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (!running) return;
    await run('pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '30']);
    running = false;
  }

  try {
    // --no-sync and fsync=off: nothing here has to survive a power cut, while a killed server still recovers
    // from its WAL, which is what stop('immediate') is for.
    await run('initdb', ['-D', dataDir, '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    appendFileSync(
      join(dataDir, 'postgresql.conf'),
      `\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nmax_connections = 100\nfsync = off\n`,
    );
    const { tls } = settings;
    if (tls) {
      // The server reads its key only if no one else may (0600, its own user's), as libpq's server docs say.
      for (const [name, pem] of [
        ['server.crt', tls.certificatePem],
        ['server.key', tls.keyPem],
      ] as const) {
        writeFileSync(join(dataDir, name), pem, { mode: 0o600 });
        if (runAs) chownSync(join(dataDir, name), runAs.uid, runAs.gid);
      }
      appendFileSync(join(dataDir, 'postgresql.conf'), `ssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n`);
    }
    const hba = tls?.required ? 'hostssl' : 'host';
    writeFileSync(join(dataDir, 'pg_hba.conf'), `local all postgres trust\n${hba} all all 127.0.0.1/32 scram-sha-256\n`);
    await start();
    await asSuperuser(`CREATE ROLE backoffice LOGIN PASSWORD '${password}'`);
  } catch (error) {
    kill();
    throw error;
  }

  return {
    get port() {
      return port;
    },
    dataDir,
    async newDatabase() {
      const name = `backoffice_${++databases}`;
      await asSuperuser(`CREATE DATABASE ${name} OWNER backoffice`);
      return `postgres://backoffice:${password}@127.0.0.1:${port}/${name}`;
    },
    stop,
    start,
    async destroy() {
      try {
        await stop();
      } finally {
        kill();
      }
    },
  };
}
