/**
 * The installation's role profile: support (orders look-up only), finance (plus charges, refunds and
 * stored cards) or administrator (everything). An administrator sets a passphrase; from then on changing
 * the profile, from any profile, takes that passphrase. What the IPC dispatcher lets through follows the
 * profile (main/ipc/permissions.ts), so this is the AccessGuard it is given.
 *
 * The keychain keeps the role and an scrypt hash of the passphrase (never the passphrase), under an
 * account of this installation (installation.ts), since several data folders share one OS user's keychain.
 * The role is read from the keychain when the core opens and when it changes, and held in memory in
 * between. Nothing here hands out the hash: the service verifies.
 *
 * With no passphrase set the installation is an administrator's (the first administrator sets one). Once
 * a passphrase has been set (the settings remember that it was), a keychain that cannot be read leaves the
 * app on support until it can be: a profile that cannot be checked is not trusted. An installation that
 * never had a profile stays an administrator's without the keychain (say, on a machine with no Secret
 * Service): there is nothing to protect, and failing closed there would protect nothing either, since
 * the same OS user could start a fresh data folder. A damaged profile in the keychain always means
 * support. Wrong passphrases are audited and, after
 * FREE_ATTEMPTS in a row, wait a doubling time before the next one is even checked; the count is kept in
 * the settings, so restarting the app does not reset it. Every change is audited, never a passphrase.
 */
import { z } from 'zod';
import type { AuditOutcome, AuditRepository } from '../store/audit.js';
import { waitAfter } from '../domain/attempts.js';
import { MIN_PASSPHRASE, ROLES, type Role } from '../domain/roles.js';
import type { SettingsRepository } from '../store/settings.js';
import { phrase, type Phrase, type Said } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { waitWords } from '../phrases/waitWords.js';
import { failureText } from './failureWords.js';
import { installationId, INSTALLATION_VAULT } from './installation.js';
import { revealSecret } from '../vault/secret.js';
import type { SecretSlot, Vault } from '../vault/vault.js';
import { reasonFact, type AuditEvent } from '../store/auditEvents.js';
import { hashPassword, passwordHashSchema, passwordMatches, type PasswordHash, type ScryptParameters } from '../security/passwordHash.js';

/** What a passphrase is asked for: a change of profile (to which), or of the passphrase. */
type Attempt = { readonly action: 'role.change'; readonly to: Role } | { readonly action: 'role.passphrase' };

const FAILURES_KEY = 'roleProfile.failures';
/** Set when a passphrase is first stored: from then on an unreadable keychain means support. */
const PROTECTED_KEY = 'roleProfile.protected';
const protectedSchema = z.object({ since: z.number().int().min(0) });

const failuresSchema = z.object({ count: z.number().int().min(0), lastAt: z.number().int().min(0) });
type Failures = z.output<typeof failuresSchema>;

// scrypt at 32 MiB and about a tenth of a second: slow to guess, quick to type (a profile's passphrase is
// checked on every change of profile).
const SCRYPT: ScryptParameters = { N: 2 ** 15, r: 8, p: 1 };

/** What the keychain keeps. A profile is stored only once a passphrase is set, so both are always there. */
const storedSchema = z.object({ v: z.literal(1), role: z.enum(ROLES), hash: passwordHashSchema });
type StoredProfile = z.output<typeof storedSchema>;

/** What the service knows, each case carrying only what it can: the role follows from it. */
type State =
  /**
   * No profile was ever set: a fresh installation, an administrator's until a passphrase is set, also
   * while the keychain cannot be read (problem says why, and that no passphrase can be set until then).
   */
  | { readonly kind: 'fresh'; readonly problem?: Said }
  /** A passphrase is set and the role is the stored one. */
  | { readonly kind: 'protected'; readonly role: Role }
  /** The keychain could not be read, or its profile is damaged: support, and why. */
  | { readonly kind: 'closed'; readonly reason: Said };

const roleOf = (s: State): Role => (s.kind === 'fresh' ? 'administrator' : s.kind === 'protected' ? s.role : 'support');

