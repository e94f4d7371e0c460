/**
 * Two-factor sign-in (issue 29): after a right password, a person who enrolled types a TOTP code from their app,
 * or one of their recovery codes. Their secret is sealed under the team key each desk holds in its keychain
 * (teamKey.ts), bound to their account's id; a copy of the database alone opens none. Each code is spent in the
 * store's write (a code seen twice, at one desk or two, signs in once), and a wrong one counts with the login's
 * wrong passwords (domain/attempts.ts), before it is checked, as a password does.
 *
 * Enrolment is the person's own: begin() makes a secret that stays in main's memory until a first code from
 * their app confirms it; then it is sealed and kept, and ten recovery codes are shown once. An administrator can
 * make it required for finance people and administrators (SettingsService.twoFactorRequired): one of those
 * without it is then made to enrol at sign-in. Enrolment, removal, every code used (right or wrong) and the team
 * key read out or entered are audited; never a secret, a code or the key.
 */
import type { Operator, SecondStep } from '../domain/operators.js';
import type { Role } from '../domain/roles.js';
import { english } from '../phrases/english.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { waitWords } from '../phrases/waitWords.js';
import { hashRecoveryCode, isRecoveryCode, keptRecoveryCodes, newRecoveryCodes } from '../security/recoveryCodes.js';
import { open, seal } from '../security/sealedSecret.js';
import { enrolment, matchedStep, newTotpSecret } from '../security/totp.js';
import type { AuditOutcome } from '../store/audit.js';
import { reasonFact, type AuditFactsOf } from '../store/auditEvents.js';
import type { OperatorStore } from '../store/operators.js';
import { TeamUnreachableError } from '../store/postgres/teamDatabase.js';
import { OperatorError, personChange, recordForPerson, refusalPhrase, type OperatorService, type PersonAudit } from './operators.js';
import type { TeamKey } from './teamKey.js';

/** The roles that must enrol when an administrator requires it: those who move money or manage people. */
const MUST_ENROL: readonly Role[] = ['finance', 'administrator'];

export interface TwoFactorOptions extends PersonAudit {
  /** The people store in use, as OperatorService has it. */
  readonly store: () => OperatorStore;
  readonly people: OperatorService;
  readonly teamKey: TeamKey;
  /** Whether an administrator made it required (SettingsService.twoFactorRequired). */
  readonly required: () => boolean;
  /** Called after a person's second factor changed here: the desk's session reads them again. */
  readonly changed?: () => void;
  readonly now?: () => number;
}

type Event = AuditFactsOf<'operator.twoFactor'>['event'];

export class TwoFactorService {
  /** Secrets made by begin(), by account id, until a first code confirms one: nowhere but here meanwhile. */
  private readonly pending = new Map<string, Uint8Array>();
  private readonly now: () => number;

  constructor(private readonly options: TwoFactorOptions) {
    this.now = options.now ?? Date.now;
  }

  private get store(): OperatorStore {
    return this.options.store();
  }

  /** What the person (whose password proved right) must still do before they are signed in; nothing when none. */
  stepAfterPassword(o: Operator): SecondStep | undefined {
    if (o.twoFactor) return 'code';
    return this.options.required() && MUST_ENROL.includes(o.role) ? 'enrol' : undefined;
  }

  /**
   * A new secret for the person's app, awaiting its first code: the otpauth:// address and the secret in base32,
   * shown once. Refused to a person enrolled already (as the store has them now): a session left open must not be
   * enough to put another phone in place of theirs; they remove theirs first, with their password.
   */
  async begin(o: Operator): Promise<{ readonly secret: string; readonly uri: string }> {
    if ((await this.store.get(o.id))?.twoFactor) throw new OperatorError('input', phrase('twoFactor.enrolledAlready'));
    const secret = newTotpSecret();
    this.pending.set(o.id, secret);
    return enrolment(secret, o.login);
  }

  /**
   * Confirms the enrolment begun with the first code the person's app shows: the secret is sealed under the team
   * key and kept, in place of any earlier one. Returns the recovery codes, which nothing shows again.
   */
  async confirm(o: Operator, code: string): Promise<string[]> {
    const secret = this.pending.get(o.id);
    if (!secret) throw new OperatorError('input', phrase('twoFactor.beginFirst'));
    const step = matchedStep(secret, code.trim(), this.now());
    if (step === undefined) this.refuse(o, 'enrolled', new OperatorError('code', phrase('twoFactor.wrongCode')));
    const sealed = seal(await this.options.teamKey.keyToSeal(), o.id, secret);
    const codes = newRecoveryCodes();
    const out = await this.store.setSecondFactor(o.id, { sealed, recoveryCodes: keptRecoveryCodes(codes) }, o.id, this.now(), () =>
      personChange(this.options, this.now(), { action: 'operator.twoFactor', facts: { event: 'enrolled' } }, o.login, o),
    );
    if (out.kind === 'refused') this.refuse(o, 'enrolled', new OperatorError(out.refusal, refusalPhrase(out.refusal, o.login)));
    this.pending.delete(o.id);
    // The code that confirmed it is spent: it cannot sign anyone in a moment later.
    await this.store.spendStep(o.id, step!);
    this.options.changed?.();
    return codes;
  }

