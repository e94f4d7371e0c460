/**
 * The team key that seals every person's TOTP secret (security/sealedSecret.ts): 32 random bytes in each desk's
 * OS keychain, never in a database. The store in use (the desk's file, or its team's database) keeps only the
 * key's check value (TEAM_KEY_CHECK_KEY, a setting the team shares), and the keychain keeps each key under its
 * check value, so a desk finds the key of the store it uses and can tell that it lacks it.
 *
 * A desk on its own makes its key at the first enrolment. The first desk to join an empty team brings its check
 * value with its other settings (the team then has that desk's key); a desk joining a team that has a key gets it
 * from an administrator, who reads it at a desk that holds it (text(), behind their password) and enters it here
 * (enter()). Two desks making the first key of one team at the same moment is not guarded: the later check value
 * stands, and the other desk's enrolment does not open until it is enrolled again.
 *
 * Fails closed: a store that has a check value this desk holds no key for gives an error saying so, never "no
 * key" (and so never "no second factor").
 */
import { Secret } from 'otpauth';
import { z } from 'zod';
import { phrase } from '../phrases/phrase.js';
import { keyCheck, keyMatches, newTeamKey, TEAM_KEY_BYTES } from '../security/sealedSecret.js';
import { TEAM_KEY_CHECK_KEY, type SettingsRepository } from '../store/settings.js';
import { revealSecret } from '../vault/secret.js';
import type { SecretSlot, Vault } from '../vault/vault.js';
import { INSTALLATION_VAULT, installationId } from './installation.js';
import { OperatorError } from './operators.js';

const checkSchema = z.string().regex(/^[0-9a-f]{64}$/);

export interface TeamKeyOptions {
  readonly vault: Vault;
  /** The settings of the store in use: the team's check value in team mode. */
  readonly settings: SettingsRepository;
  /** This desk's own settings, where its installation id is kept. */
  readonly ownSettings: SettingsRepository;
}

/**
 * The key as an administrator reads it out and types it: base32 (otpauth's codec, as for TOTP secrets), 52
 * characters in groups of four. Not hex: groups of decimal digits can read as a card number, which every answer
 * leaving main has masked (ipc/dispatcher.ts); base32's digits are 2 to 7, and never run that long.
 */
const keyText = (key: Buffer): string => new Secret({ buffer: new Uint8Array(key).buffer }).base32.match(/.{1,4}/g)!.join(' ');
const BASE32_KEY = new RegExp(`^[A-Z2-7]{${Math.ceil((TEAM_KEY_BYTES * 8) / 5)}}$`);

export class TeamKey {
  constructor(private readonly options: TeamKeyOptions) {}

  /** The check value of the team key of the store in use; none before anyone there enrolled. */
  check(): string | undefined {
    return this.options.settings.get(TEAM_KEY_CHECK_KEY, checkSchema);
  }

  /** Whether this desk holds the key of the store in use (false also where that store has none yet). */
  async held(): Promise<boolean> {
    const check = this.check();
    return check !== undefined && (await this.read(check)) !== undefined;
  }

  /** The key that opens the store's sealed secrets; refused in words where this desk does not hold it. */
  async key(): Promise<Buffer> {
    const check = this.check();
    const key = check === undefined ? undefined : await this.read(check);
    if (!key) throw new OperatorError('teamKey', phrase('twoFactor.noTeamKey'));
    return key;
  }

  /** The key to seal a new secret with: the store's, or a new one made now where the store has none yet. */
  async keyToSeal(): Promise<Buffer> {
    if (this.check() !== undefined) return this.key();
    const key = newTeamKey();
    const check = keyCheck(key);
    // Kept in the keychain before the store names it: a check value no keychain holds the key of would lock everyone out.
    await this.options.vault.store(INSTALLATION_VAULT, this.slot(check), key.toString('hex'));
    this.options.settings.set(TEAM_KEY_CHECK_KEY, check);
    return key;
  }

  /** The key for an administrator to read out at a desk that joins (the caller proved their password). */
  async text(): Promise<string> {
    return keyText(await this.key());
  }

  /** The team's key as an administrator typed it; refused unless it is the key whose check value the store keeps. */
  async enter(typed: string): Promise<void> {
    const text = typed.replace(/[\s-]/g, '').toUpperCase();
    if (!BASE32_KEY.test(text)) throw new OperatorError('input', phrase('twoFactor.teamKeyForm'));
    const check = this.check();
    if (check === undefined) throw new OperatorError('teamKey', phrase('twoFactor.noTeamKeyYet'));
    const key = Buffer.from(Secret.fromBase32(text).bytes);
    if (!keyMatches(key, check)) throw new OperatorError('teamKey', phrase('twoFactor.notTeamKey'));
    await this.options.vault.store(INSTALLATION_VAULT, this.slot(check), key.toString('hex'));
  }

  private async read(check: string): Promise<Buffer | undefined> {
    const kept = await this.options.vault.secret(INSTALLATION_VAULT, this.slot(check));
    if (!kept) return undefined;
    const key = Buffer.from(revealSecret(kept), 'hex');
    // A damaged entry is no key: the desk says it lacks the key rather than opening nothing with a wrong one.
    return key.length === TEAM_KEY_BYTES && keyMatches(key, check) ? key : undefined;
  }

  private slot(check: string): SecretSlot {
    return { kind: 'teamKey', installationId: installationId(this.options.ownSettings), check };
  }
}
