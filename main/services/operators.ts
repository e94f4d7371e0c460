/**
 * The people who use the app (issue 29): signing in, and an administrator's adding and changing of
 * accounts, over the people store (store/operators.ts: a desk's file, or a team's database). What a person
 * types is checked here (a login's form, a name's length, a password's length, no card number in a login or
 * a name); the rules between accounts are the store's, in its write transaction. Every sign-in, refused or
 * not, and every change is audited, never a password.
 *
 * A sign-in for a login nobody has takes as long as a wrong password (a hash is checked all the same), and
 * both are refused in the same words, so the answer does not tell which logins exist.
 */
import { maskCardNumbers } from '../domain/cardNumbers.js';
import {
  LOGIN,
  MAX_DISPLAY_NAME,
  MAX_PASSWORD,
  MIN_PASSWORD,
  normalLogin,
  type Operator,
  type OperatorChange,
  type OperatorRefusal,
} from '../domain/operators.js';
import { ROLES, type Role } from '../domain/roles.js';
import { z } from 'zod';
import { english } from '../phrases/english.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { waitWords } from '../phrases/waitWords.js';
import { hashPassword, NO_ACCOUNT, passwordMatches } from '../security/passwordHash.js';
import {
  stampedEntry,
  type AuditEntry,
  type AuditOutcome,
  type AuditPerson,
  type AuditRepository,
  type StampedEntry,
} from '../store/audit.js';
import { reasonFact, type AuditEvent } from '../store/auditEvents.js';
import type { AddedBy, OperatorStore, OperatorWrite } from '../store/operators.js';

/** A refusal in the person's language; never carries a password. */
export class OperatorError extends SaidError {
  override name = 'OperatorError';
  constructor(
    /** code: a second factor's code was wrong or spent; teamKey: the team key is missing here, or not the team's. */
    readonly reason: OperatorRefusal | 'notFirst' | 'wrong' | 'wait' | 'disabled' | 'input' | 'code' | 'teamKey',
    said: Phrase,
  ) {
    super(said);
  }
}

/** Who records an entry about a person: the desk's audit, its OS user and the environment it is in. */
export interface PersonAudit {
  readonly audit: AuditRepository;
  readonly osUser: string;
  readonly environment: () => string;
}

/** An entry about a person's account or session: its object is the person's login. */
export function recordForPerson(
  who: PersonAudit,
  at: number,
  event: AuditEvent,
  outcome: AuditOutcome,
  login: string,
  by?: AuditPerson,
): void {
  who.audit.record(personEntry(who, at, event, outcome, login, by));
}

/** A change of a person's account as its entry, stamped now, for the store to write in the change's transaction. */
export const personChange = (who: PersonAudit, at: number, event: AuditEvent, login: string, by?: AuditPerson): StampedEntry =>
  stampedEntry(personEntry(who, at, event, 'success', login, by));

function personEntry(who: PersonAudit, at: number, event: AuditEvent, outcome: AuditOutcome, login: string, by?: AuditPerson): AuditEntry {
  return {
    ...(by ? { by } : {}),
    at,
    osUser: who.osUser,
    environment: who.environment(),
    ...event,
    outcome,
    objectType: 'operator',
    objectId: login,
  };
}

export interface NewAccount {
  readonly login: string;
  readonly displayName: string;
  readonly role: Role;
  readonly password: string;
}

export interface OperatorServiceOptions extends PersonAudit {
  /** The people store in use: this desk's file's, or its team database's. */
  readonly store: () => OperatorStore;
  /** Called after an account changed here: the desk's session reads its person again at once. */
  readonly changed?: () => void;
  readonly now?: () => number;
}

/** A login as typed, as kept: refused unless it has a login's form and no card number. */
function validLogin(typed: string): string {
  const login = normalLogin(typed);
  if (maskCardNumbers(login) !== login) throw new OperatorError('input', phrase('operators.cardNumber'));
  if (!LOGIN.test(login)) throw new OperatorError('input', phrase('operators.login'));
  return login;
}

function validName(typed: string): string {
  const name = typed.normalize('NFC').trim();
  if (name.length === 0 || [...name].length > MAX_DISPLAY_NAME)
    throw new OperatorError('input', phrase('operators.displayName', { count: MAX_DISPLAY_NAME }));
  if (maskCardNumbers(name) !== name) throw new OperatorError('input', phrase('operators.cardNumber'));
  return name;
}

/** A password's length as the role profile counted its passphrase's (UTF-16 units), so that one adopted always fits. */
function validPassword(password: string): string {
  const length = password.length;
  if (length < MIN_PASSWORD) throw new OperatorError('input', phrase('operators.passwordShort', { count: MIN_PASSWORD }));
  if (length > MAX_PASSWORD) throw new OperatorError('input', phrase('operators.passwordLong', { count: MAX_PASSWORD }));
  return password;
}