export type RoleProfileRefusal =
  'wrongPassphrase' | 'throttled' | 'noPassphrase' | 'currentNeeded' | 'tooShort' | 'notAdministrator' | 'damaged' | 'missing';

/** A refusal as phrases; never carries a passphrase. */
export class RoleProfileError extends SaidError {
  override name = 'RoleProfileError';
  constructor(
    readonly reason: RoleProfileRefusal,
    said: Phrase | Said,
  ) {
    super(said);
  }
}

export interface RoleProfileOptions {
  readonly settings: SettingsRepository;
  readonly vault: Vault;
  readonly audit: AuditRepository;
  readonly osUser: string;
  /** The environment the app is in, for the audit entries. */
  readonly environment: () => string;
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

export interface RoleProfileState {
  readonly role: Role;
  /** True also when the keychain cannot be read: a passphrase may be set, and only it will do. */
  readonly passphraseSet: boolean;
  /** Why the profile is support whatever was set: the keychain cannot be read or its profile is damaged. */
  readonly problem?: Said;
}

/** A role named inside a phrase. */
const label = (role: Role): Phrase => phrase(`roles.role.${role}`);

export class RoleProfileService {
  private state: State = { kind: 'closed', reason: [phrase('roles.notReadYet')] };
  private slot?: SecretSlot;
  /** Changes one at a time: the count of wrong passphrases cannot be outrun by attempts in parallel. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  constructor(private readonly options: RoleProfileOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? console.error;
  }

  /** Reads the profile from the keychain; never fails for the keychain's sake (it fails closed instead). */
  async open(): Promise<void> {
    this.slot = { kind: 'roleProfile', installationId: installationId(this.options.settings) };
    try {
      const stored = await this.read();
      this.state = stored ? { kind: 'protected', role: stored.role } : { kind: 'fresh' };
    } catch (err) {
      const state = this.unreadable(err);
      this.state = state;
      const why = err instanceof Error ? err.message : String(err);
      if (state.kind === 'closed') this.log(`roles: the support profile applies until the role profile can be read: ${why}`);
      else if (state.kind === 'fresh')
        this.log(
          `roles: no role profile was ever set, so the installation stays an administrator's; the keychain: ${why} No passphrase can be set until the keychain can be used.`,
        );
    }
  }

  /**
   * What an unreadable profile means: support once a profile has been set here or when the keychain's
   * record is damaged; otherwise the installation is as fresh as it was.
   */
  private unreadable(err: unknown): State {
    const reason = failureText(err).said;
    const damaged = err instanceof RoleProfileError && (err.reason === 'damaged' || err.reason === 'missing');
    if (!damaged && !this.wasProtected()) {
      return { kind: 'fresh', problem: [...reason, phrase('roles.noPassphraseUntilKeychain')] };
    }
    return { kind: 'closed', reason };
  }

  /** The profile now (from memory). */
  role(): Role {
    return roleOf(this.state);
  }

  view(): RoleProfileState {
    const s = this.state;
    const problem = s.kind === 'closed' ? s.reason : s.kind === 'fresh' ? s.problem : undefined;
    return { role: roleOf(s), passphraseSet: s.kind !== 'fresh', ...(problem !== undefined ? { problem } : {}) };
  }

  /**
   * The dispatcher refused a channel to the profile: audited with the channel and the profile. The channel
   * is only recorded here, so it is a plain name: which profile may use which channel is the IPC layer's
   * table (main/ipc/permissions.ts), and a service does not depend on the IPC layer.
   */
  refused(channel: string, role: Role): void {
    this.record({ action: 'access', facts: { role } }, 'refused', { objectType: 'channel', objectId: channel, detail: `profile ${role}` });
  }

