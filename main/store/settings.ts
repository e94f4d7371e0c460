/** Non-secret settings as JSON values by key. Secrets never come here: they live in the OS keychain. */
import type { z } from 'zod';
import { read, write, type Db } from './database.js';
import { thresholdsKey } from '../domain/approvals.js';

/**
 * Settings a team shares (store/postgres/teamSettings.ts): the keys it owns are read from and written to
 * the desk's copy of the team's, never the desk's own, which stay as they were for when it leaves the team.
 */
export interface SharedSettings {
  owns(key: string): boolean;
  /**
   * The value as JSON text, or none; not `known` before the desk has ever read the team's (a desk joining
   * while the database is away): it runs on its own values until then.
   */
  get(key: string): { readonly known: false } | { readonly known: true; readonly value?: string };
  set(key: string, json: string): void;
}

/** Reads settings by key: the store as it is now, or the values a transaction read (keptSettings). */
export interface SettingsReader {
  get<T extends z.ZodType>(key: string, schema: T): z.output<T> | undefined;
}

/**
 * The settings a charge's guard reads, which the charge journal reads in the transaction that journals the
 * charge (GuardFacts.settings): an environment's accepted currencies, per-charge maximums and approval
 * thresholds (domain/approvals.ts).
 */
export const chargeLimitKeys = (environment: string) =>
  ({
    currencies: `acceptedCurrencies.${environment}`,
    maximums: `chargeMaximums.${environment}`,
    approvals: thresholdsKey(environment),
  }) as const;

/** A gateway environment's settings: its connection (never its secrets, which the keychain keeps) and its limits. */
/** The administrator's idle time before a desk locks (domain/idleTime.ts): the team's, in team mode. */
export const IDLE_MINUTES_KEY = 'sessions.idleMinutes';

/**
 * Whether finance people and administrators must sign in with a second factor (services/twoFactor.ts): the
 * administrator's, the team's in team mode.
 */
export const TWO_FACTOR_REQUIRED_KEY = 'sessions.twoFactorRequired';

/**
 * The check value of the team key that seals TOTP secrets (services/teamKey.ts): the team's in team mode, so that
 * the first desk to join an empty team gives it its key, and a desk holding another key can tell.
 */
export const TEAM_KEY_CHECK_KEY = 'twoFactor.teamKeyCheck';

/** Where a person's own language and theme are kept: the team's, in team mode, so that they follow the person. */
export const PREFERENCES_PREFIX = 'preferences.person.';
export const preferencesKey = (person: string): string => `${PREFERENCES_PREFIX}${person}`;

export const environmentKeys = (environment: string) =>
  ({ connection: `connection.${environment}`, ...chargeLimitKeys(environment) }) as const;

/** A kept value (JSON text) if it is of the expected shape; a damaged one is none, so the caller's default applies. */
function parseSetting<T extends z.ZodType>(text: string | undefined, schema: T): z.output<T> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Settings as a transaction read them (JSON text by key), read as the store's are. */
export const keptSettings = (kept: ReadonlyMap<string, string>): SettingsReader => ({
  get: (key, schema) => parseSetting(kept.get(key), schema),
});

export class SettingsRepository implements SettingsReader {
  constructor(
    private readonly db: Db,
    private readonly shared?: SharedSettings,
  ) {}

  /** The stored value, if it is still of the expected shape; otherwise undefined (the caller's default applies). */
  get<T extends z.ZodType>(key: string, schema: T): z.output<T> | undefined {
    const shared = this.shared?.owns(key) ? this.shared.get(key) : undefined;
    const text = shared?.known
      ? shared.value
      : read(this.db, () => this.db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined);
    return parseSetting(text, schema);
  }

  /** This desk's own settings as kept (JSON text by key), whoever owns them now: what it brings to a team. */
  own(): Map<string, string> {
    return read(this.db, () => new Map(this.db.prepare('SELECT key, value FROM settings').raw(true).all() as [string, string][]));
  }

  /** Whether anything is kept under the key, readable or not. */
  has(key: string): boolean {
    return read(this.db, () => this.db.prepare('SELECT 1 FROM settings WHERE key = ?').get(key) !== undefined);
  }

  set(key: string, value: unknown): void {
    if (this.shared?.owns(key)) {
      this.shared.set(key, JSON.stringify(value));
      return;
    }
    write(this.db, () => {
      this.db
        .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
        .run(key, JSON.stringify(value));
    });
  }

  /** Removes what this desk's file keeps under the key (a team's shared settings are never removed from here). */
  remove(key: string): void {
    write(this.db, () => this.db.prepare('DELETE FROM settings WHERE key = ?').run(key));
  }
}
