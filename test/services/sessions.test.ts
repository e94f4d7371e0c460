/**
 * Who is at the desk (issue 29's sessions), over a real SQLite file and real scrypt: the idle time locks the
 * desk (by the clock when asked, by a timer when nobody asks), the same person resumes, another person ends
 * the first's session, and an administrator's change reaches the session when it is read again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operator } from '../../main/domain/operators.js';
import { OperatorService } from '../../main/services/operators.js';
import { DEFAULT_IDLE_MS, Sessions, type Session } from '../../main/services/sessions.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SqliteOperators } from '../../main/store/operators.js';

const PASSWORDS = { ann: 'correct horse battery staple', fin: 'finance keeps the books' };
let dir: string;
let db: Db;
let audit: AuditRepository;
let people: OperatorService;
let store: SqliteOperators;
let ann: Operator;
let fin: Operator;
const clock = { now: Date.UTC(2026, 11, 5, 9) };

/** A desk's sessions on the file, with what its screens were told. */
function desk(idleMs = () => DEFAULT_IDLE_MS) {
  const told: Session['kind'][] = [];
  const sessions = new Sessions({
    people,
    audit,
    osUser: 'desk-user',
    environment: () => 'sandbox',
    idleMs,
    onChange: (s) => told.push(s.kind),
    now: () => clock.now,
  });
  return { sessions, told };
}

