/**
 * Settings and environments: which environment the app works in (the embedded sandbox, the gateway's test
 * or production, or a custom base URL), each environment's connection (base URL, auth mode, API user,
 * merchant login, whether requests must be signed, the requests per second the gateway allows), which are the administrator's; and each person's own
 * preferences, their language and theme, which every role sets for itself (a Russian-speaking support person
 * on an English installation). The per-charge maximums, per environment and currency, are
 * chargeLimits.ts's (an older version's single maximum is ignored). Secrets go to the vault; the store keeps
 * the rest. Every change is audited, without the secret.
 *
 * A base URL with a user name or password in it (https://user:password@host), or with a query or fragment
 * (https://host/payment?password=…), is refused when it is saved, here, where every save passes (the IPC
 * contract refuses it too: environments.ts baseUrlRefusal, the one rule). One that an older version saved is
 * never shown back, used or logged with those parts: connection() and baseUrl() answer it without them, so
 * the client goes to the same host and path as before (undici never sent the userinfo: its request drops it
 * without a word; and a query or fragment never reached the gateway as one, since each method's path was
 * appended after it) and the app still starts in that environment, and connectionProblems() says the URL
 * must be saved again. Saving that connection (from the form, which shows the cleaned URL, or any field of
 * it) writes the cleaned URL over the old row, which takes the secret out of the SQLite file.
 */
import { z } from 'zod';
import {
  baseUrlRefusal,
  ENVIRONMENT_KINDS,
  hasQueryOrFragment,
  hasUserinfo,
  resolveBaseUrl,
  withoutSecretParts,
} from '../gateway/environments.js';
import { inputIssues } from '../phrases/inputIssue.js';
import { phrase, type Phrase, type Said } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { failureText } from './failureWords.js';
import { THEMES, type Theme } from './themes.js';
import type { AuditRepository } from '../store/audit.js';
import { reasonFact, type AuditEvent } from '../store/auditEvents.js';
import { environmentKeys, IDLE_MINUTES_KEY, preferencesKey, TWO_FACTOR_REQUIRED_KEY, type SettingsRepository } from '../store/settings.js';
import { isGatewayRate, MAX_GATEWAY_RATE } from '../domain/gatewayRate.js';
import { DEFAULT_IDLE_MINUTES, MAX_IDLE_MINUTES, MIN_IDLE_MINUTES } from '../domain/idleTime.js';
import type { Vault } from '../vault/vault.js';

export const ENVIRONMENTS = ENVIRONMENT_KINDS;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];

const connectionSchema = z.object({
  baseUrl: z.string().url().optional(),
  authMode: z.enum(['password', 'token']).default('password'),
  userName: z.string().min(1).max(50).optional(),
  merchantLogin: z.string().min(1).max(255).optional(),
  signatureRequired: z.boolean().default(false),
  /**
   * The requests per second the gateway allows this merchant (domain/gatewayRate.ts); absent: not known. A kept
   * value out of bounds (written by hand, or by a version with other bounds, in a team's database) reads as not
   * known rather than costing the whole connection.
   */
  gatewayRate: z.number().refine(isGatewayRate).optional().catch(undefined),
});
/** A rate as setConnection takes it: 0 is "not known" as absent is; anything else out of bounds is refused. */
const gatewayRateChange = z.object({
  gatewayRate: z
    .number()
    .refine((n) => n === 0 || isGatewayRate(n), { message: 'settings.input.gatewayRate', params: { max: MAX_GATEWAY_RATE } })
    .optional(),
});
export type Connection = z.output<typeof connectionSchema>;

const language = z.string().regex(/^[a-z]{2}$/);

const generalSchema = z.object({
  environment: z.enum(ENVIRONMENTS).default('sandbox'),
  /** The installation's language: each profile's until it chooses its own (an older version's one language). */
  language: language.default('en'),
  gatewayUrls: z.object({ test: z.string().url().optional(), production: z.string().url().optional() }).default({}),
});
export type GeneralSettings = z.output<typeof generalSchema>;

