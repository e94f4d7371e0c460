/**
 * Two-factor sign-in across two desks of one team (each a whole AppCore on its own data folder and its own
 * keychain service, sharing one PostgreSQL): the first desk to enrol gives the empty team its key, a desk that
 * joined later holds no key and refuses the code in words until an administrator enters the key read out at the
 * first desk, a wrong key is refused, and while the team database is away a desk signs in against its copy of
 * the team's people with a code, but not with a recovery code. Needs the real keychain and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operator } from '../../main/domain/operators.js';
import { AppCore } from '../../main/services/appCore.js';
import { Vault } from '../../main/vault/vault.js';
import { Authenticator } from '../authenticator.js';
import { eventually } from '../store/eventually.js';
import { describePostgres, startPostgres, type PostgresCluster } from '../store/postgresCluster.js';

const keychainReady = process.env.KEYCHAIN_TESTS === '1';
const root = mkdtempSync(join(tmpdir(), 'team-two-factor-'));
const ANN = { login: 'ann', displayName: 'Ann', password: 'the password of ann, administrator' };

describePostgres('two-factor sign-in at two desks of one team', () => {
  describe.runIf(keychainReady)('with the team key in each desk’s keychain', { timeout: 120_000 }, () => {
    let cluster: PostgresCluster;
    let url: string;
    let a: AppCore;
    let b: AppCore;
    let ann: Operator;
    let phone = new Authenticator('');
    let recoveryCodes: string[] = [];
    const desk = async (name: string) =>
      AppCore.open({
        dataFolder: mkdtempSync(join(root, `${name}-`)),
        osUser: name,
        desk: name.toUpperCase(),
        vault: new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`),
        teamDatabase: url,
      });

    beforeAll(async () => {
      cluster = await startPostgres();
      url = await cluster.newDatabase();
      a = await desk('desk-a');
      ann = await a.people.addFirst({ ...ANN, role: 'administrator' });
      await a.sessions.signIn(ANN.login, ANN.password);
    }, 60_000);
    afterAll(async () => {
      for (const core of [a, b]) await core?.close();
      await cluster?.destroy();
      rmSync(root, { recursive: true, force: true });
    });

    it('gives the empty team the key of the first desk to enrol, and a desk joining later knows it lacks it', async () => {
      phone = new Authenticator((await a.twoFactor.begin(ann)).secret);
      recoveryCodes = await a.twoFactor.confirm(ann, await phone.fresh());
      expect(await a.teamKey.held()).toBe(true);
      b = await desk('desk-b');
      // The team's check value reaches desk B with the team's other settings; the key itself never does.
      await eventually(() => b.teamKey.check() !== undefined && b.teamKey.check() === a.teamKey.check());
      expect(await b.teamKey.held()).toBe(false);
    });

    it('refuses a code at the desk without the key, in words, and takes the key read out at the other desk', async () => {
      expect(await b.sessions.signIn(ANN.login, ANN.password)).toMatchObject({ kind: 'secondFactor', step: 'code' });
      const code = await phone.fresh();
      await expect(b.sessions.secondStep((o) => b.twoFactor.prove(o, code))).rejects.toMatchObject({
        reason: 'teamKey',
        said: [{ code: 'twoFactor.noTeamKey' }],
      });
      await expect(b.twoFactor.enterTeamKey(ann, 'A'.repeat(52))).rejects.toMatchObject({ said: [{ code: 'twoFactor.notTeamKey' }] });
      const key = await a.twoFactor.teamKeyText(ann, ANN.password);
      await b.twoFactor.enterTeamKey(ann, key);
      expect(await b.teamKey.held()).toBe(true);
      const next = await phone.fresh();
      await b.sessions.secondStep((o) => b.twoFactor.prove(o, next));
      expect(b.sessions.current()).toMatchObject({ kind: 'active', operator: { login: ANN.login, twoFactor: true } });
      // That code signed in at desk B: desk A does not take it again.
      await a.sessions.signOut();
      await a.sessions.signIn(ANN.login, ANN.password);
      await expect(a.sessions.secondStep((o) => a.twoFactor.prove(o, next))).rejects.toMatchObject({
        said: [{ code: 'twoFactor.wrongCode' }],
      });
    });

    it('signs in against the desk’s copy with a code while the team database is away, but waits for it to spend a recovery code', async () => {
      await b.sessions.signOut();
      await cluster.stop('immediate');
      try {
        expect(await b.sessions.signIn(ANN.login, ANN.password)).toMatchObject({ kind: 'secondFactor', step: 'code' });
        await expect(b.sessions.secondStep((o) => b.twoFactor.prove(o, recoveryCodes[0]!))).rejects.toMatchObject({
          said: [{ code: 'twoFactor.recoveryAway' }],
        });
        const code = await phone.fresh();
        await b.sessions.secondStep((o) => b.twoFactor.prove(o, code));
        expect(b.sessions.current()).toMatchObject({ kind: 'active', operator: { login: ANN.login } });
      } finally {
        await cluster.start();
      }
    });
  });
});
