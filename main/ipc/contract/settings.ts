/**
 * The app's own information and its settings: the environment in use, each environment's connection and
 * credentials (set or not, never the secret), the currencies and per-charge maximums each accepts, and the
 * team database this desk keeps its journals in (its password kept or not, never the password).
 */
import { MAX_IDLE_MINUTES, MIN_IDLE_MINUTES } from '../../domain/idleTime.js';
import { isGatewayRate, MAX_GATEWAY_RATE } from '../../domain/gatewayRate.js';
import { APPROVAL_ACTIONS, type ApprovalAction } from '../../domain/approvals.js';
import { z } from 'zod';
import { baseUrlRefusal } from '../../gateway/environments.js';
import { THEMES, type Theme } from '../../services/themes.js';
import { teamConnectionSchema } from '../../domain/teamConnection.js';
import type { MovedDeskRecords, SavedTeamDatabase, TeamDatabaseCheck, TeamDatabaseInUse } from '../../services/views.js';
import type { Said } from '../../phrases/phrase.js';
import {
  reads,
  writes,
  type Declarations,
  currencyNumeric,
  environment,
  gatewayEnvironment,
  minorUnits,
  none,
  printable,
  type EnvironmentName,
} from './shared.js';

/** The team database's form: the connection, and the password where one was typed. */
const teamDatabaseForm = z.strictObject({
  connection: teamConnectionSchema,
  password: printable(1024).min(1, 'settings.input.secretEmpty').optional(),
});

