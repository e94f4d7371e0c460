/**
 * Two desks of one team, each a whole AppCore on its own data folder, sharing one PostgreSQL and charging
 * one gateway (a standalone sandbox as their custom environment): the measurements that charged twice when
 * each desk kept its own journal, and the team database going away mid-day. Needs the keychain (the
 * environment's token) and PostgreSQL; skipped with one line each without them.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent, AuditPage, ChannelName, Envelope, Input, Result } from '../../main/ipc/contract.js';
import { sessionGuard } from '../../main/ipc/sessionGuard.js';
import { createDispatcher } from '../../main/ipc/dispatcher.js';
import { EventHub } from '../../main/ipc/events.js';
import { createHandlers } from '../../main/ipc/handlers.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { generateSigningKeyPair } from '../../main/gateway/keys.js';
import { AppCore } from '../../main/services/appCore.js';
import { StoredCards } from '../../main/services/storedCards.js';
import type { TeamChange } from '../../main/store/postgres/teamChanges.js';
import { Vault } from '../../main/vault/vault.js';
import { control, startSandbox, status, uniqueNumber } from '../sandbox/client.js';
import { describePostgres, startPostgres, type PostgresCluster } from '../store/postgresCluster.js';

const keychainReady = process.env.KEYCHAIN_TESTS === '1';
const root = mkdtempSync(join(tmpdir(), 'team-desks-'));

describePostgres('two desks on one team database', () => {
  describe.runIf(keychainReady)('charging one gateway', () => {
    let cluster: PostgresCluster;
    let gateway: Sandbox;
    let a: AppCore;
    let b: AppCore;
    let url: string;
    const folders = new Map<AppCore, string>();
    const desk = async (name: string, url: string) => {
      const dataFolder = mkdtempSync(join(root, `${name}-`));
      const core = await AppCore.open({
        dataFolder,
        osUser: name,
        desk: name.toUpperCase(),
        vault: new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`),
        teamDatabase: url,
      });
      core.settings.setConnection('custom', { baseUrl: gateway.url, authMode: 'token' });
      await core.settings.setCredential('custom', 'token', 'sandbox-token');
      core.chargeLimits.setAccepted('custom', ['643']);
      core.chargeLimits.setMaximum('custom', '643', 1_000_000);
      await core.switchEnvironment('custom');
      folders.set(core, dataFolder);
      return core;
    };
    beforeAll(async () => {
      [cluster, gateway] = await Promise.all([startPostgres(), startSandbox()]);
      url = await cluster.newDatabase();
      [a, b] = [await desk('fin-1', url), await desk('fin-2', url)];
    }, 60_000);
    afterAll(async () => {
      for (const core of [a, b]) {
        await core?.settings.clearCredential('custom', 'token');
        await core?.close();
      }
      await gateway?.close();
      await cluster?.destroy();
      rmSync(root, { recursive: true, force: true });
    });

    async function card() {
      const clientId = uniqueNumber('team');
      const { bindings } = (await control(gateway, 'POST', '/seed', { bindings: [{ clientId, category: 'RECURRENT' }] })) as {
        bindings: { bindingId: string }[];
      };
      return { clientId, bindingId: bindings[0]!.bindingId, category: 'RECURRENT' as const, amount: 25_000, currency: '643' };
    }
    const paidFor = async (clientId: string) =>
      (
        (await control(gateway, 'GET', `/orders?clientId=${clientId}`)) as { orders: { orderNumber: string; status: number }[] }
      ).orders.filter((o) => /^(BO-|CASE-)/.test(o.orderNumber) && (o.status === 1 || o.status === 2)).length;

    it('the same customer and amount from both desks at once: charged once', async () => {
      const c = await card();
      const outcomes = await Promise.all([a.services.charges.charge(c), b.services.charges.charge(c)]);
      expect(outcomes.filter((o) => o.kind === 'paid')).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === 'refused' || o.kind === 'needsConfirmation')).toHaveLength(1);
      expect(await paidFor(c.clientId)).toBe(1);
    });

    it('the same from desk B after desk A was answered: B is asked to confirm, naming who charged it', async () => {
      const c = await card();
      expect((await a.services.charges.charge(c)).kind).toBe('paid');
      expect(await b.services.charges.charge(c)).toMatchObject({
        kind: 'needsConfirmation',
        earlier: [{ operator: 'fin-1', state: 'PAID' }],
      });
      expect(await paidFor(c.clientId)).toBe(1);
    });

    it('the same reference from both desks: charged once, the other refused in words before the gateway is asked', async () => {
      const c = await card();
      const reference = `CASE-${randomUUID().slice(0, 8)}`;
      const outcomes = await Promise.all([a.services.charges.charge({ ...c, reference }), b.services.charges.charge({ ...c, reference })]);
      expect(outcomes.filter((o) => o.kind === 'paid')).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === 'failed')).toEqual([]);
      expect(await paidFor(c.clientId)).toBe(1);
      // Both desks' journals are the one journal: one row under the reference, paid.
      for (const core of [a, b])
        expect((await core.services.charges.journal.list({ text: reference })).map((r) => r.state)).toEqual(['PAID']);
    });

    it('keeps the embedded sandbox’s charges on each desk, and the custom environment’s for the team', async () => {
      const c = await card();
      expect((await a.services.charges.charge(c)).kind).toBe('paid');
      expect(await b.services.charges.journal.list({ environment: 'custom', text: c.clientId })).toEqual([
        expect.objectContaining({ operator: 'fin-1', state: 'PAID' }),
      ]);
    });

    it('signs the team’s people in at every desk, and ends a person’s session at desk B within two seconds of desk A disabling them', async () => {
      const ann = await a.people.addFirst({
        login: 'ann',
        displayName: 'Ann',
        role: 'administrator',
        password: 'correct horse battery staple',
      });
      await b.people.addBy(ann, { login: 'fin', displayName: 'Finn', role: 'finance', password: 'finance keeps the books' });
      expect((await a.people.list()).map((p) => p.login)).toEqual(['ann', 'fin']);
      await a.sessions.signIn('ann', 'correct horse battery staple');
      const atB = await b.sessions.signIn('fin', 'finance keeps the books');
      expect(b.sessions.role()).toBe('finance');
      await new Promise((r) => setTimeout(r, 300)); // B listening
      if (atB.kind !== 'active') throw new Error(atB.kind);
      await a.people.change(ann, atB.operator.id, { active: false });
      for (let i = 0; i < 200 && b.sessions.current().kind !== 'signedOut'; i++) await new Promise((r) => setTimeout(r, 10));
      expect(b.sessions.current()).toEqual({ kind: 'signedOut' });
      expect(a.sessions.role()).toBe('administrator');
      await expect(b.sessions.signIn('fin', 'finance keeps the books')).rejects.toThrow(/disabled/);
    });

    it('signs the team’s people in at a desk while the team database is away, with the password set last at another desk; changes wait for it; an administrator ends the session from another desk', async () => {
      const ann = (await a.people.list()).find((p) => p.login === 'ann')!;
      const kim = await a.people.addBy(ann, { login: 'kim', displayName: 'Kim', role: 'support', password: 'the first password of kim' });
      await a.people.setPassword(ann, kim.id, 'the second password of kim');
      // Desk B hears of the new password and takes it into its copy of the team's people.
      const team = new pg.Client({ connectionString: url });
      await team.connect();
      const copied = () => {
        const file = new Database(join(folders.get(b)!, 'app.sqlite'), { readonly: true });
        try {
          return (file.prepare("SELECT password FROM team_people WHERE login = 'kim'").get() as { password: string } | undefined)?.password;
        } finally {
          file.close();
        }
      };
      try {
        const kept = (await team.query<{ password: string }>("SELECT password FROM operators WHERE login = 'kim'")).rows[0]!.password;
        for (let i = 0; i < 200 && copied() !== kept; i++) await new Promise((r) => setTimeout(r, 10));
        expect(copied()).toBe(kept);
      } finally {
        await team.end();
      }
      const back = new Promise<void>((resolve) => {
        const stop = b.onTeamChange((change) => change === '*' && (stop(), resolve()));
      });
      await cluster.stop('immediate');
      try {
        await expect(b.sessions.signIn('kim', 'the first password of kim')).rejects.toThrow(/login or the password is wrong/);
        expect(await b.sessions.signIn('kim', 'the second password of kim')).toMatchObject({
          kind: 'active',
          operator: { role: 'support' },
        });
        // People change in the team's database only.
        await expect(
          b.people.addBy(ann, { login: 'lee', displayName: 'Lee', role: 'support', password: 'lee waits for the team' }),
        ).rejects.toMatchObject({
          problem: 'unreachable',
        });
      } finally {
        await cluster.start();
      }
      await back;
      // Back: the session signed in against the copy is the team's person's, and an administrator at desk A ends it.
      expect(b.sessions.current()).toMatchObject({ kind: 'active', operator: { id: kim.id } });
      await new Promise((r) => setTimeout(r, 300)); // B listening again
      await a.people.endSessions(ann, kim.id);
      for (let i = 0; i < 200 && b.sessions.current().kind !== 'signedOut'; i++) await new Promise((r) => setTimeout(r, 10));
      expect(b.sessions.current()).toEqual({ kind: 'signedOut' });
    });

    it('gives an empty team database the people of the first desk that joins it, and keeps a team’s people when another joins', async () => {
      const empty = await cluster.newDatabase();
      const vault = () => new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`);
      const alone = async (name: string, login: string) => {
        const folder = mkdtempSync(join(root, `${name}-`));
        const core = await AppCore.open({ dataFolder: folder, osUser: name, desk: name.toUpperCase(), vault: vault() });
        await core.people.addFirst({ login, displayName: login, role: 'administrator', password: `the password of ${login}` });
        await core.close();
        return folder;
      };
      const [first, second] = [await alone('fin-5', 'zoe'), await alone('fin-6', 'yan')];
      const joined = [
        await AppCore.open({ dataFolder: first, osUser: 'fin-5', desk: 'FIN-5', vault: vault(), teamDatabase: empty }),
        await AppCore.open({ dataFolder: second, osUser: 'fin-6', desk: 'FIN-6', vault: vault(), teamDatabase: empty }),
      ];
      try {
        for (const core of joined) expect((await core.people.list()).map((p) => p.login)).toEqual(['zoe']);
        expect(await joined[1]!.sessions.signIn('zoe', 'the password of zoe')).toMatchObject({ kind: 'active' });
        await expect(joined[1]!.sessions.signIn('yan', 'the password of yan')).rejects.toThrow(/login or the password is wrong/);
        await expect(
          joined[1]!.people.addFirst({ login: 'eve', displayName: 'Eve', role: 'administrator', password: 'eve claims the team' }),
        ).rejects.toThrow(/first administrator already/);
      } finally {
        for (const core of joined) await core.close();
      }
    });

    it('asks at desk A for a refund over the threshold; desk B sees it within a second and approves it; refunded once, never by its requester; the person’s saved views follow them', async () => {
      const ann = (await a.people.list()).find((p) => p.login === 'ann')!;
      await a.people.addBy(ann, { login: 'fay', displayName: 'Fay Asks', role: 'finance', password: 'fay asks for refunds' });
      await a.people.addBy(ann, { login: 'fred', displayName: 'Fred Approves', role: 'finance', password: 'fred approves refunds' });
      const heardAtB: AppEvent[] = [];
      const at = (core: AppCore) => {
        const events = new EventHub();
        if (core === b) events.subscribe((e) => heardAtB.push(e));
        const dispatch = createDispatcher(
          createHandlers({ core, events, app: { name: 'test', version: '0.0.0', shell: 'browser', dataFolder: root } }),
          () => undefined,
          sessionGuard(core),
        );
        return async <K extends ChannelName>(channel: K, input: Input<K>): Promise<Result<K>> => {
          const answer = (await dispatch(channel, input)) as Envelope<Result<K>>;
          if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
          return answer.value;
        };
      };
      const [atA, atB] = [at(a), at(b)];
      await atA('session.signIn', { login: 'fay', password: 'fay asks for refunds' });
      await atB('session.signIn', { login: 'fred', password: 'fred approves refunds' });
      // The team's threshold: set at desk A, read by desk B's journal in its own transaction.
      a.chargeLimits.setThreshold('custom', '643', 'refund', 1_000);
      try {
        const paid = await a.services.charges.charge(await card());
        if (paid.kind !== 'paid' || !paid.charge.orderId) throw new Error(`not paid: ${paid.kind}`);
        const orderId = paid.charge.orderId;
        await new Promise((r) => setTimeout(r, 300)); // B listening
        const asked = await atA('orders.refund', { environment: 'custom', orderId, amount: 5_000, reason: 'returned' });
        expect(asked).toMatchObject({ outcome: 'awaitingApproval', request: { amount: 5_000, mine: true } });
        const id = asked.request!.id;
        for (let i = 0; i < 100 && !heardAtB.some((e) => e.type === 'approvals.changed'); i++) await new Promise((r) => setTimeout(r, 10));
        expect(heardAtB).toContainEqual({ type: 'approvals.changed' });
        expect((await atB('approvals.list', { live: true })).find((r) => r.id === id)).toMatchObject({
          mine: false,
          requestedBy: { login: 'fay' },
          desk: 'FIN-1',
        });
        // The requester's own approval is refused by the team's store; a second request on the order, at either desk, too.
        expect(await atA('approvals.approve', { id })).toMatchObject({ result: { outcome: 'notSent', reason: { code: 'approval.own' } } });
        expect(await atB('orders.refund', { environment: 'custom', orderId, amount: 2_000 })).toMatchObject({
          outcome: 'notSent',
          reason: { code: 'approval.awaiting' },
        });
        const [approved, again] = await Promise.all([atB('approvals.approve', { id }), atB('approvals.approve', { id })]);
        expect([approved, again].map((r) => (r.action === 'refund' ? r.result.outcome : r.action)).sort()).toEqual(['done', 'notSent']);
        const refunded = await status(gateway, { orderId });
        expect(refunded.refunds).toHaveLength(1);
        expect(refunded.paymentAmountInfo.refundedAmount).toBe(5_000);

        // A person's saved views are theirs, and follow them to the other desk.
        const view = { period: { preset: '7d' }, filters: {}, sort: 'newest' } as const;
        await atA('period.views.save', { name: 'Refunds to approve', view });
        await atB('session.signIn', { login: 'fay', password: 'fay asks for refunds' });
        const named = async () => (await atB('period.views.list', {})).views.map((v) => v.name);
        for (let i = 0; i < 100 && !(await named()).includes('Refunds to approve'); i++) await new Promise((r) => setTimeout(r, 10));
        expect(await named()).toEqual(['Refunds to approve']);
      } finally {
        a.chargeLimits.setThreshold('custom', '643', 'refund', null);
        await atA('session.signOut', {});
        await atB('session.signOut', {});
      }
    });

    it('tells desk B, within a second, that desk A charged: its screens read the journal again', async () => {
      const heard: TeamChange[] = [];
      const stop = b.onTeamChange((change) => heard.push(change));
      try {
        await new Promise((r) => setTimeout(r, 300));
        expect((await a.services.charges.charge(await card())).kind).toBe('paid');
        for (let i = 0; i < 100 && !heard.includes('charge_journal'); i++) await new Promise((r) => setTimeout(r, 10));
        expect(heard).toContain('charge_journal');
      } finally {
        stop();
      }
    });

    it('tells desk B which order desk A refunded, within a second: B reads that order again, with the refund, outside its look-up history', async () => {
      const events = new EventHub();
      const orders: unknown[] = [];
      events.subscribe((e) => {
        if (e.type === 'orders.changed') orders.push(e.orders);
      });
      const dispatch = createDispatcher(
        createHandlers({ core: b, events, app: { name: 'test', version: '0.0.0', shell: 'browser', dataFolder: root } }),
        () => undefined,
      );
      const paid = await a.services.charges.charge(await card());
      if (paid.kind !== 'paid' || !paid.charge.orderId) throw new Error(`not paid: ${paid.kind}`);
      const orderId = paid.charge.orderId;
      const historyBefore = ((await dispatch('orders.history', {})) as { value: unknown[] }).value.length;
      await new Promise((r) => setTimeout(r, 300));
      orders.length = 0;
      expect((await a.services.operations.refund(orderId, 5_000)).kind).toBe('done');
      const named = () => orders.some((o) => Array.isArray(o) && o.some((r: { orderId: string }) => r.orderId === orderId));
      for (let i = 0; i < 100 && !named(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(orders).toContainEqual([{ environment: 'custom', orderId }]);
      expect(await dispatch('orders.lookup', { query: orderId, again: true })).toMatchObject({
        ok: true,
        value: { kind: 'found', order: { orderId, refundedAmount: 5_000 } },
      });
      expect(((await dispatch('orders.history', {})) as { value: unknown[] }).value).toHaveLength(historyBefore);
    });

    it('shows a card desk A disabled at desk B, which the gateway no longer lists, and lets desk B enable it again', async () => {
      const c = await card();
      const cards = (core: AppCore) =>
        new StoredCards({ environment: core.services.environment, bindings: core.services.bindings, known: core.knownBindings });
      expect((await cards(a).find({ clientId: c.clientId }, false)).map((k) => k.enabled)).toEqual([true]);
      await cards(a).disable(c.bindingId);
      expect(await cards(b).find({ clientId: c.clientId }, false)).toEqual([
        expect.objectContaining({ bindingId: c.bindingId, enabled: false, disabledAt: expect.any(Number) }),
      ]);
      expect(await cards(b).enable(c.bindingId)).toMatchObject({ listedByGateway: true, card: { enabled: true } });
      expect((await cards(a).find({ clientId: c.clientId }, false)).map((k) => k.enabled)).toEqual([true]);
      // The team database away: the gateway's list is still shown, and no card is disabled that no desk could find again.
      const back = new Promise<void>((resolve) => {
        const stop = b.onTeamChange((change) => change === '*' && (stop(), resolve()));
      });
      await cluster.stop('immediate');
      try {
        expect((await cards(b).find({ clientId: c.clientId }, false)).map((k) => k.bindingId)).toEqual([c.bindingId]);
        await expect(cards(b).disable(c.bindingId)).rejects.toMatchObject({ problem: 'unreachable' });
      } finally {
        await cluster.start();
      }
      // Desk B listens again (what the next tests hear) once it said that anything may have changed meanwhile.
      await back;
      expect((await cards(b).find({ clientId: c.clientId }, false)).map((k) => k.enabled)).toEqual([true]);
    });

    it('shows desk A’s signing key at desk B, not usable there until B imports the same pair: one key, signing from both', async () => {
      const pair = await generateSigningKeyPair({ commonName: 'team-merchant', days: 90 });
      const added = await a.keys.import('custom', pair.privateKeyPem, pair.certificatePem);
      await a.activateSigningKey(added.id);
      expect(await b.keys.list('custom')).toEqual([
        expect.objectContaining({ id: added.id, state: 'active', fingerprint256: added.fingerprint256, usableHere: false }),
      ]);
      // Desk B would sign with the team's active key, whose private key it lacks: said, never an unsigned request.
      await expect(b.keys.activeSigner('custom')).rejects.toThrow(/private key/i);
      const imported = await b.keys.import('custom', pair.privateKeyPem, pair.certificatePem);
      expect(imported).toMatchObject({ id: added.id, usableHere: true });
      expect((await b.keys.list('custom')).map((k) => [k.id, k.usableHere])).toEqual([[added.id, true]]);
      expect(await b.keys.activeSigner('custom')).toBeDefined();
      // Imported again where it is usable: refused, as on one desk.
      await expect(b.keys.import('custom', pair.privateKeyPem, pair.certificatePem)).rejects.toThrow(/already/i);
    });

    it('brings a desk’s own signing key and known cards to the team when it joins: the key usable there only, the team’s active key and known cards kept', async () => {
      const folder = mkdtempSync(join(root, 'joiner-'));
      const vault = new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`);
      const alone = await AppCore.open({ dataFolder: folder, osUser: 'fin-3', desk: 'FIN-3', vault });
      const pair = await generateSigningKeyPair({ commonName: 'joiner', days: 90 });
      const own = await alone.keys.import('custom', pair.privateKeyPem, pair.certificatePem);
      await alone.keys.activate('custom', own.id);
      // Cards this desk has seen: two the team does not know, and one it knows already (the team's kept).
      const seen = (bindingId: string, clientId: string) =>
        ({ environment: 'custom', bindingId, clientId, category: 'COMMON', maskedPan: '411111**1111', seenAt: 1 }) as const;
      const [newCard, otherNew, teamCard] = [randomUUID(), randomUUID(), randomUUID()];
      await b.knownBindings.seen(seen(teamCard, 'team-client'));
      for (const id of [newCard, otherNew, teamCard]) await alone.knownBindings.seen(seen(id, 'desk-client'));
      await alone.knownBindings.markDisabled('custom', otherNew, 2);
      await alone.close();
      const joined = await AppCore.open({ dataFolder: folder, osUser: 'fin-3', desk: 'FIN-3', vault, teamDatabase: url });
      try {
        const teamActive = (await b.keys.list('custom')).filter((k) => k.state === 'active');
        expect(await joined.keys.list('custom')).toContainEqual(expect.objectContaining({ id: own.id, usableHere: true }));
        expect(await b.keys.list('custom')).toContainEqual(expect.objectContaining({ id: own.id, usableHere: false }));
        // The team had an active key: the joining desk's own comes inactive, and the team's still signs.
        expect((await b.keys.list('custom')).filter((k) => k.state === 'active')).toEqual(teamActive);
        expect((await joined.keys.get('custom', own.id)).state).toBe(teamActive.length > 0 ? 'inactive' : 'active');
        expect(await b.knownBindings.get('custom', newCard)).toMatchObject({ clientId: 'desk-client' });
        expect(await b.knownBindings.disabledOf('custom', 'desk-client')).toMatchObject([{ bindingId: otherNew, disabledAt: 2 }]);
        expect(await b.knownBindings.get('custom', teamCard)).toMatchObject({ clientId: 'team-client' });
      } finally {
        await joined.close();
      }
    });

    it('shows desk A’s charge in desk B’s audit within a second, naming desk A; while the database is away, B’s own, said as such', async () => {
      const events = new EventHub();
      const heard: string[] = [];
      events.subscribe((e) => heard.push(e.type));
      const dispatch = createDispatcher(
        createHandlers({ core: b, events, app: { name: 'test', version: '0.0.0', shell: 'browser', dataFolder: root } }),
        () => undefined,
      );
      await new Promise((r) => setTimeout(r, 300));
      const paid = await a.services.charges.charge(await card());
      expect(paid.kind).toBe('paid');
      const orderNumber = (paid as { charge: { orderNumber: string } }).charge.orderNumber;
      const charged = () => dispatch('audit.query', { action: 'charge', objectId: orderNumber });
      for (let i = 0; i < 100 && ((await charged()) as { value: AuditPage }).value.entries.length === 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(await charged()).toMatchObject({ ok: true, value: { entries: [{ desk: 'FIN-1', osUser: 'fin-1', outcome: 'success' }] } });
      // And B's screens were told to read the log again.
      expect(heard).toContain('audit.changed');
      expect(await dispatch('audit.export', { objectId: orderNumber })).toMatchObject({
        ok: true,
        value: { content: expect.stringContaining(',fin-1,FIN-1,custom,charge,success,') },
      });

      await cluster.stop('immediate');
      try {
        const away = (await dispatch('audit.query', {})) as { ok: true; value: AuditPage };
        expect(away.value.thisDeskOnly).toBe(true);
        // This desk's own entries, and none of desk A's.
        expect(away.value.entries.length).toBeGreaterThan(0);
        expect(away.value.entries.filter((e) => e.osUser !== 'fin-2')).toEqual([]);
        // An export is the team's record: refused in words rather than passed off with one desk's part.
        expect(await dispatch('audit.export', {})).toMatchObject({ ok: false });
      } finally {
        await cluster.start();
      }
      expect(((await dispatch('audit.query', {})) as { ok: true; value: AuditPage }).value.thisDeskOnly).toBeUndefined();
    });

    it('holds a per-charge maximum desk A’s administrator lowers at desk B within a second, and keeps each desk’s own environment', async () => {
      const c = await card();
      a.chargeLimits.setMaximum('custom', '643', 100_00);
      try {
        for (let i = 0; i < 100 && b.chargeLimits.maximums('custom')['643'] !== 100_00; i++) await new Promise((r) => setTimeout(r, 10));
        expect(await b.services.charges.charge(c)).toMatchObject({ kind: 'refused', reason: { code: 'limit.over' } });
        expect(await paidFor(c.clientId)).toBe(0);
        expect(b.chargeLimits.maximums('custom')).toEqual({ '643': 100_00 });
        // The environment each desk is in is its own.
        expect([a.settings.general().environment, b.settings.general().environment]).toEqual(['custom', 'custom']);
      } finally {
        a.chargeLimits.setMaximum('custom', '643', 1_000_000);
        for (let i = 0; i < 100 && b.chargeLimits.maximums('custom')['643'] !== 1_000_000; i++) await new Promise((r) => setTimeout(r, 10));
      }
    });

    it('refuses money actions while the team database is away, looks orders up meanwhile, and charges again once it is back', async () => {
      const c = await card();
      const paid = await a.services.charges.charge(c);
      expect(paid.kind).toBe('paid');
      await cluster.stop('immediate');
      try {
        await expect(b.services.charges.charge({ ...c, amount: 100 })).rejects.toMatchObject({ problem: 'unreachable' });
        const orderNumber = (paid as { charge: { orderNumber: string } }).charge.orderNumber;
        expect(await b.services.orders.lookup(orderNumber)).toMatchObject({ kind: 'found', order: { paid: true } });
      } finally {
        await cluster.start();
      }
      expect(await paidFor(c.clientId)).toBe(1);
      expect((await b.services.charges.charge({ ...c, amount: 100 })).kind).toBe('paid');
    });

    it('opens a desk in its gateway environment while the team database is away, refusing money until it is back', async () => {
      const url = await cluster.newDatabase();
      await cluster.stop('immediate');
      let c: AppCore | undefined;
      try {
        // The open charges and operations cannot be reconciled yet; the environment opens all the same.
        c = await desk('fin-3', url);
        expect(c.services.environment).toBe('custom');
        await expect(c.services.charges.charge({ ...(await card()), amount: 100 })).rejects.toMatchObject({ problem: 'unreachable' });
      } finally {
        await cluster.start();
        await c?.settings.clearCredential('custom', 'token');
        await c?.close();
      }
    });
  });
});
