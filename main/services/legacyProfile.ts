/**
 * The role profile an earlier version kept, read only for the upgrade to named accounts (profileUpgrade.ts,
 * issue 29): whether its administrator set a passphrase, a check of that passphrase, and the profile's removal
 * once its administrator's account took its place. Nothing writes a profile any more.
 *
 * What an earlier version left: in the keychain, under an account of this installation (installation.ts:
 * several data folders share one OS user's keychain), `{ v: 1, role, hash }` with an scrypt hash of the
 * passphrase (the role no longer matters); in the settings, PROTECTED_KEY from the first passphrase on, and
 * the count of wrong passphrases. Nothing here hands out the hash: it verifies.
 *
 * Fails closed as the profile did: once a passphrase was set here, a keychain that cannot be read (a locked
 * one included), a missing entry or a damaged record count as a passphrase set, so the first start asks for
 * the adoption, which then refuses saying what is wrong, and never offers a fresh first administrator that
 * would bypass the passphrase. An installation whose settings never recorded one counts as never having had
 * one while its keychain cannot be read (say, on a machine with no Secret Service), as before: failing closed
 * there would protect nothing, since the same OS user could start a fresh data folder. Wrong passphrases are
 * audited and, after FREE_ATTEMPTS in a row, wait a doubling time before the next one is even checked; the
 * count is kept in the settings, so restarting the app does not reset it.
 */
import { z } from 'zod';
import type { AuditRepository } from '../store/audit.js';
import { waitAfter } from '../domain/attempts.js';
import { ROLES } from '../domain/roles.js';
import type { SettingsRepository } from '../store/settings.js';
import { phrase, type Phrase, type Said } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { waitWords } from '../phrases/waitWords.js';
import { installationId, INSTALLATION_VAULT } from './installation.js';
import { revealSecret } from '../vault/secret.js';
import type { SecretSlot, Vault } from '../vault/vault.js';
import { passwordHashSchema, passwordMatches, type PasswordHash } from '../security/passwordHash.js';

const FAILURES_KEY = 'roleProfile.failures';
/** Set by an earlier version when a passphrase was first stored: from then on only an intact profile is believed. */
const PROTECTED_KEY = 'roleProfile.protected';
const protectedSchema = z.object({ since: z.number().int().min(0) });

const failuresSchema = z.object({ count: z.number().int().min(0), lastAt: z.number().int().min(0) });
type Failures = z.output<typeof failuresSchema>;

/** What the keychain keeps: a profile was stored only once a passphrase was set, so the hash is always there. */
const storedSchema = z.object({ v: z.literal(1), role: z.enum(ROLES), hash: passwordHashSchema });
type StoredProfile = z.output<typeof storedSchema>;

/**
 * What abandon() did: gave up a profile that could not be adopted (why), or nothing: there is none, or it is
 * intact (adopt it with its passphrase).
 */
export type AbandonAnswer = 'missing' | 'damaged' | 'unreadable' | 'none' | 'intact';

export type LegacyProfileRefusal = 'wrongPassphrase' | 'throttled' | 'noPassphrase' | 'damaged' | 'missing';

/** A refusal as phrases; never carries a passphrase. */
export class LegacyProfileError extends SaidError {
  override name = 'LegacyProfileError';
  constructor(
    readonly reason: LegacyProfileRefusal,
    said: Phrase | Said,
  ) {
    super(said);
  }
}

export interface LegacyProfileOptions {
  readonly settings: SettingsRepository;
  readonly vault: Vault;
  readonly audit: AuditRepository;
  readonly osUser: string;
  /** The environment the app is in, for the audit entries. */
  readonly environment: () => string;
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

export class LegacyProfile {
  /** Until the profile is read, a passphrase may be set. */
  private passphraseWasSet = true;
  private slot?: SecretSlot;
  /** Checks one at a time: the count of wrong passphrases cannot be outrun by attempts in parallel. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  constructor(private readonly options: LegacyProfileOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? console.error;
  }

  /** Reads the profile from the keychain; never fails for the keychain's sake (it fails closed instead). */
  async open(): Promise<void> {
    this.slot = { kind: 'roleProfile', installationId: installationId(this.options.settings) };
    try {
      this.passphraseWasSet = (await this.read()) !== undefined;
      // A profile set before the settings marked it (an early version): marked now, so that a keychain that
      // cannot be read at a later start is not taken for an installation that never had one.
      if (this.passphraseWasSet && !this.wasProtected()) this.options.settings.set(PROTECTED_KEY, { since: this.now() });
    } catch (err) {
      this.passphraseWasSet = this.unreadableMeansSet(err);
      const why = err instanceof Error ? err.message : String(err);
      this.log(
        this.passphraseWasSet
          ? `legacy profile: a passphrase was set here, and it can be adopted only once the profile can be read: ${why}`
          : `legacy profile: none was ever recorded here, and the keychain cannot be read: ${why}`,
      );
    }
  }

  /** Whether an earlier version's administrator set a passphrase here (from memory): true also while it cannot be read. */
  passphraseSet(): boolean {
    return this.passphraseWasSet;
  }

