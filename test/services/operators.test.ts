/**
 * Signing in and managing people (issue 29's operators), over a real SQLite file and real scrypt at OWASP's
 * parameters: the words a person reads, what the audit keeps (never a password), and the rules the store
 * holds for them (its contract runs on both engines in test/store/operators.test.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_ATTEMPTS, waitAfter } from '../../main/domain/attempts.js';
import type { Operator } from '../../main/domain/operators.js';
import { english } from '../../main/phrases/english.js';
import { OperatorError, OperatorService } from '../../main/services/operators.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SqliteOperators } from '../../main/store/operators.js';
import { cardSpellings } from '../domain/cardRuns.js';

const PASSWORDS = { ann: 'correct horse battery staple', fin: 'finance keeps the books', sam: 'support answers the phone' };
let dir: string;
let db: Db;
let audit: AuditRepository;
let people: OperatorService;
const clock = { now: Date.UTC(2026, 11, 5, 9) };
let ann: Operator;
let fin: Operator;

/** The refusal's reason and its English, from a call that must be refused. */
async function refused(call: Promise<unknown>): Promise<{ reason: string; words: string }> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof OperatorError)) throw new Error(`not refused as an OperatorError: ${String(err)}`);
  return { reason: err.reason, words: english(err.said) };
}

const entries = (login: string) => audit.query({ objectId: login }).map((e) => `${e.action}:${e.outcome}`);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'operators-'));
  db = openDatabase(join(dir, 'app.sqlite'));
  audit = new AuditRepository(db);
  const store = new SqliteOperators(db);
  people = new OperatorService({
    store: () => store,
    audit,
    osUser: 'desk-user',
    environment: () => 'sandbox',
    now: () => clock.now,
  });
  expect(await people.fresh()).toBe(true);
  ann = await people.addFirst({ login: '  Ann.Smith ', displayName: 'Ann Smith', role: 'administrator', password: PASSWORDS.ann });
  fin = await people.addBy(ann, { login: 'fin', displayName: 'Finn', role: 'finance', password: PASSWORDS.fin });
}, 30_000);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the first administrator and the people an administrator adds', () => {
  it('keeps a login in lower case however it is typed, and makes the first administrator only once', async () => {
    expect(ann).toMatchObject({ login: 'ann.smith', displayName: 'Ann Smith', role: 'administrator' });
    expect(await people.fresh()).toBe(false);
    expect(
      await refused(people.addFirst({ login: 'eve', displayName: 'Eve', role: 'administrator', password: 'a long enough password' })),
    ).toEqual({
      reason: 'notFirst',
      words: 'The app has its first administrator already: sign in, or ask an administrator for an account',
    });
    expect(entries('eve')).toEqual(['operator.add:refused']);
    expect(entries('fin')).toEqual(['operator.add:success']);
  });

  it('refuses a card number in a login or a name, in any spelling, before anything is written', async () => {
    const before = (await people.list()).length;
    for (const spelling of cardSpellings('4111111111111111').slice(0, 8)) {
      expect(
        (await refused(people.addBy(ann, { login: spelling, displayName: 'Card', role: 'support', password: PASSWORDS.sam }))).reason,
      ).toBe('input');
      expect(
        (await refused(people.addBy(ann, { login: 'card', displayName: `Card ${spelling}`, role: 'support', password: PASSWORDS.sam })))
          .words,
      ).toBe('A login or a name cannot hold a card number');
    }
    expect(await people.list()).toHaveLength(before);
  });

  it('refuses a login out of form, a short password and a taken login, in words', async () => {
    const add = (login: string, password = PASSWORDS.sam) =>
      refused(people.addBy(ann, { login, displayName: 'Sam', role: 'support', password }));
    expect((await add('s')).reason).toBe('input');
    expect((await add('sam smith')).reason).toBe('input');
    expect((await add('sam', 'short')).words).toBe('A password has at least 12 characters');
    expect(await add('FIN')).toEqual({ reason: 'loginTaken', words: 'The login fin is taken' });
  });

  it('lets only an active administrator manage people, and refuses a change that is not one, in words', async () => {
    expect(
      await refused(people.addBy(fin, { login: 'boss', displayName: 'Boss', role: 'administrator', password: PASSWORDS.sam })),
    ).toEqual({
      reason: 'notAdministrator',
      words: 'Only an active administrator can manage people',
    });
    expect(entries('boss')).toEqual(['operator.add:refused']);
    // What a crafted call could pass: a null where a boolean goes, a role that is none, a field that is no field.
    for (const change of [{ active: null }, { role: 'owner' }, { active: 'false' }, { password: 'x' }])
      expect((await refused(people.change(ann, fin.id, change as never))).reason).toBe('input');
    expect((await people.get(fin.id))?.disabledAt).toBeUndefined();
  });
});