/** What a role profile chose for itself; a theme not chosen follows the system's. */
const idleMinutesSchema = z.number().int().min(MIN_IDLE_MINUTES).max(MAX_IDLE_MINUTES);
const preferencesSchema = z.object({ language: language.optional(), theme: z.enum(THEMES).optional() });
export type PreferencesChange = z.input<typeof preferencesSchema>;
export interface Preferences {
  readonly language: string;
  readonly theme?: Theme;
}

/** A refusal of the settings, or why an environment cannot be used: phrases, with their English as the message. */
export class SettingsError extends SaidError {
  override name = 'SettingsError';
}

/** An error met while resolving or opening an environment, as phrases: its own, a gateway failure's, or "unexpected". */
export const saidOf = (err: unknown): Said => failureText(err).said;

/** A saved connection as an older version may have left it, and what its base URL carried that is no longer accepted. */
interface StoredConnection {
  readonly connection: Connection;
  readonly baseUrlHadUserinfo: boolean;
  readonly baseUrlHadQuery: boolean;
}

export interface SettingsServiceOptions {
  readonly settings: SettingsRepository;
  readonly vault: Vault;
  readonly audit: AuditRepository;
  readonly osUser: string;
  readonly now?: () => number;
  /**
   * The system's locale ("ru-RU"), for the language until one is saved: Russian for a Russian locale,
   * English otherwise (the languages the app has words for).
   */
  readonly systemLocale?: string;
}

/** The app's language for a locale: Russian for a Russian one, English for any other. */
export function languageOfLocale(locale: string | undefined): 'en' | 'ru' {
  return /^ru(?:[-_]|$)/i.test(locale ?? '') ? 'ru' : 'en';
}

export class SettingsService {
  private readonly now: () => number;