  /**
   * Checks the passphrase for the upgrade: whoever knows it becomes the first administrator. Throttled, a
   * wrong one counted and audited, a keychain that cannot be read audited and thrown with its own words.
   */
  verify(passphrase: string): Promise<void> {
    return this.serially(async () => {
      this.throttle();
      let stored: StoredProfile | undefined;
      try {
        stored = await this.read();
      } catch (err) {
        this.passphraseWasSet = this.unreadableMeansSet(err);
        this.unsuccessful('failure', 'the role profile could not be read');
        throw err;
      }
      this.passphraseWasSet = stored !== undefined;
      if (!stored) throw new LegacyProfileError('noPassphrase', phrase('roles.noPassphrase'));
      await this.check(passphrase, stored.hash);
    });
  }

  /**
   * Gives up a profile that cannot be adopted, at the command of whoever owns the data folder (the maintenance
   * command, scripts/maintenance.ts): its keychain entry missing or damaged, or the keychain unreadable. The
   * entry (if any can be removed) and what the settings kept go, audited, so that the next first start asks for
   * a fresh first administrator. Never an intact profile: that one is adopted with its passphrase. The same
   * trust as editing the data folder, which holds the settings this reads.
   */
  abandon(): Promise<AbandonAnswer> {
    return this.serially(async (): Promise<AbandonAnswer> => {
      let why: 'missing' | 'damaged' | 'unreadable';
      try {
        if ((await this.read()) !== undefined) return 'intact';
        return 'none';
      } catch (err) {
        if (err instanceof LegacyProfileError && (err.reason === 'missing' || err.reason === 'damaged')) why = err.reason;
        else if (this.wasProtected()) why = 'unreadable';
        else return 'none';
      }
      // A keychain that cannot be read cannot be cleared either: what is left there reads as an intact profile
      // (adopted with its passphrase) or as no profile once the settings forget it.
      await this.options.vault.clear(INSTALLATION_VAULT, this.vaultSlot).catch(() => undefined);
      this.options.settings.remove(PROTECTED_KEY);
      this.options.settings.remove(FAILURES_KEY);
      this.passphraseWasSet = false;
      this.options.audit.record({
        at: this.now(),
        osUser: this.options.osUser,
        environment: this.options.environment(),
        action: 'role.abandon',
        facts: { why },
        outcome: 'success',
        objectType: 'roleProfile',
        detail: `role profile given up by the data folder's owner: ${why}`,
      });
      return why;
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
      this.passphraseWasSet = false;
    });
  }

  private serially<T>(run: () => Promise<T>): Promise<T> {
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private get vaultSlot(): SecretSlot {
    if (!this.slot) throw new Error('The legacy role profile is not open');
    return this.slot;
  }

  /** Whether a passphrase was ever set here: from then on only a readable, intact profile is believed. */
  private wasProtected(): boolean {
    return this.options.settings.get(PROTECTED_KEY, protectedSchema) !== undefined;
  }

  /** A profile that cannot be read counts as a passphrase set once one was set here, and when its record is damaged. */
  private unreadableMeansSet(err: unknown): boolean {
    return (err instanceof LegacyProfileError && (err.reason === 'damaged' || err.reason === 'missing')) || this.wasProtected();
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
      throw new LegacyProfileError('missing', phrase('roles.missing'));
    }
    let value: unknown;
    try {
      value = JSON.parse(revealSecret(secret));
    } catch {
      value = undefined;
    }
    const parsed = storedSchema.safeParse(value);
    if (!parsed.success) throw new LegacyProfileError('damaged', phrase('roles.damaged'));
    return parsed.data;
  }

  private failures(): Failures {
    return this.options.settings.get(FAILURES_KEY, failuresSchema) ?? { count: 0, lastAt: 0 };
  }

  /** Refuses, without checking anything, an attempt that comes before the wait after wrong passphrases is over. */
  private throttle(): void {
    const { count, lastAt } = this.failures();
    const left = lastAt + waitAfter(count) - this.now();
    if (left <= 0) return;
    this.unsuccessful('refused', `not checked, ${count} wrong passphrases in a row`);
    throw new LegacyProfileError('throttled', phrase('roles.throttled', { count, wait: waitWords(left) }));
  }

  /** Checks a passphrase; a wrong one is counted and audited, a right one clears the count. */
  private async check(passphrase: string, hash: PasswordHash): Promise<void> {
    if (await passwordMatches(passphrase, hash)) {
      if (this.failures().count > 0) this.options.settings.set(FAILURES_KEY, { count: 0, lastAt: 0 });
      return;
    }
    const count = this.failures().count + 1;
    this.options.settings.set(FAILURES_KEY, { count, lastAt: this.now() });
    this.unsuccessful('refused', `wrong passphrase (${count} in a row)`);
    const wait = waitAfter(count);
    throw new LegacyProfileError('wrongPassphrase', [
      phrase('roles.wrongPassphrase'),
      ...(wait > 0 ? [phrase('roles.waitAfter', { count, wait: waitWords(wait) })] : []),
    ]);
  }

  /**
   * An adoption refused or failed, and why: recorded as the profile recorded a change to administrator, so the
   * audit log reads the same before and after the upgrade.
   */
  private unsuccessful(outcome: 'refused' | 'failure', reason: string): void {
    this.options.audit.record({
      at: this.now(),
      osUser: this.options.osUser,
      environment: this.options.environment(),
      action: 'role.change',
      facts: { to: 'administrator', reason },
      outcome,
      objectType: 'roleProfile',
      detail: `to administrator: ${reason}`,
    });
  }
}