export const settingsChannels = {
  'app.info': reads('anyone', none).answers<AppInfo>(),
  // The settings view says only "set / not set" of a credential; changing the installation's is an administrator's.
  'settings.get': reads('support', none).answers<SettingsView>(),
  'settings.updateGeneral': writes(
    'administrator',
    z.strictObject({ environment: environment.optional() }).refine((v) => Object.keys(v).length > 0, 'settings.input.nothingToChange'),
  ).answers<SettingsView>(),
  /** The signed-in person's own language and theme, every role sets their own: a support person on an English installation reads Russian. */
  'settings.setPreferences': writes(
    'support',
    z
      .strictObject({
        language: z
          .string()
          .regex(/^[a-z]{2}$/, 'settings.input.language')
          .optional(),
        theme: z.enum(THEMES).optional(),
      })
      .refine((v) => Object.keys(v).length > 0, 'settings.input.nothingToChange'),
  ).answers<SettingsView>(),
  /** The idle time before a desk locks, in minutes (the team's, in team mode): an administrator's, at most PCI DSS's 15. */
  'settings.setIdleMinutes': writes(
    'administrator',
    z.strictObject({ minutes: z.number().int().min(MIN_IDLE_MINUTES).max(MAX_IDLE_MINUTES) }),
  ).answers<SettingsView>(),
  /** Whether finance people and administrators must sign in with a second factor. */
  'settings.setTwoFactorRequired': writes('administrator', z.strictObject({ required: z.boolean() })).answers<SettingsView>(),
  'settings.setConnection': writes(
    'administrator',
    z.strictObject({
      environment,
      /** null clears the environment's own base URL. Credentials never ride in it (user:password@, ?query, #fragment). */
      baseUrl: z
        .url({ protocol: /^https?$/ })
        .max(2048)
        .superRefine((url, ctx) => {
          const refused = baseUrlRefusal(url);
          if (refused) ctx.addIssue({ code: 'custom', message: refused });
        })
        .nullable()
        .optional(),
      authMode: z.enum(['password', 'token']).optional(),
      userName: printable(50).min(1).nullable().optional(),
      merchantLogin: printable(255).min(1).nullable().optional(),
      signatureRequired: z.boolean().optional(),
      /** null or 0: not known. */
      gatewayRate: z
        .custom<number>((v) => v === 0 || isGatewayRate(v), { message: 'settings.input.gatewayRate', params: { max: MAX_GATEWAY_RATE } })
        .nullable()
        .optional(),
    }),
  ).answers<SettingsView>(),
  'settings.setCredential': writes(
    'administrator',
    z.strictObject({
      environment: gatewayEnvironment,
      kind: z.enum(['password', 'token']),
      secret: printable(1024).min(1, 'settings.input.secretEmpty'),
    }),
  ).answers<SettingsView>(),
  'settings.clearCredential': writes(
    'administrator',
    z.strictObject({ environment: gatewayEnvironment, kind: z.enum(['password', 'token']) }),
  ).answers<SettingsView>(),
  'settings.checkConnection': reads('administrator', none).answers<ConnectionCheck>(),
  // The team database is the administrator's alone: the other profiles do not see Settings at all.
  'settings.teamDatabase': reads('administrator', none).answers<TeamDatabaseView>(),
  /** Connects with what the form holds (the password typed, else the one this desk would use) and says what it found; saves nothing. */
  'settings.testTeamDatabase': reads('administrator', teamDatabaseForm).answers<TeamDatabaseCheck>(),
  /** The password crosses IPC this once, into the keychain; none typed keeps the one kept. It is never sent back. */
  'settings.saveTeamDatabase': writes('administrator', teamDatabaseForm).answers<TeamDatabaseView>(),
  /** Back to this desk's own file for its journals; the password is removed from the keychain. */
  'settings.turnOffTeamDatabase': writes('administrator', none).answers<TeamDatabaseView>(),
  /** Copies this desk's journals (but the sandbox's) and earlier audit entries to the team database in use, once each. */
  'settings.moveDeskRecords': writes('administrator', none).answers<MovedDeskRecords>(),
  // The maximums and currencies are read by everyone (the charge form follows them); set by an administrator.
  'settings.chargeLimits': reads('support', z.strictObject({ environment })).answers<ChargeLimitsView>(),
  /** null removes the maximum (a charge in that currency is then refused, except in the sandbox). */
  'settings.setChargeMaximum': writes(
    'administrator',
    z.strictObject({
      environment,
      currency: currencyNumeric,
      maximum: minorUnits.nullable(),
      /** Required for production: the maximum the operator saw when confirming (null: none was set). */
      confirmation: z.strictObject({ environment: z.literal('production'), previous: minorUnits.nullable() }).optional(),
    }),
  ).answers<ChargeLimitsView>(),
  /**
   * The amount above which a refund or a manual charge in this currency needs a second person's approval;
   * null: none needs one.
   */
  'settings.setApprovalThreshold': writes(
    'administrator',
    z.strictObject({
      environment,
      currency: currencyNumeric,
      action: z.enum(APPROVAL_ACTIONS),
      threshold: minorUnits.nullable(),
    }),
  ).answers<ChargeLimitsView>(),
  /** The currencies a gateway environment accepts; the sandbox says its own. */
  'settings.setCurrencies': writes(
    'administrator',
    z.strictObject({
      environment: gatewayEnvironment,
      currencies: z
        .array(currencyNumeric)
        .max(200)
        .refine((cs) => new Set(cs).size === cs.length, 'settings.input.currencyTwice'),
    }),
  ).answers<ChargeLimitsView>(),
} satisfies Declarations;

export interface AppInfo {
  readonly name: string;
  readonly version: string;
  readonly contractVersion: number;
  readonly environment: EnvironmentName;
  /** Where the embedded sandbox listens (it is the default environment). */
  readonly sandboxUrl: string;
  readonly dataFolder: string;
  /** 'electron' in the desktop window, 'browser' through the loopback host. */
  readonly shell: 'electron' | 'browser';
}

