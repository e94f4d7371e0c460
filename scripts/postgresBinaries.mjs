// Where PostgreSQL's server programs are, for the tests that start a throwaway cluster
// (test/store/postgresCluster.ts), and why those tests cannot run where they are missing. Plain JavaScript so
// that the runner (scripts/test-all.mjs) and the tests decide by the same rule.
import { spawnSync } from 'node:child_process';
import { readdirSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { runnable } from './runnable.mjs';

/** The oldest major version the tests run on (Debian 12 ships 15). */
const OLDEST = 13;
const DEBIAN = '/usr/lib/postgresql';
const INSTALL = "install Debian's postgresql (apt-get install postgresql)";

const hasServer = (bin) => runnable(join(bin, 'initdb')) && runnable(join(bin, 'pg_ctl'));

/** The newest of Debian's versioned folders with the server programs, else the folder of initdb on PATH. */
function installedBin(path) {
  let versions = [];
  try {
    versions = readdirSync(DEBIAN).filter((name) => /^\d+$/.test(name));
  } catch {
    // no Debian packages
  }
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const bin = join(DEBIAN, version, 'bin');
    if (hasServer(bin)) return bin;
  }
  for (const dir of (path ?? '').split(delimiter)) {
    const initdb = join(dir, 'initdb');
    if (!dir || !runnable(initdb)) continue;
    // Links on PATH (Debian's postgresql-common wrappers, /usr/local/bin): initdb and pg_ctl find postgres
    // beside their real file, so that folder is the one to use.
    const bin = dirname(realpathSync(initdb));
    if (hasServer(bin)) return bin;
  }
  return undefined;
}

/**
 * PostgreSQL's server programs to run a cluster with: the folder of initdb, pg_ctl and postgres (env PG_BIN,
 * else the newest /usr/lib/postgresql/<N>/bin, else from PATH), their major version, and the user to run them
 * as where this process is root, which initdb and pg_ctl refuse to run as (Debian's `postgres` system user).
 * Or why there are none, saying what to install.
 */
export function findPostgres(env = process.env) {
  const bin = env.PG_BIN ? (hasServer(env.PG_BIN) ? env.PG_BIN : undefined) : installedBin(env.PATH);
  if (bin === undefined)
    return {
      reason: env.PG_BIN
        ? `no initdb and pg_ctl in PG_BIN (${env.PG_BIN}): ${INSTALL} or point PG_BIN at the bin folder of PostgreSQL ${OLDEST} or newer`
        : `no PostgreSQL server programs (initdb, pg_ctl) in ${DEBIAN}/<version>/bin or on PATH: ${INSTALL} or set PG_BIN`,
    };
  const said = spawnSync(join(bin, 'pg_ctl'), ['--version'], { encoding: 'utf8' });
  const version = Number(/\(PostgreSQL\) (\d+)/.exec(said.stdout ?? '')?.[1]);
  if (!(version >= OLDEST))
    return {
      reason: `${join(bin, 'pg_ctl')} is not PostgreSQL ${OLDEST} or newer (it says ${JSON.stringify((said.stdout || said.stderr || String(said.error)).trim())}): ${INSTALL} or set PG_BIN`,
    };
  if (process.getuid?.() !== 0) return { bin, version };
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')].map((r) => (r.status === 0 ? Number(r.stdout.trim()) : NaN));
  if (Number.isNaN(uid) || Number.isNaN(gid))
    return {
      reason: `running as root, which initdb refuses, and there is no postgres system user to run PostgreSQL as: ${INSTALL}, which creates it`,
    };
  return { bin, version, runAs: { uid, gid } };
}

/** Why the PostgreSQL tests cannot run here, with what to install, or undefined if they can. */
export function postgresSkipReason(env = process.env) {
  const found = findPostgres(env);
  return 'reason' in found ? found.reason : undefined;
}