  /**
   * Changes the profile, from any profile, with the passphrase; with none set yet only administrator (the
   * profile a fresh installation has) can be chosen. The keychain is read again, so a profile closed by
   * an unreadable keychain opens once the keychain is back.
   */
  set(role: Role, passphrase: string): Promise<RoleProfileState> {
    return this.serially(async () => {
      const from = this.role();
      const attempt: Attempt = { action: 'role.change', to: role };
      this.throttle(attempt);
      const stored = await this.readForChange(attempt);
      if (!stored) {
        this.state = { kind: 'fresh' };
        if (role !== 'administrator') {
          this.unsuccessful(attempt, 'refused', 'no passphrase is set');
          throw new RoleProfileError('noPassphrase', phrase('roles.noPassphrase', { role: label(role) }));
        }
        if (from !== 'administrator') this.changed(from, 'administrator', 'no passphrase is set in the keychain');
        return this.view();
      }
      await this.check(passphrase, stored.hash, attempt);
      if (stored.role !== role) await this.store({ ...stored, role });
      this.state = { kind: 'protected', role };
      this.changed(from, role);
      return this.view();
    });
  }

  /**
   * Sets the passphrase (an administrator only): the first time without the current one, afterwards with
   * it. The profile stays administrator.
   */
  setPassphrase(next: string, current?: string): Promise<RoleProfileState> {
    return this.serially(async () => {
      if (this.role() !== 'administrator') {
        const reason = `profile ${this.role()}`;
        this.record({ action: 'role.passphrase', facts: { reason } }, 'refused', { detail: reason });
        throw new RoleProfileError('notAdministrator', phrase('roles.notAdministrator'));
      }
      if (next.length < MIN_PASSPHRASE) throw new RoleProfileError('tooShort', phrase('roles.tooShort', { count: MIN_PASSPHRASE }));
      const attempt: Attempt = { action: 'role.passphrase' };
      this.throttle(attempt);
      const stored = await this.readForChange(attempt);
      if (stored) {
        if (current === undefined || current === '') throw new RoleProfileError('currentNeeded', phrase('roles.currentNeeded'));
        await this.check(current, stored.hash, attempt);
      }
      await this.store({ v: 1, role: 'administrator', hash: await hashPassword(next, SCRYPT) });
      if (!this.wasProtected()) this.options.settings.set(PROTECTED_KEY, { since: this.now() });
      this.state = { kind: 'protected', role: 'administrator' };
      const passphrase = stored ? 'changed' : 'set';
      this.record({ action: 'role.passphrase', facts: { passphrase } }, 'success', { detail: passphrase });
      return this.view();
    });
  }

  /**
   * Checks the passphrase, as a change of profile would (throttled, a wrong one counted and audited), for
   * the upgrade to named accounts: whoever knows it becomes the first administrator (services/profileUpgrade.ts).
   */
  verify(passphrase: string): Promise<void> {
    return this.serially(async () => {
      const attempt: Attempt = { action: 'role.change', to: 'administrator' };
      this.throttle(attempt);
      const stored = await this.readForChange(attempt);
      if (!stored) throw new RoleProfileError('noPassphrase', phrase('roles.noPassphrase', { role: label('administrator') }));
      await this.check(passphrase, stored.hash, attempt);
    });
  }

  /**
   * Removes the profile from the keychain and what the settings kept of it, once named accounts took its
   * place: the keychain keeps only secrets again. From then on the installation has no profile to read.
   */
  retire(): Promise<void> {
    return this.serially(async () => {
      await this.options.vault.clear(INSTALLATION_VAULT, this.vaultSlot);
      this.options.settings.remove(PROTECTED_KEY);
      this.options.settings.remove(FAILURES_KEY);
      this.state = { kind: 'fresh' };
    });
  }