describe('signing in', () => {
  it('signs a person in with the right password, and says the same for a wrong one and a login nobody has', async () => {
    expect(await people.signIn('FIN', PASSWORDS.fin)).toEqual(fin);
    const wrong = await refused(people.signIn('fin', 'not the password at all'));
    const nobody = await refused(people.signIn('nobody', PASSWORDS.fin));
    expect(wrong).toEqual({ reason: 'wrong', words: 'The login or the password is wrong' });
    expect(nobody).toEqual(wrong);
    expect(entries('fin').slice(0, 2)).toEqual(['operator.signIn:failure', 'operator.signIn:success']);
    expect(entries('nobody')).toEqual(['operator.signIn:failure']);
  });

  it('keeps no typed text that cannot be a login in the audit: it may be a password typed in the wrong field', async () => {
    const typed = 'my secret password 2026!';
    expect((await refused(people.signIn(typed, typed))).reason).toBe('wrong');
    expect(JSON.stringify(audit.query({ action: 'operator.signIn' }))).not.toContain('secret password');
    expect(entries('(not a login)')).toEqual(['operator.signIn:failure']);
  });

  it('makes the next attempt wait after wrong passwords in a row, checking nothing, not even the right one; then lets it in', async () => {
    await people.signIn('fin', PASSWORDS.fin); // none wrong in a row
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await refused(people.signIn('fin', `wrong ${i} password`))).reason).toBe('wrong');
    const waiting = await refused(people.signIn('fin', PASSWORDS.fin));
    expect(waiting.reason).toBe('wait');
    expect(waiting.words).toMatch(/next attempt can be made in 30 seconds/);
    expect(entries('fin')[0]).toBe('operator.signIn:refused');
    clock.now += waitAfter(FREE_ATTEMPTS);
    expect(await people.signIn('fin', PASSWORDS.fin)).toEqual(fin);
  });

  it('refuses a disabled person the right password, and lets them in once enabled again', async () => {
    const disabled = await people.change(ann, fin.id, { active: false });
    expect(disabled.disabledAt).toBe(clock.now);
    expect(await refused(people.signIn('fin', PASSWORDS.fin))).toEqual({
      reason: 'disabled',
      words: 'This account is disabled; an administrator can enable it again',
    });
    await people.change(ann, fin.id, { active: true });
    expect(await people.signIn('fin', PASSWORDS.fin)).toEqual(fin);
    expect(audit.query({ objectId: 'fin', action: 'operator.change' }).map((e) => e.facts)).toEqual([
      { by: 'ann.smith', change: 'enabled' },
      { by: 'ann.smith', change: 'disabled' },
    ]);
  });

  it('keeps the last administrator, and says why', async () => {
    expect(await refused(people.change(ann, ann.id, { role: 'finance' }))).toEqual({
      reason: 'lastAdministrator',
      words: 'This is the last active administrator: make another administrator first',
    });
    expect(audit.query({ objectId: 'ann.smith', action: 'operator.change' })[0]).toMatchObject({ outcome: 'refused' });
  });
});

describe('passwords', () => {
  it('changes one’s own with the current one, and an administrator sets someone’s who forgot theirs', async () => {
    expect((await refused(people.setPassword(fin, fin.id, 'a new password for finn'))).reason).toBe('input');
    expect((await refused(people.setPassword(fin, fin.id, 'a new password for finn', 'not my password'))).reason).toBe('wrong');
    await people.setPassword(fin, fin.id, 'a new password for finn', PASSWORDS.fin);
    expect((await refused(people.signIn('fin', PASSWORDS.fin))).reason).toBe('wrong');
    await people.setPassword(ann, fin.id, 'set by the administrator');
    expect(await people.signIn('fin', 'set by the administrator')).toEqual(fin);
    expect((await refused(people.setPassword(fin, ann.id, 'finance sets the admin’s'))).reason).toBe('notAdministrator');
  });

  it('keeps no password anywhere in the data folder: only scrypt hashes at OWASP’s parameters', () => {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const typed = [...Object.values(PASSWORDS), 'a new password for finn', 'set by the administrator', 'not the password at all'];
    for (const file of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, file)).toString('utf8');
      for (const p of typed) expect(bytes.includes(p), `${p} in ${file}`).toBe(false);
    }
    const kept = db.prepare('SELECT password FROM operators').all() as { password: string }[];
    for (const k of kept) expect(JSON.parse(k.password)).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
  });
});
