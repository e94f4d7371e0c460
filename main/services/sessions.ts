/**
 * Who is at this desk now (issue 29): nobody, a person signed in, or a person whose session locked after the
 * idle time the administrator sets (default 15 minutes, as card-acceptance guides ask). Main holds it; the
 * screens are told each change (onChange), and it is the person's role that the channels are opened to.
 *
 * A locked session keeps its person: signing in again as them resumes it, and the screens keep what was
 * typed in an open form (a money confirmation that was open is the screens' to cancel: nothing is sent for
 * it). Signing in as someone else at a locked desk ends the first person's session. A person disabled or
 * changed by an administrator is read again (refresh(): at once on this desk, on the team's notification on
 * the others): disabled, their session ends; given another role, the session has it from then on.
 *
 * A person with a second factor (services/twoFactor.ts), or one required to enrol in it, is between the two
 * steps after a right password: the desk has no role then (only the session's channels answer), and the session
 * before (a locked one of theirs, or someone else's) stands until the second step is done.
 *
 * The idle time counts from the person's last activity (activity(): the screens' input, not their own
 * polling); a timer locks the desk when it runs out, so a screen nobody touches locks too.
 */
import { DEFAULT_IDLE_MINUTES } from '../domain/idleTime.js';
import type { Operator, SecondStep } from '../domain/operators.js';
import type { Role } from '../domain/roles.js';
import type { AuditOutcome } from '../store/audit.js';
import { OperatorError, recordForPerson, type OperatorService, type PersonAudit } from './operators.js';
import { phrase } from '../phrases/phrase.js';

/** The idle time unless the administrator sets another. */
export const DEFAULT_IDLE_MS = DEFAULT_IDLE_MINUTES * 60_000;

export type Session =
  | { readonly kind: 'signedOut' }
  | { readonly kind: 'active'; readonly operator: Operator; readonly since: number }
  | { readonly kind: 'locked'; readonly operator: Operator; readonly since: number; readonly lockedAt: number }
  /** The password was right; a code (or an enrolment) is awaited. `before` is the session it will replace or resume. */
  | { readonly kind: 'secondFactor'; readonly operator: Operator; readonly step: SecondStep; readonly before: SettledSession };

/** A session not between the two steps of a sign-in. */
export type SettledSession = Exclude<Session, { kind: 'secondFactor' }>;

/** Why a session ended or locked, as the audit keeps it. */
export type SessionEvent = 'signedOut' | 'locked' | 'ended' | 'endedByAdministrator' | 'replaced';

export interface SessionsOptions extends PersonAudit {
  readonly people: OperatorService;
  /** What a person whose password proved right must still do (TwoFactorService.stepAfterPassword). */
  readonly secondStep?: (operator: Operator) => SecondStep | undefined;
  /** The idle time after which the desk locks, as the administrator set it now. */
  readonly idleMs: () => number;
  readonly onChange?: (session: Session) => void;
  readonly now?: () => number;
  /** A clock nobody can set (performance.now): the idle time runs on it too, so setting the desk's clock back does not stop it. */
  readonly monotonic?: () => number;
}

export class Sessions {
  private session: Session = { kind: 'signedOut' };
  private refreshing: Promise<unknown> = Promise.resolve();
  /** The last activity, on the wall clock and on the monotonic one. */
  private lastActivity = { wall: 0, monotonic: 0 };
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly monotonic: () => number;

  constructor(private readonly options: SessionsOptions) {
    this.now = options.now ?? Date.now;
    this.monotonic = options.monotonic ?? (() => performance.now());
  }

  /** The session as it is now: an active one past its idle time is locked first. */
  current(): Session {
    this.lockIfIdle();
    return this.session;
  }

  /** The person signed in, none while nobody is or the desk is locked. */
  person(): Operator | undefined {
    const s = this.current();
    return s.kind === 'active' ? s.operator : undefined;
  }

  /** The role the channels are opened to: the signed-in person's, none while signed out or locked. */
  role(): Role | undefined {
    return this.person()?.role;
  }

  /**
   * Signs a person in (OperatorService.signIn: refused in words, audited). At a desk locked for the same
   * person, the session resumes; for another, the first person's ends.
   */
  async signIn(login: string, password: string): Promise<Session> {
    const operator = await this.options.people.checkPassword(login, password);
    const current = this.current();
    const before = current.kind === 'secondFactor' ? current.before : current;
    const step = this.options.secondStep?.(operator);
    if (step) {
      this.set({ kind: 'secondFactor', operator, step, before });
      return this.session;
    }
    await this.options.people.signedIn(operator);
    return this.enter(operator, before);
  }

  /**
   * Completes a sign-in awaiting its second step: `prove` checks it (a code, or an enrolment confirmed) for the
   * person and the step awaited, and throws when it is wrong. Refused while no sign-in awaits one.
   */
  async secondStep<T>(prove: (operator: Operator, step: SecondStep) => Promise<T>): Promise<T> {
    const s = this.pending();
    const proved = await prove(s.operator, s.step);
    // The account as it is now (enrolled a moment ago, say); one disabled meanwhile signs in as that, not at all.
    const operator = await this.options.people.get(s.operator.id);
    const now = this.session;
    // Signed out, or another sign-in begun, meanwhile: that stands, and this one is not completed.
    if (now.kind !== 'secondFactor' || now.operator.id !== s.operator.id)
      throw new OperatorError('input', phrase('twoFactor.noPendingSignIn'));
    if (!operator || operator.disabledAt !== undefined) {
      this.set(now.before, false);
      throw new OperatorError('disabled', phrase('operators.disabled'));
    }
    this.enter(operator, now.before);
    return proved;
  }

