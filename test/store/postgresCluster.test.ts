/**
 * The throwaway PostgreSQL cluster the PostgreSQL store's tests run on (test/store/postgresCluster.ts): what it
 * gives a test, that it survives its server dying, and that it leaves nothing behind.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePostgres, postgresSkipReason, startPostgres, type PostgresCluster } from './postgresCluster.js';

/** Runs the query on the database at the URL, over a connection of its own. */
async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The processes whose command line names the folder: the server (postgres -D <folder>/data) and the cluster's
 * watchdog. One that ended but is not reaped yet (a zombie) has an empty command line.
 */
function processesNaming(dir: string): string[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .flatMap((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return command.includes(dir) ? [command] : [];
      } catch {
        return []; // ended meanwhile
      }
    });
}

/**
 * Starts a cluster in a child process that then ends without destroying it: by exiting, or killed by SIGKILL
 * (no exit hook runs). Gives the cluster's folder once the process has ended.
 */
async function orphanedBy(ending: 'exit' | 'SIGKILL'): Promise<string> {
  const script = `
    const { startPostgres } = await import(${JSON.stringify(join(import.meta.dirname, 'postgresCluster.ts'))});
    const cluster = await startPostgres();
    console.log(JSON.stringify(cluster.dataDir));
    ${ending === 'exit' ? 'process.exit(0);' : 'setInterval(() => {}, 1000);'}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ended = once(child, 'exit');
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const dir = join(JSON.parse(line) as string, '..');
  expect(processesNaming(dir)).not.toEqual([]);
  if (ending === 'SIGKILL') child.kill('SIGKILL');
  await ended;
  return dir;
}

it("says to install Debian's postgresql where PG_BIN holds no server programs", () => {
  const empty = mkdtempSync(join(tmpdir(), 'backoffice-no-pg-'));
  try {
    expect(postgresSkipReason({ ...process.env, PG_BIN: empty })).toMatch(/apt-get install postgresql\b/);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

describePostgres('a throwaway PostgreSQL cluster', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(() => cluster?.destroy());

  it('gives each caller its own empty database on 127.0.0.1, where the app role logs in with a password', async () => {
    const [first, second] = [await cluster.newDatabase(), await cluster.newDatabase()];
    expect(first).not.toBe(second);
    for (const url of [first, second]) {
      const { username, password, hostname, port } = new URL(url);
      expect({ username, hostname, port: Number(port) }).toEqual({ username: 'backoffice', hostname: '127.0.0.1', port: cluster.port });
      expect(password.length).toBeGreaterThan(0);
    }

    await query(first, 'CREATE TABLE notes (body text NOT NULL)');
    await query(first, "INSERT INTO notes VALUES ('only in the first')");
    expect(await query(first, 'SELECT body FROM notes')).toEqual([{ body: 'only in the first' }]);
    await expect(query(second, 'SELECT body FROM notes')).rejects.toThrow(/relation "notes" does not exist/);
    expect(await query(second, 'SELECT rolsuper, rolcreatedb FROM pg_roles WHERE rolname = current_user')).toEqual([
      { rolsuper: false, rolcreatedb: false },
    ]);

    const wrong = new URL(first);
    wrong.password = 'wrong';
    await expect(query(wrong.href, 'SELECT 1')).rejects.toThrow(/password authentication failed/);
  });

  it('keeps what was committed when the server dies, and starts again on the same port', async () => {
    const url = await cluster.newDatabase();
    await query(url, 'CREATE TABLE payments (id int PRIMARY KEY)');
    await query(url, 'INSERT INTO payments VALUES (1), (2)');
    const port = cluster.port;

    await cluster.stop('immediate');
    await expect(query(url, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);
    await cluster.start();

    expect(cluster.port).toBe(port);
    expect(await query(url, 'SELECT id FROM payments ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('leaves no process and no folder once destroyed', async () => {
    const other = await startPostgres();
    const dir = join(other.dataDir, '..');
    expect(processesNaming(dir)).toHaveLength(2);

    await other.destroy();

    expect(processesNaming(dir)).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  });

  // Two more clusters, each in a Node of its own, while the suite's other files run.
  it('stops the server and removes its folder when a test process ends without destroying it', { timeout: 60_000 }, async () => {
    const [exited, killed] = await Promise.all([orphanedBy('exit'), orphanedBy('SIGKILL')]);
    expect(processesNaming(exited)).toEqual([]);
    expect(existsSync(exited)).toBe(false);
    // Killed, the process ran no exit hook: the cluster's watchdog notices within a second or two.
    await expect.poll(() => processesNaming(killed).length > 0 || existsSync(killed), { timeout: 10_000, interval: 200 }).toBe(false);
  });
});