export interface ConnectionView {
  readonly baseUrl?: string;
  readonly authMode: 'password' | 'token';
  readonly userName?: string;
  readonly merchantLogin?: string;
  readonly signatureRequired: boolean;
  /** The requests per second the gateway allows, as set; absent: not known. The sandbox's is its own (main/sandbox). */
  readonly gatewayRate?: number;
  /** Whether each secret is in the keychain; never the secret. Absent while the keychain cannot be read (SettingsView.keychainProblem). */
  readonly credentials?: { readonly password: boolean; readonly token: boolean };
  /** Where requests go, or why the environment cannot be used yet (each problem a phrase, said one after another with "; "). */
  readonly effectiveBaseUrl?: string;
  readonly problem?: Said;
}

export interface SettingsView {
  /** The environment is the installation's; the language and theme are the signed-in person's own (no theme: the system's). */
  readonly general: { readonly environment: EnvironmentName; readonly language: string; readonly theme?: Theme };
  /** The idle time before a desk locks, in minutes, as the administrator set it. */
  readonly idleMinutes: number;
  /** Whether two-factor sign-in is required of finance and administrators, and whether this desk holds the team key. */
  readonly twoFactor: { readonly required: boolean; readonly teamKeyHeld: boolean };
  readonly connections: { readonly [E in EnvironmentName]: ConnectionView };
  /** The last switch main refused since the app last switched, and why; general.environment is still the one in use. */
  readonly switchRefused?: SwitchRefusal;
  /** Why the OS keychain cannot be used now, once, as phrases; absent when it can. */
  readonly keychainProblem?: Said;
}

export interface SwitchRefusal {
  readonly environment: EnvironmentName;
  readonly reason: Said;
  readonly at: number;
}

export interface ConnectionCheck {
  readonly ok: boolean;
  readonly environment: EnvironmentName;
  /** As phrases: connected, or the gateway's refusal (its own text quoted), or why nothing answered. */
  readonly message: Said;
  /** The technical account of a failed check, for a "Details" disclosure. */
  readonly detail?: string;
}

export interface CurrencyOption {
  readonly numeric: string;
  readonly alpha: string;
  readonly exponent: number;
  readonly name: string;
}

/** A currency an environment accepts, with its per-charge maximum there. */
export interface CurrencyLimitView extends CurrencyOption {
  /** Largest amount of one charge, in this currency's minor units; absent where none is set (refused). */
  readonly maximum?: number;
  /** set in Settings, or the sandbox's default where none is set. */
  readonly maximumFrom?: 'set' | 'default';
  /** The amounts above which a refund or a manual charge needs a second person's approval (absent: none does). */
  readonly approvalThresholds: Partial<Readonly<Record<ApprovalAction, number>>>;
}

/** An environment's accepted currencies and their maximums, as Settings edits them. */
export interface ChargeLimitsView {
  readonly environment: EnvironmentName;
  /** The sandbox says which currencies it accepts; the other environments list theirs in Settings. */
  readonly currenciesFrom: 'sandbox' | 'settings';
  readonly currencies: readonly CurrencyLimitView[];
}

export type { TeamConnection, TeamFailure, TlsMode } from '../../domain/teamConnection.js';
export type {
  MovedDeskRecords,
  SavedTeamDatabase,
  SchemaStanding,
  TeamDatabaseCheck,
  TeamDatabaseFrom,
  TeamDatabaseInUse,
} from '../../services/views.js';

/** The team database as Settings shows it: what is saved, what is in use, and whether a password is kept (never which). */
export interface TeamDatabaseView {
  /** What Settings keep for this desk: none (its own file), a connection, or one this version cannot read. */
  readonly saved: SavedTeamDatabase;
  /** Whether the keychain keeps the team database's password; absent while it cannot be read (SettingsView.keychainProblem says why). */
  readonly passwordKept?: boolean;
  /** PGPASSWORD is set where the app was started, and is used instead of the keychain's password. */
  readonly passwordFromEnvironment: boolean;
  /**
   * Where this desk keeps its journals now. A team database chosen at start (BACKOFFICE_DATABASE_URL, or the
   * app's start option) overrides Settings until a start without it.
   */
  readonly inUse: TeamDatabaseInUse;
}
