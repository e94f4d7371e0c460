import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH, CARDS, control, controlHeaders, paidOrder, payCard, postForm, register, startSandbox, status } from './client.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
const ALL_STATES = 'CREATED,APPROVED,DEPOSITED,DECLINED,REVERSED,REFUNDED';
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('state in a SQLite file (--data)', () => {
  it('keeps orders, bindings, merchant settings and the clock across restarts', async () => {
    const file = join(dir, 'keep.sqlite');
    const first = await startSandbox({ dataFile: file });
    const orderId = await paidOrder(first, { clientId: 'kept-client', features: 'FORCE_CREATE_BINDING' });
    await control(first, 'PATCH', '/merchants/sandbox', { rps: 123 });
    await control(first, 'POST', '/clock', { advanceSeconds: 3600 });
    await first.close();

    const second = await startSandbox({ dataFile: file });
    try {
      expect(await status(second, { orderId })).toMatchObject({ orderStatus: 2, bindingInfo: { clientId: 'kept-client' } });
      expect((await control(second, 'GET', '/merchants/sandbox')).limits.rps).toBe(123);
      expect((await control(second, 'GET', '/clock')).offsetMs).toBeGreaterThanOrEqual(3_600_000);
    } finally {
      await second.close();
    }
  });

  it('never writes a full card number to the file', async () => {
    const file = join(dir, 'pan.sqlite');
    const sb = await startSandbox({ dataFile: file });
    await payCard(sb, await register(sb, { clientId: 'c', features: 'FORCE_CREATE_BINDING' }), CARDS.noThreeDS);
    await sb.close();
    const db = new Database(file, { readonly: true });
    const text = JSON.stringify([db.prepare('SELECT doc FROM orders').all(), db.prepare('SELECT doc FROM bindings').all()]);
    db.close();
    expect(text).toContain('444455******3333');
    expect(text).not.toContain(CARDS.noThreeDS);
    expect(text).not.toContain('"123"');
    // Not even a plain hash, which the masked digits would let anyone reverse.
    expect(text).not.toContain(createHash('sha256').update(CARDS.noThreeDS).digest('hex'));
    expect(statSync(`${file}.pan-key`).mode & 0o777).toBe(0o600);

    // The key beside the file still finds the card after a restart.
    const again = await startSandbox({ dataFile: file });
    try {
      const found = await postForm(again, '/payment/rest/getBindingsByCardOrId.do', { ...AUTH, pan: CARDS.noThreeDS });
      expect(found.bindings).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('migrates a version-1 file (one JSON document a row) forward, losing no order, binding, merchant setting or meta', async () => {
    // A version-1 file, as that sandbox wrote it: the rows of a demo sandbox, each a document under its key.
    const source = join(dir, 'v1-source.sqlite');
    const first = await startSandbox({ dataFile: source, demo: true, seed: 3 });
    const boundId = await paidOrder(first, { clientId: 'v1-client', features: 'FORCE_CREATE_BINDING' });
    await control(first, 'PATCH', '/merchants/sandbox', { rps: 77 });
    await control(first, 'POST', '/clock', { advanceSeconds: 60 });
    const window = { from: '20000101000000', to: '20991231235959', transactionStates: ALL_STATES };
    const byOperation = await postForm(first, '/payment/rest/getLastOrdersForMerchants.do', { ...AUTH, ...window, size: 200, page: 2 });
    const byCreation = await postForm(first, '/payment/rest/getLastOrdersForMerchants.do', {
      ...AUTH,
      ...window,
      size: 200,
      page: 5,
      searchByCreatedDate: true,
    });
    await first.close();

    const v1File = join(dir, 'v1.sqlite');
    const from = new Database(source, { readonly: true });
    const v1 = new Database(v1File);
    v1.exec(`
      CREATE TABLE orders (id TEXT PRIMARY KEY, doc TEXT NOT NULL);
      CREATE TABLE bindings (id TEXT PRIMARY KEY, doc TEXT NOT NULL);
      CREATE TABLE merchants (login TEXT PRIMARY KEY, doc TEXT NOT NULL);
      CREATE TABLE meta (key TEXT PRIMARY KEY, doc TEXT NOT NULL);
      PRAGMA user_version = 1;
    `);
    // Version 1 rewrote a row on every save, so its rows are in no particular order: newest first here.
    const orders = from.prepare('SELECT id, doc FROM orders ORDER BY seq DESC').all() as { id: string; doc: string }[];
    // One order saved before lastOperationAt was kept: its last save stands for it.
    const old = orders.find((o) => JSON.parse(o.doc).orderNumber === 'demo-0003')!;
    const { lastOperationAt, ...withoutIt } = JSON.parse(old.doc);
    old.doc = JSON.stringify({ ...withoutIt, updatedAt: lastOperationAt });
    v1.transaction(() => {
      for (const o of orders) v1.prepare('INSERT INTO orders VALUES (?, ?)').run(o.id, o.doc);
      v1.exec(`ATTACH '${source}' AS src`);
      for (const t of ['bindings', 'merchants', 'meta']) v1.exec(`INSERT INTO ${t} SELECT * FROM src.${t}`);
    })();
    from.close();
    v1.close();

    const migrated = await startSandbox({ dataFile: v1File });
    try {
      const listed = (params: Record<string, unknown>) =>
        postForm(migrated, '/payment/rest/getLastOrdersForMerchants.do', { ...AUTH, ...window, size: 200, ...params });
      expect(await listed({ page: 2 })).toEqual(byOperation);
      expect(await listed({ page: 5, searchByCreatedDate: true })).toEqual(byCreation);
      expect(await status(migrated, { orderId: boundId })).toMatchObject({ orderStatus: 2, bindingInfo: { clientId: 'v1-client' } });
      const bindings = await postForm(migrated, '/payment/rest/getBindings.do', { ...AUTH, clientId: 'client-anna' });
      expect(bindings.bindings).toHaveLength(3);
      expect((await control(migrated, 'GET', '/merchants/sandbox')).limits.rps).toBe(77);
      expect((await control(migrated, 'GET', '/clock')).offsetMs).toBeGreaterThanOrEqual(60_000);
      // Newest registered first, as before.
      expect((await control(migrated, 'GET', '/orders?limit=1')).orders[0].orderId).toBe(boundId);
    } finally {
      await migrated.close();
    }
    const after = new Database(v1File, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(2);
    expect(after.prepare('SELECT count(*) FROM orders').pluck().get()).toBe(orders.length);
    after.close();
  });

  it('refuses a file written by a newer sandbox, leaving it untouched', async () => {
    const file = join(dir, 'newer.sqlite');
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();
    await expect(startSandbox({ dataFile: file })).rejects.toThrow(/newer sandbox/);
    const again = new Database(file);
    expect(again.pragma('user_version', { simple: true })).toBe(99);
    again.close();
  });
});

describe('control API', () => {
  it('hands out the same identifiers after a reset with the same seed', async () => {
    const sb = await startSandbox();
    try {
      await control(sb, 'POST', '/reset', { seed: 42 });
      const a = await register(sb, { orderNumber: 'same' });
      await control(sb, 'POST', '/reset', { seed: 42 });
      const b = await register(sb, { orderNumber: 'same' });
      expect(b).toBe(a);
      expect((await control(sb, 'GET', '/orders')).orders).toHaveLength(1);
    } finally {
      await sb.close();
    }
  });

  it('seeds demo data with orders in every status and bindings of every category', async () => {
    const sb = await startSandbox({ demo: true });
    try {
      const { orders } = await control(sb, 'GET', '/orders?merchant=sandbox');
      const demo = orders.filter((o: { orderNumber: string }) => o.orderNumber.startsWith('demo-'));
      expect(new Set(demo.map((o: { status: number }) => o.status))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
      const { bindings } = await control(sb, 'GET', '/bindings');
      expect(new Set(bindings.map((b: { category: string }) => b.category))).toEqual(new Set(['COMMON', 'RECURRENT', 'INSTALLMENT']));
      expect((await control(sb, 'POST', '/seed', { demo: true })).demo).toEqual({ orders: 0, bindings: 0 });
    } finally {
      await sb.close();
    }
  });

  it('starts empty without --demo and refuses malformed control requests', async () => {
    const sb = await startSandbox();
    try {
      expect((await control(sb, 'GET', '/orders')).orders).toEqual([]);
      const bad = await control(sb, 'POST', '/clock', { advanceMs: 1, setEpochMs: 2 });
      expect(bad.error).toBe('Invalid control request');
      expect((await control(sb, 'GET', '/nothing')).error).toContain('No control route');
    } finally {
      await sb.close();
    }
  });
});

describe('npm run sandbox', () => {
  it('prints the URL once it accepts requests, and exits on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/sandbox/cli.ts', '--port', '0', '--rps', '50'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const { url, controlToken } = await new Promise<{ url: string; controlToken: string }>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /(http:\/\/127\.0\.0\.1:\d+).*\nControl API token: (\S+)/.exec(out);
          if (m) resolve({ url: m[1]!, controlToken: m[2]! });
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
      const headers = controlHeaders({ controlToken });
      const health = (await (await fetch(`${url}/sandbox/health`, { headers })).json()) as { ok: boolean };
      expect(health.ok).toBe(true);
      const merchants = (await (await fetch(`${url}/sandbox/merchants`, { headers })).json()) as {
        merchants: { limits: { rps: number } }[];
      };
      expect(merchants.merchants[0]!.limits.rps).toBe(50);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
  });

  it('refuses a malformed option with exit status 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/sandbox/cli.ts', '--port', 'eighty'], { stdio: 'pipe' });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(2);
  });
});