  /**
   * The second step of the person's sign-in: a TOTP code from their app, or one of their recovery codes. Counted
   * as wrong before it is checked, with the login's wrong passwords, and forgiven once right.
   */
  async prove(o: Operator, typed: string): Promise<void> {
    const code = typed.trim();
    const recovery = isRecoveryCode(code);
    const event: Event = recovery ? 'recoveryCode' : 'code';
    const start = await this.store.beginAttempt(o.login, this.now());
    if (start.kind === 'wait')
      this.refuse(o, event, new OperatorError('wait', phrase('twoFactor.wait', { wait: waitWords(start.waitMs) })), 'refused');
    const factor = await this.store.secondFactor(o.id);
    // Removed or reset since the password step (or the account is gone): that sign-in begins again.
    if (start.kind !== 'check' || start.operator.id !== o.id || !factor)
      this.refuse(o, event, new OperatorError('code', phrase('twoFactor.signInAgain')), 'refused');
    const spent = recovery ? await this.spendRecoveryCode(o, code) : await this.spendCode(o, factor!.sealed, code);
    if (!spent) this.refuse(o, event, new OperatorError('code', phrase('twoFactor.wrongCode')));
    this.record(o, event, 'success');
    await this.options.people.signedIn(o);
  }

  /** Removes the person's own second factor; their password proves it is them. */
  async removeOwn(o: Operator, password: string): Promise<void> {
    await this.options.people.signIn(o.login, password);
    await this.remove(o, o.id);
  }

  /** An administrator removes a person's second factor (a lost phone, no recovery codes left): they enrol again. */
  async reset(by: Operator, id: string): Promise<Operator> {
    return this.remove(by, id);
  }

  /** The team key for an administrator to read out at a desk that joins the team; their password proves it is them. */
  async teamKeyText(by: Operator, password: string): Promise<string> {
    await this.options.people.signIn(by.login, password);
    const text = await this.withAudit(by, 'teamKeyShown', () => this.options.teamKey.text());
    return text;
  }

  /** The team's key, typed by an administrator at this desk (a desk that joined a team that has one). */
  async enterTeamKey(by: Operator, typed: string): Promise<void> {
    await this.withAudit(by, 'teamKeyEntered', () => this.options.teamKey.enter(typed));
  }

  private async remove(by: Operator, id: string): Promise<Operator> {
    const target = (await this.store.get(id))?.login ?? id;
    const facts = by.id === id ? {} : { by: by.login };
    const out = await this.store.setSecondFactor(id, null, by.id, this.now(), () =>
      personChange(this.options, this.now(), { action: 'operator.twoFactor', facts: { event: 'removed', ...facts } }, target),
    );
    if (out.kind === 'refused') {
      const said = refusalPhrase(out.refusal, target);
      recordForPerson(
        this.options,
        this.now(),
        { action: 'operator.twoFactor', facts: { event: 'removed', ...facts, ...reasonFact(english(said)) } },
        'refused',
        target,
      );
      throw new OperatorError(out.refusal, said);
    }
    this.options.changed?.();
    return out.value;
  }

  /** A TOTP code: the sealed secret opened with this desk's team key, and the step it matched spent. */
  private async spendCode(o: Operator, sealed: string, code: string): Promise<boolean> {
    const key = await this.failing(o, 'code', () => this.options.teamKey.key());
    const secret = open(key, o.id, sealed);
    if (!secret) this.refuse(o, 'code', new OperatorError('teamKey', phrase('twoFactor.unreadable')));
    const step = matchedStep(secret!, code, this.now());
    return step !== undefined && (await this.store.spendStep(o.id, step));
  }

  /** A recovery code spent in the team's database, for every desk: not while it is away. */
  private async spendRecoveryCode(o: Operator, code: string): Promise<boolean> {
    try {
      return await this.store.spendRecoveryCode(o.id, hashRecoveryCode(code));
    } catch (err) {
      if (err instanceof TeamUnreachableError) this.refuse(o, 'recoveryCode', new OperatorError('code', phrase('twoFactor.recoveryAway')));
      throw err;
    }
  }

  /** Runs `work`, audited as `event` either way (its refusal's words as the reason). */
  private async withAudit<T>(o: Operator, event: Event, work: () => Promise<T>): Promise<T> {
    const done = await this.failing(o, event, work);
    this.record(o, event, 'success');
    return done;
  }

  /** Runs `work`; a refusal in words (the service's, or the keychain's: locked, unreachable) is audited as `event`'s failure and thrown on. */
  private async failing<T>(o: Operator, event: Event, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof SaidError) this.refuse(o, event, err);
      throw err;
    }
  }

  private refuse(o: Operator, event: Event, err: SaidError, outcome: AuditOutcome = 'failure'): never {
    this.record(o, event, outcome, err.said);
    throw err;
  }

  private record(o: Operator, event: Event, outcome: AuditOutcome, reason?: Phrase | readonly Phrase[]): void {
    const facts = { event, ...reasonFact(reason === undefined ? undefined : english(reason)) };
    recordForPerson(this.options, this.now(), { action: 'operator.twoFactor', facts }, outcome, o.login, o);
  }
}