  private serially<T>(run: () => Promise<T>): Promise<T> {
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private get vaultSlot(): SecretSlot {
    if (!this.slot) throw new Error('The role profile is not open');
    return this.slot;
  }

  /** Whether a passphrase was ever set here: from then on only a readable, intact profile is believed. */
  private wasProtected(): boolean {
    return this.options.settings.get(PROTECTED_KEY, protectedSchema) !== undefined;
  }

  /**
   * The stored profile, undefined when none was ever set; throws when the keychain cannot be read (a
   * locked one included: the vault tells it apart), when the record is damaged, and when it is missing
   * from an installation that had one: a missing entry is never a fresh start once a passphrase was set.
   */
  private async read(): Promise<StoredProfile | undefined> {
    const secret = await this.options.vault.secret(INSTALLATION_VAULT, this.vaultSlot);
    if (!secret) {
      if (!this.wasProtected()) return undefined;
      throw new RoleProfileError('missing', phrase('roles.missing'));
    }
    let value: unknown;
    try {
      value = JSON.parse(revealSecret(secret));
    } catch {
      value = undefined;
    }
    const parsed = storedSchema.safeParse(value);
    if (!parsed.success) throw new RoleProfileError('damaged', phrase('roles.damaged'));
    return parsed.data;
  }

  /** Reads for a change; a failure to read closes the profile (support) and is audited. */
  private async readForChange(attempt: Attempt): Promise<StoredProfile | undefined> {
    try {
      return await this.read();
    } catch (err) {
      this.state = this.unreadable(err);
      this.unsuccessful(attempt, 'failure', 'the role profile could not be read');
      throw err;
    }
  }

  private async store(profile: StoredProfile): Promise<void> {
    await this.options.vault.store(INSTALLATION_VAULT, this.vaultSlot, JSON.stringify(profile));
  }

  private failures(): Failures {
    return this.options.settings.get(FAILURES_KEY, failuresSchema) ?? { count: 0, lastAt: 0 };
  }

  /** Refuses, without checking anything, an attempt that comes before the wait after wrong passphrases is over. */
  private throttle(attempt: Attempt): void {
    const { count, lastAt } = this.failures();
    const left = lastAt + waitAfter(count) - this.now();
    if (left <= 0) return;
    this.unsuccessful(attempt, 'refused', `not checked, ${count} wrong passphrases in a row`);
    throw new RoleProfileError('throttled', phrase('roles.throttled', { count, wait: waitWords(left) }));
  }

  /** Checks a passphrase; a wrong one is counted and audited, a right one clears the count. */
  private async check(passphrase: string, hash: PasswordHash, attempt: Attempt): Promise<void> {
    if (await passwordMatches(passphrase, hash)) {
      if (this.failures().count > 0) this.options.settings.set(FAILURES_KEY, { count: 0, lastAt: 0 });
      return;
    }
    const count = this.failures().count + 1;
    this.options.settings.set(FAILURES_KEY, { count, lastAt: this.now() });
    this.unsuccessful(attempt, 'refused', `wrong passphrase (${count} in a row)`);
    const wait = waitAfter(count);
    throw new RoleProfileError('wrongPassphrase', [
      phrase('roles.wrongPassphrase', { role: label(this.role()) }),
      ...(wait > 0 ? [phrase('roles.waitAfter', { count, wait: waitWords(wait) })] : []),
    ]);
  }

  private changed(from: Role, to: Role, reason?: string): void {
    const facts = { from, to, ...reasonFact(reason) };
    this.record({ action: 'role.change', facts }, 'success', { detail: `from ${from} to ${to}${reason ? `: ${reason}` : ''}` });
  }

  /** A change of profile or passphrase refused or failed, and why. */
  private unsuccessful(attempt: Attempt, outcome: 'refused' | 'failure', reason: string): void {
    if (attempt.action === 'role.change')
      this.record({ action: 'role.change', facts: { to: attempt.to, reason } }, outcome, { detail: `to ${attempt.to}: ${reason}` });
    else this.record({ action: 'role.passphrase', facts: { reason } }, outcome, { detail: `change: ${reason}` });
  }

  private record(event: AuditEvent, outcome: AuditOutcome, e: { objectType?: string; objectId?: string; detail?: string }): void {
    this.options.audit.record({
      at: this.now(),
      osUser: this.options.osUser,
      environment: this.options.environment(),
      ...event,
      outcome,
      objectType: e.objectType ?? 'roleProfile',
      ...(e.objectId !== undefined ? { objectId: e.objectId } : {}),
      ...(e.detail !== undefined ? { detail: e.detail } : {}),
    });
  }
}
