/**
 * The people store's contract (issue 29), on a desk's SQLite file and on the team's PostgreSQL: every rule
 * holds in the write transaction, on the rows as they are, also when two processes or two desks write at
 * once. Passwords here are hashes as the store keeps them; verifying them is the sign-in's (services).
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { FREE_ATTEMPTS, waitAfter } from '../../main/domain/attempts.js';
import type { Role } from '../../main/domain/roles.js';
import type { PasswordHash } from '../../main/security/passwordHash.js';
import type { NewOperator } from '../../main/store/operators.js';
import { StoreError } from '../../main/store/errors.js';
import { ENGINES, type Desk } from './journalEngines.js';

const HASH: PasswordHash = { salt: 'c2FsdHNhbHRzYWx0c2FsdA==', key: 'a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5', N: 2 ** 14, r: 8, p: 1 };
const person = (login: string, role: Role = 'finance'): NewOperator => ({ login, displayName: `Person ${login}`, role, password: HASH });

for (const engine of ENGINES)
  engine.describe(`the people store on ${engine.name}`, () => {
    const open: Desk[] = [];
    beforeAll(() => engine.start(), 60_000);
    afterEach(async () => {
      for (const d of open.splice(0)) await d.close();
    });
    afterAll(() => engine.stop());
    /** Two connections to a fresh store: two processes on one file, or two desks on one server. */
    const fresh = async (): Promise<[Desk, Desk]> => {
      const store = await engine.fresh();
      const desks: [Desk, Desk] = [await store.desk(), await store.desk()];
      open.push(...desks);
      return desks;
    };
    const added = async (d: Desk, o: NewOperator, by: Role | 'first' = 'administrator') => {
      const out = await d.operators.add(o, by, 1_000);
      if (out.kind !== 'done') throw new Error(`not added: ${out.refusal}`);
      return out.value;
    };

    it('makes the first account only while there is none, and only an administrator; then nobody is first again', async () => {
      const [a, b] = await fresh();
      expect(await a.operators.count()).toBe(0);
      expect(await b.operators.count()).toBe(0);
      expect(await a.operators.add(person('fin', 'finance'), 'first', 1)).toEqual({ kind: 'refused', refusal: 'notFirst' });
      // Two desks starting fresh at once: one first administrator.
      const both = await Promise.all([
        a.operators.add(person('ann', 'administrator'), 'first', 1),
        b.operators.add(person('bob', 'administrator'), 'first', 1),
      ]);
      expect(both.map((o) => o.kind).sort()).toEqual(['done', 'refused']);
      expect(await b.operators.count()).toBe(1);
    });

    it('keeps a login one person’s, and lists everyone without their password', async () => {
      const [a, b] = await fresh();
      const ann = await added(a, person('ann', 'administrator'), 'first');
      expect(ann).toEqual({ id: expect.any(String), login: 'ann', displayName: 'Person ann', role: 'administrator', createdAt: 1_000 });
      expect(await b.operators.add(person('ann'), 'administrator', 2)).toEqual({ kind: 'refused', refusal: 'loginTaken' });
      await added(b, person('zed', 'support'));
      expect((await a.operators.list()).map((o) => o.login)).toEqual(['ann', 'zed']);
      expect(JSON.stringify(await a.operators.list())).not.toContain(HASH.key);
      expect(await b.operators.get(ann.id)).toEqual(ann);
    });

    it('lets nobody grant a role above their own, nor change an account above it', async () => {
      const [a] = await fresh();
      const ann = await added(a, person('ann', 'administrator'), 'first');
      const fin = await added(a, person('fin', 'finance'));
      expect(await a.operators.add(person('boss', 'administrator'), 'finance', 2)).toEqual({ kind: 'refused', refusal: 'aboveOwnRole' });
      expect(await a.operators.change(fin.id, { role: 'administrator' }, 'finance', 2)).toEqual({
        kind: 'refused',
        refusal: 'aboveOwnRole',
      });
      expect(await a.operators.change(ann.id, { displayName: 'Not Ann' }, 'finance', 2)).toEqual({
        kind: 'refused',
        refusal: 'aboveOwnRole',
      });
      expect(await a.operators.change(fin.id, { role: 'support', displayName: 'Fin' }, 'administrator', 3)).toMatchObject({
        kind: 'done',
        value: { before: { role: 'finance' }, after: { role: 'support', displayName: 'Fin' } },
      });
      expect(await a.operators.change('no-such-id', { active: false }, 'administrator', 3)).toEqual({
        kind: 'refused',
        refusal: 'notFound',
      });
    });

    it('keeps the last active administrator: two desks disabling one of the last two each, at once, disable one', async () => {
      const [a, b] = await fresh();
      const ann = await added(a, person('ann', 'administrator'), 'first');
      expect(await a.operators.change(ann.id, { role: 'finance' }, 'administrator', 2)).toEqual({
        kind: 'refused',
        refusal: 'lastAdministrator',
      });
      expect(await a.operators.change(ann.id, { active: false }, 'administrator', 2)).toEqual({
        kind: 'refused',
        refusal: 'lastAdministrator',
      });
      const bob = await added(a, person('bob', 'administrator'));
      await b.operators.count(); // each desk connected already, so that neither starts late
      const both = await Promise.all([
        a.operators.change(ann.id, { active: false }, 'administrator', 3),
        b.operators.change(bob.id, { active: false }, 'administrator', 3),
      ]);
      expect(both.map((o) => (o.kind === 'done' ? 'done' : o.refusal)).sort()).toEqual(['done', 'lastAdministrator']);
      const disabled = both.find((o) => o.kind === 'done')!;
      if (disabled.kind === 'done') expect(disabled.value.after.disabledAt).toBe(3);
      // Enabled again, the other can go.
      const other = disabled.kind === 'done' && disabled.value.after.id === ann.id ? bob : ann;
      const back = disabled.kind === 'done' ? disabled.value.after.id : '';
      expect((await b.operators.change(back, { active: true }, 'administrator', 4)).kind).toBe('done');
      expect(await b.operators.get(back)).not.toHaveProperty('disabledAt');
      expect((await a.operators.change(other.id, { active: false }, 'administrator', 5)).kind).toBe('done');
    });

    it('counts an attempt as wrong before its password is checked: attempts at once from two desks cannot outrun the wait', async () => {
      const [a, b] = await fresh();
      const fin = await added(a, person('fin', 'finance'), 'administrator');
      expect(await a.operators.beginAttempt('nobody', 10)).toEqual({ kind: 'noAccount' });
      expect(await b.operators.beginAttempt('nobody', 10)).toEqual({ kind: 'noAccount' });
      // On the server the wait is counted on its clock: the desks' `at` is not read there.
      const at = engine.name === 'SQLite' ? 10_000 : Date.now();
      const attempts = await Promise.all(
        Array.from({ length: 2 * FREE_ATTEMPTS }, (_, i) => (i % 2 ? a : b).operators.beginAttempt('fin', at)),
      );
      expect(attempts.filter((t) => t.kind === 'check')).toHaveLength(FREE_ATTEMPTS);
      expect(attempts.filter((t) => t.kind === 'wait')).toHaveLength(FREE_ATTEMPTS);
      const waits = attempts.flatMap((t) => (t.kind === 'wait' ? [t.waitMs] : []));
      for (const w of waits) expect(w).toBeGreaterThan(waitAfter(FREE_ATTEMPTS) - 5_000);
      expect(attempts.find((t) => t.kind === 'check')).toEqual({ kind: 'check', operator: fin, password: HASH });
      // A right password forgives the wrong ones; the next attempt is checked at once.
      await a.operators.signedIn(fin.id);
      expect((await b.operators.beginAttempt('fin', at)).kind).toBe('check');
      // A new password starts afresh too.
      expect(await a.operators.setPassword(fin.id, { ...HASH, key: 'bmV3a2V5bmV3a2V5bmV3a2V5' }, at)).toBe(true);
      expect(await b.operators.beginAttempt('fin', at)).toMatchObject({ kind: 'check', password: { key: 'bmV3a2V5bmV3a2V5bmV3a2V5' } });
    });

    it('refuses to sign in against a damaged password record, as a damaged store, not as a password that matches', async () => {
      const [a, b] = await fresh();
      const fin = await added(a, person('fin', 'finance'));
      await a.exec('UPDATE operators SET password = ? WHERE id = ?', ['{"salt":"x","key":"y","N":1073741824,"r":8,"p":1}', fin.id]);
      await expect(b.operators.beginAttempt('fin', 1)).rejects.toThrow(StoreError);
      await a.exec('UPDATE operators SET password = ? WHERE id = ?', ['not json', fin.id]);
      await expect(b.operators.beginAttempt('fin', 1)).rejects.toThrow(/damaged/i);
    });
  });