  constructor(private readonly options: SettingsServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  general(): GeneralSettings {
    return (
      this.options.settings.get('general', generalSchema) ?? generalSchema.parse({ language: languageOfLocale(this.options.systemLocale) })
    );
  }

  /** A person's language and theme: their own choice, else the installation's language (also while nobody is signed in). */
  preferences(person: string | undefined): Preferences {
    const own = (person !== undefined ? this.options.settings.get(preferencesKey(person), preferencesSchema) : undefined) ?? {};
    return { language: own.language ?? this.general().language, ...(own.theme ? { theme: own.theme } : {}) };
  }

  /** Sets a person's own language or theme; every role may, for themselves. */
  setPreferences(person: string, change: PreferencesChange): Preferences {
    const before = this.options.settings.get(preferencesKey(person), preferencesSchema) ?? {};
    const next = preferencesSchema.safeParse({ ...before, ...change });
    if (!next.success) throw new SettingsError(phrase('settings.invalidSettings', { fields: inputIssues(next.error) }));
    this.options.audit.together(() => {
      this.options.settings.set(preferencesKey(person), next.data);
      // The entry names the role in use (the audit log stamps it); the detail, what it changed.
      this.audit(
        this.general().environment,
        { action: 'settings.change', facts: { changed: Object.keys(change) } },
        'success',
        Object.keys(change).join(', '),
      );
    });
    return this.preferences(person);
  }

  /** An environment's connection; a base URL saved with userinfo, a query or a fragment comes without them (see connectionProblems). */
  connection(environment: EnvironmentName): Connection {
    return this.stored(environment).connection;
  }

  private stored(environment: EnvironmentName): StoredConnection {
    const saved = this.options.settings.get(environmentKeys(environment).connection, connectionSchema) ?? connectionSchema.parse({});
    if (saved.baseUrl === undefined || baseUrlRefusal(saved.baseUrl) === undefined)
      return { connection: saved, baseUrlHadUserinfo: false, baseUrlHadQuery: false };
    const { baseUrl, ...rest } = saved;
    const cleaned = withoutSecretParts(baseUrl);
    return {
      connection: { ...rest, ...(cleaned ? { baseUrl: cleaned } : {}) },
      baseUrlHadUserinfo: hasUserinfo(baseUrl),
      baseUrlHadQuery: hasQueryOrFragment(baseUrl),
    };
  }

  /** What is wrong with an environment's saved connection itself, as phrases, for the settings view (a new array). */
  connectionProblems(environment: EnvironmentName): Phrase[] {
    const stored = this.stored(environment);
    return [
      ...(stored.baseUrlHadUserinfo ? [phrase('settings.baseUrlHadUserinfo')] : []),
      ...(stored.baseUrlHadQuery ? [phrase('settings.baseUrlHadQuery')] : []),
    ];
  }

  /** The base URL an environment's requests go to; the sandbox's is the embedded sandbox's own. */
  baseUrl(environment: EnvironmentName, sandboxUrl?: string): string {
    if (environment === 'sandbox') {
      if (!sandboxUrl) throw new SettingsError(phrase('settings.sandboxNotRunning'));
      return sandboxUrl;
    }
    try {
      return resolveBaseUrl(environment, this.general().gatewayUrls, this.connection(environment).baseUrl);
    } catch (err) {
      throw new SettingsError(saidOf(err));
    }
  }

  private audit(environment: string, event: AuditEvent, outcome: 'success' | 'failure', detail?: string): void {
    this.options.audit.record({
      at: this.now(),
      osUser: this.options.osUser,
      environment,
      ...event,
      outcome,
      objectType: 'settings',
      ...(detail ? { detail } : {}),
    });
  }

  /** The idle time in minutes before a desk locks, as the administrator set it (domain/idleTime.ts). */
  idleMinutes(): number {
    return this.options.settings.get(IDLE_MINUTES_KEY, idleMinutesSchema) ?? DEFAULT_IDLE_MINUTES;
  }

  /** Sets the idle time, audited; out of bounds it is refused in words. */
  setIdleMinutes(minutes: number): number {
    const next = idleMinutesSchema.safeParse(minutes);
    if (!next.success) throw new SettingsError(phrase('settings.idleMinutes', { min: MIN_IDLE_MINUTES, max: MAX_IDLE_MINUTES }));
    this.options.audit.together(() => {
      this.options.settings.set(IDLE_MINUTES_KEY, next.data);
      this.audit(this.general().environment, { action: 'settings.change', facts: { changed: ['idleMinutes'] } }, 'success', 'idleMinutes');
    });
    return next.data;
  }

  /** Whether finance people and administrators must sign in with a second factor (off unless an administrator turns it on). */
  twoFactorRequired(): boolean {
    return this.options.settings.get(TWO_FACTOR_REQUIRED_KEY, z.boolean()) ?? false;
  }

  /** Turns required two-factor sign-in on or off, audited; the team's setting in team mode. */
  setTwoFactorRequired(required: boolean): void {
    this.options.audit.together(() => {
      this.options.settings.set(TWO_FACTOR_REQUIRED_KEY, required);
      this.audit(
        this.general().environment,
        { action: 'settings.change', facts: { changed: ['twoFactorRequired'] } },
        'success',
        'twoFactorRequired',
      );
    });
  }

  /** The administrator's settings: the environment and the gateway's URLs (a profile's language is setPreferences'). */
  setGeneral(change: Partial<Omit<z.input<typeof generalSchema>, 'language'>>): GeneralSettings {
    for (const url of Object.values(change.gatewayUrls ?? {})) {
      const refused = url === undefined ? undefined : baseUrlRefusal(url);
      if (refused) throw new SettingsError(phrase(refused));
    }
    const next = generalSchema.safeParse({ ...this.general(), ...change });
    if (!next.success) throw new SettingsError(phrase('settings.invalidSettings', { fields: inputIssues(next.error) }));
    const before = this.general();
    this.options.audit.together(() => {
      this.options.settings.set('general', next.data);
      const changed = Object.keys(change).filter((k) => k !== 'environment');
      if (changed.length > 0)
        this.audit(next.data.environment, { action: 'settings.change', facts: { changed } }, 'success', changed.join(', '));
      if (before.environment !== next.data.environment)
        this.audit(
          next.data.environment,
          { action: 'environment.switch', facts: { from: before.environment } },
          'success',
          `from ${before.environment}`,
        );
    });
    return next.data;
  }

  setConnection(environment: EnvironmentName, change: Partial<z.input<typeof connectionSchema>>): Connection {
    // First, for every environment (the sandbox's too): the message must not echo the URL or its secret.
    const refused = change.baseUrl === undefined ? undefined : baseUrlRefusal(change.baseUrl);
    if (refused) throw new SettingsError(phrase(refused));
    const rate = gatewayRateChange.safeParse({ gatewayRate: change.gatewayRate });
    if (!rate.success) throw new SettingsError(phrase('settings.invalidConnection', { fields: inputIssues(rate.error) }));
    const before = this.stored(environment);
    const next = connectionSchema.safeParse({ ...before.connection, ...change });
    if (!next.success) throw new SettingsError(phrase('settings.invalidConnection', { fields: inputIssues(next.error) }));
    if (next.data.baseUrl && environment !== 'sandbox') {
      try {
        resolveBaseUrl(environment, {}, next.data.baseUrl);
      } catch (err) {
        throw new SettingsError(saidOf(err));
      }
    }
    const cleaned =
      'baseUrl' in change
        ? []
        : [
            ...(before.baseUrlHadUserinfo ? ['baseUrl (user:password@ removed)'] : []),
            ...(before.baseUrlHadQuery ? ['baseUrl (query and fragment removed)'] : []),
          ];
    const changed = [...Object.keys(change), ...cleaned];
    this.options.audit.together(() => {
      this.options.settings.set(environmentKeys(environment).connection, next.data);
      this.audit(environment, { action: 'connection.change', facts: { changed } }, 'success', changed.join(', '));
    });
    return next.data;
  }

  /** Stores the API password or token in the keychain; the sandbox's credentials are public and need none. */
  async setCredential(environment: EnvironmentName, kind: 'password' | 'token', secret: string): Promise<void> {
    if (environment === 'sandbox') throw new SettingsError(phrase('settings.sandboxCredentials'));
    const slot = kind === 'password' ? ({ kind: 'apiPassword' } as const) : ({ kind: 'apiToken' } as const);
    try {
      await this.options.vault.store(environment, slot, secret);
      this.audit(environment, { action: 'credential.set', facts: { credential: kind } }, 'success', kind);
    } catch (err) {
      const reason = (err as Error).message;
      this.audit(
        environment,
        { action: 'credential.set', facts: { credential: kind, ...reasonFact(reason) } },
        'failure',
        `${kind}: ${reason}`,
      );
      throw err;
    }
  }

  async clearCredential(environment: EnvironmentName, kind: 'password' | 'token'): Promise<void> {
    await this.options.vault.clear(environment, kind === 'password' ? { kind: 'apiPassword' } : { kind: 'apiToken' });
    this.audit(environment, { action: 'credential.clear', facts: { credential: kind } }, 'success', kind);
  }

  /** Why the OS keychain cannot be used now, as phrases; undefined when it can. */
  keychainProblem(): Promise<Said | undefined> {
    return this.options.vault.problem();
  }

  /** Whether each credential is set; never the credential. The sandbox's are always set. */
  async credentialStatus(environment: EnvironmentName): Promise<{ password: boolean; token: boolean }> {
    if (environment === 'sandbox') return { password: true, token: true };
    return {
      password: await this.options.vault.isSet(environment, { kind: 'apiPassword' }),
      token: await this.options.vault.isSet(environment, { kind: 'apiToken' }),
    };
  }
}