  /** The sign-in awaiting its second step; refused in words when none does. */
  pending(): Extract<Session, { kind: 'secondFactor' }> {
    const s = this.current();
    if (s.kind !== 'secondFactor') throw new OperatorError('input', phrase('twoFactor.noPendingSignIn'));
    return s;
  }

  /** The person signed in, in place of the session before: at a desk locked for the same person, the session resumes; another's ends. */
  private enter(operator: Operator, before: SettledSession): Session {
    if (before.kind !== 'signedOut' && before.operator.id !== operator.id) this.record(before.operator, 'replaced', 'success');
    const resumed = before.kind === 'locked' && before.operator.id === operator.id;
    this.set({ kind: 'active', operator, since: resumed ? before.since : this.now() });
    return this.session;
  }

  /** The person did something (typed, clicked): the idle time starts again. */
  activity(): void {
    if (this.current().kind !== 'active') return;
    this.markActivity();
    this.arm();
  }

  /** Locks the desk now (the person stepped away); signing in again as them resumes. */
  lock(): Session {
    const s = this.current();
    if (s.kind === 'active') this.lockNow(s);
    return this.session;
  }

  signOut(): Session {
    const current = this.current();
    // Between the two steps nobody was signed in yet but whoever was before.
    const s = current.kind === 'secondFactor' ? current.before : current;
    if (s.kind !== 'signedOut') this.record(s.operator, 'signedOut', 'success');
    this.set({ kind: 'signedOut' });
    return this.session;
  }

  /**
   * Reads the person of the session again, after an administrator changed accounts (here, or at another desk):
   * disabled, removed, or their sessions ended by an administrator, the session ends; otherwise it has their role
   * and name as they are now.
   */
  refresh(): Promise<Session> {
    // One reading at a time, each of the session as the one before left it: two changes heard close together
    // (a new role, then the person disabled) are both applied, never the second lost to the first.
    const next = this.refreshing.then(
      () => this.readAgain(),
      () => this.readAgain(),
    );
    this.refreshing = next.catch(() => undefined);
    return next;
  }

  private async readAgain(): Promise<Session> {
    const s = this.session;
    if (s.kind === 'signedOut') return s;
    const now = await this.options.people.get(s.operator.id);
    const current = this.session;
    // Another person signed in, or the desk signed out, while the store was asked: that stands.
    if (current.kind === 'signedOut' || current.operator.id !== s.operator.id) return current;
    // Locked or signed in again meanwhile, it is still this person's session, and it ends all the same.
    const ended = now !== undefined && now.sessionsEnded > current.operator.sessionsEnded;
    if (!now || now.disabledAt !== undefined || ended) {
      this.record(current.operator, ended && now.disabledAt === undefined ? 'endedByAdministrator' : 'ended', 'success');
      this.set({ kind: 'signedOut' });
    } else if (
      current === s &&
      (now.role !== s.operator.role || now.displayName !== s.operator.displayName || now.twoFactor !== s.operator.twoFactor)
    ) {
      // The same session, as idle as it was: reading the person again is no activity of theirs.
      this.set({ ...s, operator: now }, false);
    }
    return this.session;
  }

  /** The idle time after which the desk locks, as the administrator set it now. */
  idleMs(): number {
    return this.options.idleMs();
  }

  /** The administrator set another idle time (here, or at another desk of the team): the timer counts to it now. */
  idleTimeChanged(): void {
    if (this.current().kind === 'active') this.arm();
  }

  /** Stops the idle timer (the app closing). */
  close(): void {
    clearTimeout(this.timer);
  }

  private lockIfIdle(): void {
    const s = this.session;
    if (s.kind === 'active' && this.idleLeft() <= 0) this.lockNow(s);
  }

  private lockNow(s: Extract<Session, { kind: 'active' }>): void {
    this.record(s.operator, 'locked', 'success');
    this.set({ kind: 'locked', operator: s.operator, since: s.since, lockedAt: this.now() });
  }

  private set(session: Session, active = true): void {
    this.session = session;
    if (session.kind === 'active') {
      if (active) this.markActivity();
      this.arm();
    } else clearTimeout(this.timer);
    this.options.onChange?.(session);
  }

  private markActivity(): void {
    this.lastActivity = { wall: this.now(), monotonic: this.monotonic() };
  }

  /**
   * How long until the idle time runs out: by whichever clock says sooner. The wall clock counts a suspended
   * machine's sleep, which the monotonic one does not; the monotonic one cannot be set back.
   */
  private idleLeft(): number {
    const idle = this.options.idleMs();
    return Math.min(this.lastActivity.wall + idle - this.now(), this.lastActivity.monotonic + idle - this.monotonic());
  }

  /** A timer for when the idle time runs out, so that a desk nobody touches locks and its screens are told. */
  private arm(): void {
    clearTimeout(this.timer);
    const left = Math.max(0, this.idleLeft());
    // Not idle yet when it fires (the idle time was raised meanwhile): it waits again.
    this.timer = setTimeout(() => {
      this.lockIfIdle();
      if (this.session.kind === 'active') this.arm();
    }, left + 1);
    this.timer.unref();
  }

  private record(operator: Operator, event: SessionEvent, outcome: AuditOutcome): void {
    // By the person whose session it is, whoever's call (or timer) this is.
    recordForPerson(this.options, this.now(), { action: 'operator.session', facts: { event } }, outcome, operator.login, operator);
  }
}
