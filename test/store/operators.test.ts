/**
 * The people store's contract (issue 29), on a desk's SQLite file and on the team's PostgreSQL: every rule
 * holds in the write transaction, on the rows as they are then. On PostgreSQL the two desks write at once,
 * and each rule's test fails without its lock; a desk's file is one process's (the data folder's lock), so
 * there the two connections take turns. Passwords here are hashes as the store keeps them; verifying them is
 * the sign-in's (services).
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { FREE_ATTEMPTS, waitAfter } from '../../main/domain/attempts.js';
import type { Operator } from '../../main/domain/operators.js';
import type { Role } from '../../main/domain/roles.js';
import type { PasswordHash } from '../../main/security/passwordHash.js';
import type { AddedBy, NewOperator } from '../../main/store/operators.js';
import { StoreError } from '../../main/store/errors.js';
import { ENGINES, type Desk } from './journalEngines.js';

const HASH: PasswordHash = { salt: 'c2FsdHNhbHRzYWx0c2FsdA==', key: 'a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5', N: 2 ** 14, r: 8, p: 1 };
const person = (login: string, role: Role = 'finance'): NewOperator => ({ login, displayName: `Person ${login}`, role, password: HASH });
const HOUR = 3_600_000;

for (const engine of ENGINES)
  engine.describe(`the people store on ${engine.name}`, () => {
    const open: Desk[] = [];
    beforeAll(() => engine.start(), 60_000);
    afterEach(async () => {
      for (const d of open.splice(0)) await d.close();
    });
    afterAll(() => engine.stop());
    /** Two connections to a fresh store, each connected already: two desks on one server, or two on one file. */
    const fresh = async (): Promise<[Desk, Desk]> => {
      const store = await engine.fresh();
      const desks: [Desk, Desk] = [await store.desk(), await store.desk()];
      open.push(...desks);
      for (const d of desks) await d.operators.count();
      return desks;
    };
    const added = async (d: Desk, o: NewOperator, by: AddedBy) => {
      const out = await d.operators.add(o, by, 1_000);
      if (out.kind !== 'done') throw new Error(`not added: ${out.refusal}`);
      return out.value;
    };
    /** A store with its first administrator, and a finance person. */
    const staffed = async (): Promise<{ a: Desk; b: Desk; ann: Operator; fin: Operator }> => {
      const [a, b] = await fresh();
      const ann = await added(a, person('ann', 'administrator'), 'first');
      const fin = await added(a, person('fin', 'finance'), ann);
      return { a, b, ann, fin };
    };

    it('makes the first account only while there is none, and only an administrator; then nobody is first again', async () => {
      const [a, b] = await fresh();
      expect(await a.operators.count()).toBe(0);
      expect(await a.operators.add(person('fin', 'finance'), 'first', 1)).toEqual({ kind: 'refused', refusal: 'notFirst' });
      // Two desks starting fresh at once: one first administrator.
      const both = await Promise.all([
        a.operators.add(person('ann', 'administrator'), 'first', 1),
        b.operators.add(person('bob', 'administrator'), 'first', 1),
      ]);
      expect(both.map((o) => o.kind).sort()).toEqual(['done', 'refused']);
      expect(await b.operators.count()).toBe(1);
    });

    it('keeps a login one person’s, and lists everyone by login without their password', async () => {
      const { a, b, ann } = await staffed();
      expect(ann).toEqual({
        id: expect.any(String),
        login: 'ann',
        displayName: 'Person ann',
        role: 'administrator',
        createdAt: 1_000,
        sessionsEnded: 0,
        twoFactor: false,
      });
      expect(await b.operators.add(person('ann'), ann, 2)).toEqual({ kind: 'refused', refusal: 'loginTaken' });
      await added(b, { ...person('abe', 'support'), displayName: 'Zed Abe' }, ann);
      expect((await a.operators.list()).map((o) => o.login)).toEqual(['abe', 'ann', 'fin']);
      expect(JSON.stringify(await a.operators.list())).not.toContain(HASH.key);
      expect(await b.operators.get(ann.id)).toEqual(ann);
    });

    it('lets only an active administrator, as the store has them in the transaction, manage people', async () => {
      const { a, b, ann, fin } = await staffed();
      expect(await a.operators.add(person('boss', 'administrator'), fin, 2)).toEqual({ kind: 'refused', refusal: 'notAdministrator' });
      expect(await a.operators.change(fin.id, { role: 'administrator' }, fin.id, 2)).toEqual({
        kind: 'refused',
        refusal: 'notAdministrator',
      });
      expect(await a.operators.add(person('ghost'), { id: 'no-such-id' }, 2)).toEqual({ kind: 'refused', refusal: 'notAdministrator' });
      // Someone else's password is an active administrator's to set; one's own is one's own.
      expect(await a.operators.setPassword(ann.id, HASH, 2, fin.id)).toEqual({ kind: 'refused', refusal: 'notAdministrator' });
      expect(await a.operators.setPassword(fin.id, HASH, 2, fin.id)).toMatchObject({ kind: 'done', value: { login: 'fin' } });
      expect(await a.operators.setPassword('no-such-id', HASH, 2, ann.id)).toEqual({ kind: 'refused', refusal: 'notFound' });
      // An administrator disabled at another desk a moment ago: what their own desk remembers of them counts for nothing.
      const bob = await added(a, person('bob', 'administrator'), ann);
      expect((await b.operators.change(bob.id, { active: false }, ann.id, 3)).kind).toBe('done');
      expect(await a.operators.add(person('eve'), bob, 4)).toEqual({ kind: 'refused', refusal: 'notAdministrator' });
      expect(await a.operators.change(fin.id, { active: false }, bob.id, 4)).toEqual({ kind: 'refused', refusal: 'notAdministrator' });
      expect(await a.operators.setPassword(fin.id, HASH, 4, bob.id)).toEqual({ kind: 'refused', refusal: 'notAdministrator' });
      // An administrator demoted themselves: from then on they manage nobody.
      expect((await a.operators.change(bob.id, { active: true }, ann.id, 5)).kind).toBe('done');
      expect((await a.operators.change(bob.id, { role: 'finance' }, bob.id, 6)).kind).toBe('done');
      expect(await a.operators.change(fin.id, { displayName: 'x' }, bob.id, 7)).toEqual({ kind: 'refused', refusal: 'notAdministrator' });
      expect(await a.operators.change('no-such-id', { active: false }, ann.id, 3)).toEqual({ kind: 'refused', refusal: 'notFound' });
    });

    it('ends a person’s sessions by counting, for an active administrator only: two ends at once at two desks are two', async () => {
      const { a, b, ann, fin } = await staffed();
      expect(await a.operators.endSessions(ann.id, fin.id, 2)).toEqual({ kind: 'refused', refusal: 'notAdministrator' });
      expect(await a.operators.endSessions('no-such-id', ann.id, 2)).toEqual({ kind: 'refused', refusal: 'notFound' });
      const both = await Promise.all([a.operators.endSessions(fin.id, ann.id, 3), b.operators.endSessions(fin.id, ann.id, 3)]);
      expect(both.map((o) => (o.kind === 'done' ? o.value.sessionsEnded : o.refusal)).sort()).toEqual([1, 2]);
      expect(await b.operators.get(fin.id)).toMatchObject({ sessionsEnded: 2, role: 'finance' });
      // An administrator may end their own, at every other desk too.
      expect(await a.operators.endSessions(ann.id, ann.id, 4)).toMatchObject({ kind: 'done', value: { sessionsEnded: 1 } });
    });

    it('keeps the last active administrator: the last two stepping down at two desks at once, one stays', async () => {
      const { a, b, ann } = await staffed();
      expect(await a.operators.change(ann.id, { role: 'finance' }, ann.id, 2)).toEqual({ kind: 'refused', refusal: 'lastAdministrator' });
      expect(await a.operators.change(ann.id, { active: false }, ann.id, 2)).toEqual({ kind: 'refused', refusal: 'lastAdministrator' });
      expect(await a.operators.change(ann.id, { role: 'finance', active: true }, ann.id, 2)).toEqual({
        kind: 'refused',
        refusal: 'lastAdministrator',
      });
      const bob = await added(a, person('bob', 'administrator'), ann);
      // Each steps down at their own desk at the same moment.
      const both = await Promise.all([
        a.operators.change(ann.id, { active: false }, ann.id, 3),
        b.operators.change(bob.id, { active: false }, bob.id, 3),
      ]);
      expect(both.map((o) => (o.kind === 'done' ? 'done' : o.refusal)).sort()).toEqual(['done', 'lastAdministrator']);
      const disabled = both.find((o) => o.kind === 'done');
      if (disabled?.kind !== 'done') throw new Error('none disabled');
      expect(disabled.value.after.disabledAt).toBe(3);
      // Enabled again by the one left, the other can go.
      const [gone, left] = disabled.value.after.id === ann.id ? [ann, bob] : [bob, ann];
      expect((await b.operators.change(gone.id, { active: true }, left.id, 4)).kind).toBe('done');
      expect(await b.operators.get(gone.id)).not.toHaveProperty('disabledAt');
      expect((await a.operators.change(left.id, { active: false }, gone.id, 5)).kind).toBe('done');
    });

    it('counts an attempt as wrong before its password is checked, per login: attempts at once from two desks cannot outrun the wait', async () => {
      const { a, b, fin } = await staffed();
      // On the server the wait is the server's clock: the desks' clocks, hours off, are not read there.
      const at = engine.name === 'SQLite' ? 10_000 : Date.now() - 5 * HOUR;
      const attempts = await Promise.all(
        Array.from({ length: 2 * FREE_ATTEMPTS }, (_, i) => (i % 2 ? a : b).operators.beginAttempt('fin', at)),
      );
      expect(attempts.filter((t) => t.kind === 'check')).toHaveLength(FREE_ATTEMPTS);
      expect(attempts.filter((t) => t.kind === 'wait')).toHaveLength(FREE_ATTEMPTS);
      for (const t of attempts) if (t.kind === 'wait') expect(t.waitMs).toBeGreaterThan(waitAfter(FREE_ATTEMPTS) - 5_000);
      expect(attempts.find((t) => t.kind === 'check')).toEqual({ kind: 'check', operator: fin, password: HASH });
      // A right password forgives the wrong ones; the next attempt is checked at once.
      await a.operators.signedIn('fin');
      expect((await b.operators.beginAttempt('fin', at)).kind).toBe('check');
      // A new password starts afresh too.
      for (let i = 0; i < FREE_ATTEMPTS; i++) await a.operators.beginAttempt('fin', at);
      expect((await a.operators.beginAttempt('fin', at)).kind).toBe('wait');
      expect(await a.operators.setPassword(fin.id, { ...HASH, key: 'bmV3a2V5bmV3a2V5bmV3a2V5' }, at, fin.id)).toMatchObject({
        kind: 'done',
      });
      expect(await b.operators.beginAttempt('fin', at)).toMatchObject({ kind: 'check', password: { key: 'bmV3a2V5bmV3a2V5bmV3a2V5' } });
    });

    it('makes a login nobody has wait as one somebody has, so the wait does not tell which logins exist', async () => {
      const { a } = await staffed();
      const at = engine.name === 'SQLite' ? 10_000 : Date.now();
      const tries = async (login: string) => {
        const kinds: string[] = [];
        for (let i = 0; i <= FREE_ATTEMPTS; i++) kinds.push((await a.operators.beginAttempt(login, at)).kind);
        return kinds;
      };
      expect(await tries('fin')).toEqual([...Array<string>(FREE_ATTEMPTS).fill('check'), 'wait']);
      expect(await tries('nobody')).toEqual([...Array<string>(FREE_ATTEMPTS).fill('noAccount'), 'wait']);
    });

    it('keeps a second factor sealed, for its person or an administrator to set, and spends each code and recovery code once', async () => {
      const { a, b, ann, fin } = await staffed();
      const factor = { sealed: 'v1.sealed-for-fin', recoveryCodes: ' aaaa bbbb cccc ' };
      expect(await a.operators.secondFactor(fin.id)).toBeUndefined();
      // Not someone else's but an administrator's; not an account above one's own.
      const sup = await added(a, person('sup', 'support'), ann);
      expect(await a.operators.setSecondFactor(fin.id, factor, sup.id, 2)).toEqual({ kind: 'refused', refusal: 'notAdministrator' });
      expect(await a.operators.setSecondFactor('no-such-id', factor, ann.id, 2)).toEqual({ kind: 'refused', refusal: 'notFound' });
      expect(await a.operators.setSecondFactor(fin.id, factor, fin.id, 2)).toMatchObject({ kind: 'done', value: { twoFactor: true } });
      expect(await b.operators.get(fin.id)).toMatchObject({ twoFactor: true });
      expect(await b.operators.secondFactor(fin.id)).toEqual({ ...factor, recoveryCodesLeft: 3 });
      expect(JSON.stringify(await b.operators.list())).not.toContain('sealed-for-fin');
      // A step spent at two desks at once signs in once; an earlier step after a later one, never.
      const both = await Promise.all([a.operators.spendStep(fin.id, 100), b.operators.spendStep(fin.id, 100)]);
      expect(both.sort()).toEqual([false, true]);
      expect(await a.operators.spendStep(fin.id, 99)).toBe(false);
      expect(await a.operators.spendStep(fin.id, 101)).toBe(true);
      // A recovery code likewise, and the others stay.
      const codes = await Promise.all([a.operators.spendRecoveryCode(fin.id, 'bbbb'), b.operators.spendRecoveryCode(fin.id, 'bbbb')]);
      expect(codes.sort()).toEqual([false, true]);
      expect(await a.operators.spendRecoveryCode(fin.id, 'bbb')).toBe(false);
      expect(await a.operators.spendRecoveryCode(fin.id, '%')).toBe(false);
      expect(await b.operators.secondFactor(fin.id)).toMatchObject({ recoveryCodesLeft: 2 });
      // Reset by an administrator: nothing is left of it, and a new enrolment starts with no step spent.
      expect(await b.operators.setSecondFactor(fin.id, null, ann.id, 3)).toMatchObject({ kind: 'done', value: { twoFactor: false } });
      expect(await a.operators.secondFactor(fin.id)).toBeUndefined();
      expect(await a.operators.spendStep(fin.id, 200)).toBe(false);
      expect(await a.operators.spendRecoveryCode(fin.id, 'aaaa')).toBe(false);
      await a.operators.setSecondFactor(fin.id, factor, fin.id, 4);
      expect(await a.operators.spendStep(fin.id, 50)).toBe(true);
    });

    it('refuses to sign in against a damaged password record, as a damaged store, not as a password that matches', async () => {
      const { a, b, fin } = await staffed();
      await a.exec('UPDATE operators SET password = ? WHERE id = ?', ['{"salt":"x","key":"y","N":1073741824,"r":8,"p":1}', fin.id]);
      await expect(b.operators.beginAttempt('fin', 1)).rejects.toThrow(StoreError);
      await a.exec('UPDATE operators SET password = ? WHERE id = ?', ['not json', fin.id]);
      await expect(b.operators.beginAttempt('fin', 1)).rejects.toThrow(/damaged/i);
    });
  });