/** A change as main takes it from anywhere: only these fields, each of its type. */
const changeSchema = z
  .object({ displayName: z.string().optional(), role: z.enum(ROLES).optional(), active: z.boolean().optional() })
  .strict();

/** What the audit names instead of a sign-in's login that cannot be one. */
const NOT_A_LOGIN = '(not a login)';

/** A refusal of the store's in the person's words. */
export const refusalPhrase = (refusal: OperatorRefusal | 'notFirst', login: string): Phrase =>
  refusal === 'loginTaken' ? phrase('operators.loginTaken', { login }) : phrase(`operators.${refusal}`);

/** What changed, in the audit log's English ("role finance → support, disabled"). */
function changeWords(before: Operator, after: Operator): string {
  const words: string[] = [];
  if (before.displayName !== after.displayName) words.push(`name ${before.displayName} → ${after.displayName}`);
  if (before.role !== after.role) words.push(`role ${before.role} → ${after.role}`);
  if ((before.disabledAt === undefined) !== (after.disabledAt === undefined))
    words.push(after.disabledAt === undefined ? 'enabled' : 'disabled');
  return words.length > 0 ? words.join(', ') : 'nothing';
}

export class OperatorService {
  private readonly now: () => number;

  constructor(private readonly options: OperatorServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  private get store(): OperatorStore {
    return this.options.store();
  }

  /** An account as it is now; undefined when there is none by that id. */
  get(id: string): Promise<Operator | undefined> {
    return this.store.get(id);
  }

  /** Whether the app has no account yet: a fresh installation asks for its first administrator. */
  async fresh(): Promise<boolean> {
    return (await this.store.count()) === 0;
  }

  list(): Promise<Operator[]> {
    return this.store.list();
  }

  /** The person signing in with this login and password, or a refusal in words; audited either way. */
  async signIn(typedLogin: string, password: string): Promise<Operator> {
    const operator = await this.checkPassword(typedLogin, password);
    await this.signedIn(operator);
    return operator;
  }

  /**
   * The person whose login and password these are, or a refusal in words (audited). The attempt stays counted
   * as wrong until signedIn(): a person with a second factor is signed in only once their code proved right too.
   */
  async checkPassword(typedLogin: string, password: string): Promise<Operator> {
    const login = normalLogin(typedLogin);
    // Too long a password is not hashed (scrypt of a megabyte would keep a thread busy): it is wrong anyway.
    const tooLong = password.length > MAX_PASSWORD;
    // What cannot be a login is not kept as one in the audit (it may be a password typed in the wrong field).
    const loginShaped = LOGIN.test(login);
    const named = loginShaped ? login : NOT_A_LOGIN;
    const start = loginShaped ? await this.store.beginAttempt(login, this.now()) : ({ kind: 'noAccount' } as const);
    if (start.kind === 'wait')
      return this.refuseSignIn(named, 'refused', new OperatorError('wait', phrase('operators.wait', { wait: waitWords(start.waitMs) })));
    const right = await passwordMatches(tooLong ? '' : password, start.kind === 'check' ? start.password : NO_ACCOUNT);
    if (start.kind !== 'check' || !right || tooLong)
      return this.refuseSignIn(named, 'failure', new OperatorError('wrong', phrase('operators.wrong')));
    // The account as it is now, not as it was before the half-second check: one disabled, demoted or whose
    // sessions were ended meanwhile (at any desk) signs in as that, or not at all.
    const operator = await this.store.get(start.operator.id);
    if (!operator || operator.disabledAt !== undefined)
      return this.refuseSignIn(login, 'refused', new OperatorError('disabled', phrase('operators.disabled')));
    return operator;
  }

  /** Every factor of the person's sign-in proved right: their wrong ones in a row start again from none; audited. */
  async signedIn(operator: Operator): Promise<void> {
    await this.store.signedIn(operator.login);
    // By the person signing in: the desk's session is not theirs yet.
    recordForPerson(this.options, this.now(), { action: 'operator.signIn', facts: {} }, 'success', operator.login, operator);
  }

  /** The first administrator of a fresh installation; refused once there is any account. */
  addFirst(account: NewAccount): Promise<Operator> {
    return this.add('first', { ...account, role: 'administrator' });
  }

  /** An account added by `by`, an active administrator as the store has them then; never above their own role. */
  addBy(by: Operator, account: NewAccount): Promise<Operator> {
    return this.add(by, account);
  }

  /** An account changed by `by` (a name, a role, disabled or enabled again); returns it as it is now. */
  async change(by: Operator, id: string, change: OperatorChange): Promise<Operator> {
    const parsed = changeSchema.safeParse(change);
    if (!parsed.success) throw new OperatorError('input', phrase('operators.change'));
    const { displayName, role, active } = parsed.data;
    const checked: OperatorChange = {
      ...(displayName !== undefined ? { displayName: validName(displayName) } : {}),
      ...(role !== undefined ? { role } : {}),
      ...(active !== undefined ? { active } : {}),
    };
    const target = (await this.store.get(id))?.login ?? id;
    const out = await this.store.change(id, checked, by.id, this.now(), ({ before, after }) =>
      this.changed({ action: 'operator.change', facts: { by: by.login, change: changeWords(before, after) } }, after.login),
    );
    if (out.kind === 'refused') {
      const said = refusalPhrase(out.refusal, target);
      this.record({ action: 'operator.change', facts: { by: by.login, ...reasonFact(english(said)) } }, 'refused', target);
      throw new OperatorError(out.refusal, said);
    }
    this.options.changed?.();
    return out.value.after;
  }

  /**
   * A new password for an account: a person's own needs their current one; an administrator may set anyone's
   * (someone who forgot theirs). Wrong ones in a row start again from none.
   */
  async setPassword(by: Operator, id: string, password: string, current?: string): Promise<void> {
    validPassword(password);
    const target = await this.store.get(id);
    if (!target) throw new OperatorError('notFound', phrase('operators.notFound'));
    if (target.id === by.id) {
      if (current === undefined) throw new OperatorError('input', phrase('operators.currentPassword'));
      await this.signIn(by.login, current);
    }
    // Who may set it is the store's to say, in the write's transaction: an administrator disabled or demoted at
    // another desk during the half-second hash sets nobody's.
    const out = await this.store.setPassword(id, await hashPassword(password), this.now(), by.id, (set) =>
      this.changed({ action: 'operator.password', facts: { by: by.login } }, set.login),
    );
    if (out.kind === 'refused') {
      const said = refusalPhrase(out.refusal, target.login);
      this.record({ action: 'operator.password', facts: { by: by.login, ...reasonFact(english(said)) } }, 'refused', target.login);
      throw new OperatorError(out.refusal, said);
    }
  }

  /**
   * Ends the person's sessions at every desk (a lost laptop, a shared screen): each desk's session of theirs ends
   * when it reads them again, at once here and on the team's announcement elsewhere. They may sign in again.
   */
  async endSessions(by: Operator, id: string): Promise<Operator> {
    const target = (await this.store.get(id))?.login ?? id;
    const out = await this.store.endSessions(id, by.id, this.now(), (ended) =>
      this.changed({ action: 'operator.endSessions', facts: { by: by.login } }, ended.login),
    );
    if (out.kind === 'refused') {
      const said = refusalPhrase(out.refusal, target);
      this.record({ action: 'operator.endSessions', facts: { by: by.login, ...reasonFact(english(said)) } }, 'refused', target);
      throw new OperatorError(out.refusal, said);
    }
    this.options.changed?.();
    return out.value;
  }

  private async add(by: 'first' | Operator, account: NewAccount): Promise<Operator> {
    const login = validLogin(account.login);
    const displayName = validName(account.displayName);
    if (!(ROLES as readonly string[]).includes(account.role)) throw new OperatorError('input', phrase('operators.change'));
    const password = await hashPassword(validPassword(account.password));
    const added: AddedBy = by === 'first' ? by : { id: by.id };
    const byLogin = by === 'first' ? {} : { by: by.login };
    const out: OperatorWrite<Operator> = await this.store.add({ login, displayName, role: account.role, password }, added, this.now(), () =>
      this.changed({ action: 'operator.add', facts: { role: account.role, ...byLogin } }, login),
    );
    if (out.kind === 'refused') {
      const said = refusalPhrase(out.refusal, login);
      this.record({ action: 'operator.add', facts: { role: account.role, ...byLogin, ...reasonFact(english(said)) } }, 'refused', login);
      throw new OperatorError(out.refusal, said);
    }
    return out.value;
  }

  private refuseSignIn(login: string, outcome: AuditOutcome, err: OperatorError): never {
    this.record({ action: 'operator.signIn', facts: reasonFact(english(err.said)) }, outcome, login);
    throw err;
  }

  private record(event: AuditEvent, outcome: AuditOutcome, login: string): void {
    recordForPerson(this.options, this.now(), event, outcome, login);
  }

  /** A change's entry, for the store to write in the change's transaction. */
  private changed(event: AuditEvent, login: string): StampedEntry {
    return personChange(this.options, this.now(), event, login);
  }
}