const events = (login: string) =>
  audit
    .query({ objectId: login, action: 'operator.session' })
    .map((e) => (e.facts as { event: string }).event)
    .reverse();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sessions-'));
  db = openDatabase(join(dir, 'app.sqlite'));
  audit = new AuditRepository(db);
  store = new SqliteOperators(db);
  people = new OperatorService({ store: () => store, audit, osUser: 'desk-user', environment: () => 'sandbox', now: () => clock.now });
  ann = await people.addFirst({ login: 'ann', displayName: 'Ann', role: 'administrator', password: PASSWORDS.ann });
  fin = await people.addBy(ann, { login: 'fin', displayName: 'Finn', role: 'finance', password: PASSWORDS.fin });
}, 30_000);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a desk’s session', () => {
  it('opens no channel to nobody, and the signed-in person’s role to them', async () => {
    const { sessions, told } = desk();
    expect(sessions.current()).toEqual({ kind: 'signedOut' });
    expect(sessions.role()).toBeUndefined();
    await expect(sessions.signIn('fin', 'not the password')).rejects.toThrow(/login or the password is wrong/);
    expect(sessions.current().kind).toBe('signedOut');
    expect(await sessions.signIn('fin', PASSWORDS.fin)).toEqual({ kind: 'active', operator: fin, since: clock.now });
    expect(sessions.role()).toBe('finance');
    sessions.signOut();
    expect(sessions.role()).toBeUndefined();
    expect(told).toEqual(['active', 'signedOut']);
    expect(events('fin')).toContain('signedOut');
    sessions.close();
  });

  it('locks after the idle time since the last activity, and resumes the same session for the same person', async () => {
    const { sessions } = desk();
    const signedIn = await sessions.signIn('fin', PASSWORDS.fin);
    const since = signedIn.kind === 'active' ? signedIn.since : 0;
    clock.now += DEFAULT_IDLE_MS - 1_000;
    sessions.activity();
    clock.now += DEFAULT_IDLE_MS - 1_000;
    expect(sessions.role()).toBe('finance');
    clock.now += 1_000;
    expect(sessions.current()).toMatchObject({ kind: 'locked', operator: fin, lockedAt: clock.now });
    expect(sessions.role()).toBeUndefined();
    // Activity at a locked desk does not unlock it.
    sessions.activity();
    expect(sessions.current().kind).toBe('locked');
    await expect(sessions.signIn('fin', 'not the password')).rejects.toThrow(/wrong/);
    expect(sessions.current().kind).toBe('locked');
    expect(await sessions.signIn('FIN', PASSWORDS.fin)).toEqual({ kind: 'active', operator: fin, since });
    expect(events('fin').slice(-1)).toEqual(['locked']);
    sessions.close();
  });

  it('locks a desk nobody touches by its timer, and tells the screens', async () => {
    const { sessions, told } = desk(() => 50);
    await sessions.signIn('fin', PASSWORDS.fin);
    // The desk's clock is the test's; the timer runs on real time, and asks that clock when it fires.
    clock.now += 50;
    for (let i = 0; i < 500 && !told.includes('locked'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(told).toEqual(['active', 'locked']);
    sessions.close();
  });

  it('locks by its timer at an idle time the administrator lowered meanwhile', async () => {
    let idleMs = 60 * 60_000;
    const { sessions, told } = desk(() => idleMs);
    await sessions.signIn('fin', PASSWORDS.fin);
    // The timer was set for an hour; the idle time is now 50 ms, and the timer is set again for it.
    idleMs = 50;
    sessions.idleTimeChanged();
    clock.now += 50;
    for (let i = 0; i < 500 && !told.includes('locked'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(told).toEqual(['active', 'locked']);
    sessions.close();
  });

  it('locks after the idle time even when the desk’s clock is set back meanwhile', async () => {
    const monotonic = { now: 0 };
    const sessions = new Sessions({
      people,
      audit,
      osUser: 'desk-user',
      environment: () => 'sandbox',
      idleMs: () => DEFAULT_IDLE_MS,
      now: () => clock.now,
      monotonic: () => monotonic.now,
    });
    await sessions.signIn('fin', PASSWORDS.fin);
    // An hour back on the wall clock, and the idle time passes on the clock nobody can set.
    clock.now -= 3_600_000;
    monotonic.now += DEFAULT_IDLE_MS;
    expect(sessions.current().kind).toBe('locked');
    clock.now += 3_600_000;
    sessions.close();
  });

  it('ends the first person’s session when another signs in at the locked desk', async () => {
    const { sessions } = desk();
    await sessions.signIn('fin', PASSWORDS.fin);
    sessions.lock();
    expect(await sessions.signIn('ann', PASSWORDS.ann)).toMatchObject({ kind: 'active', operator: ann });
    expect(events('fin').slice(-2)).toEqual(['locked', 'replaced']);
    sessions.close();
  });

  it('ends the session of a person an administrator disabled, and gives a changed role at once, when read again', async () => {
    const { sessions } = desk();
    await sessions.signIn('fin', PASSWORDS.fin);
    await people.change(ann, fin.id, { role: 'support' });
    expect(sessions.role()).toBe('finance');
    await sessions.refresh();
    expect(sessions.role()).toBe('support');
    await people.change(ann, fin.id, { active: false });
    expect(await sessions.refresh()).toEqual({ kind: 'signedOut' });
    expect(events('fin').slice(-1)).toEqual(['ended']);
    await people.change(ann, fin.id, { active: true, role: 'finance' });
    sessions.close();
  });

  it('ends the session of a person whose sessions an administrator ended, and lets them sign in again', async () => {
    const { sessions } = desk();
    await sessions.signIn('fin', PASSWORDS.fin);
    await people.endSessions(ann, fin.id);
    expect(await sessions.refresh()).toEqual({ kind: 'signedOut' });
    expect(events('fin').slice(-1)).toEqual(['endedByAdministrator']);
    expect(audit.query({ objectId: 'fin', action: 'operator.endSessions' })[0]).toMatchObject({
      outcome: 'success',
      facts: { by: 'ann' },
    });
    // A new session, under the count as it is now, is not ended by that.
    expect(await sessions.signIn('fin', PASSWORDS.fin)).toMatchObject({ kind: 'active' });
    expect(await sessions.refresh()).toMatchObject({ kind: 'active' });
    // Only an active administrator ends sessions.
    await expect(people.endSessions(fin, ann.id)).rejects.toThrow(/Only an active administrator/);
    sessions.close();
  });

  it('keeps a sign-out made while the person was being read again: a reading never brings back a session', async () => {
    const { sessions } = desk();
    await sessions.signIn('fin', PASSWORDS.fin);
    await people.change(ann, fin.id, { role: 'support' });
    const reading = sessions.refresh();
    sessions.signOut();
    await reading;
    expect(sessions.current()).toEqual({ kind: 'signedOut' });
    await people.change(ann, fin.id, { role: 'finance' });
    sessions.close();
  });

  it('applies two changes heard close together, a new role and then the person disabled: the session ends', async () => {
    // The store answers each reading late, as a slow team database would: the first (the new role) is answered
    // before the second (disabled), and the second was asked before the first was answered.
    const gates: (() => void)[] = [];
    let holding = false;
    const slow = new OperatorService({
      store: () =>
        Object.assign(Object.create(store) as SqliteOperators, {
          get: async (id: string) => {
            const read = await store.get(id);
            if (holding) await new Promise<void>((open) => gates.push(open));
            return read;
          },
        }),
      audit,
      osUser: 'desk-user',
      environment: () => 'sandbox',
      now: () => clock.now,
    });
    const sessions = new Sessions({
      people: slow,
      audit,
      osUser: 'desk-user',
      environment: () => 'sandbox',
      idleMs: () => DEFAULT_IDLE_MS,
      now: () => clock.now,
    });
    await sessions.signIn('fin', PASSWORDS.fin);
    holding = true;
    const until = async (n: number) => {
      for (let i = 0; i < 500 && gates.length < n; i++) await new Promise((r) => setTimeout(r, 5));
    };
    await people.change(ann, fin.id, { role: 'support' });
    const first = sessions.refresh();
    await until(1);
    await people.change(ann, fin.id, { active: false });
    const second = sessions.refresh();
    gates.shift()!();
    await first;
    await until(1);
    gates.shift()?.();
    await second;
    expect(sessions.current()).toEqual({ kind: 'signedOut' });
    holding = false;
    await people.change(ann, fin.id, { active: true, role: 'finance' });
    sessions.close();
  });

  it('signs nobody in whom an administrator disabled while their password was being checked', async () => {
    const { sessions } = desk();
    const signing = sessions.signIn('fin', PASSWORDS.fin);
    // The half-second hash is under way: the account was read before it.
    await new Promise((r) => setTimeout(r, 20));
    await people.change(ann, fin.id, { active: false });
    await expect(signing).rejects.toThrow(/disabled/);
    expect(sessions.current()).toEqual({ kind: 'signedOut' });
    await people.change(ann, fin.id, { active: true });
    sessions.close();
  });

  it('does not count a reading of the person as their activity: the idle time runs on', async () => {
    const { sessions } = desk();
    await sessions.signIn('fin', PASSWORDS.fin);
    clock.now += DEFAULT_IDLE_MS - 1_000;
    await people.change(ann, fin.id, { displayName: 'Finn the Second' });
    await sessions.refresh();
    expect(sessions.current()).toMatchObject({ kind: 'active', operator: { displayName: 'Finn the Second' } });
    clock.now += 1_000;
    expect(sessions.current().kind).toBe('locked');
    sessions.close();
  });
});
