/**
 * The team database an administrator points this desk at in Settings: its connection (host, port, database,
 * user, TLS; domain/teamConnection.ts) kept in this desk's settings, its password in the OS keychain
 * under this installation (never in the settings file, never answered to anyone), a test of a connection
 * before it is saved, and turning team mode off again. Every change is audited, without the password.
 *
 * The password is read when a connection to the team database asks for one, each time, and never kept
 * here: PGPASSWORD where it is set (scripted setups), else the keychain. A keychain that is locked or
 * cannot be used, or holds no password, fails that connection as a team database that cannot be reached
 * (TeamUnreachableError 'password'): the desk then refuses money as while the database is away, and never
 * falls back to its own file for it; unlocked, the next connection goes through.
 */
import type { PoolConfig } from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { z } from 'zod';
import { phrase, type Phrase } from '../phrases/phrase.js';
import type { AuditRepository } from '../store/audit.js';
import { reasonFact } from '../store/auditEvents.js';
import { openMigratedTeamDatabase, teamSchemaVersion } from '../store/postgres/migrate.js';
import { teamConnectionName, teamConnectionSchema, type TeamConnection } from '../domain/teamConnection.js';
import { checkedTeamConnection, poolConfigOf } from '../store/postgres/teamConnection.js';
import { teamError, TeamUnreachableError, unusableTeamDatabase, type TeamDatabase } from '../store/postgres/teamDatabase.js';
import { inspectTeamDatabase, type TeamDatabaseFacts } from '../store/postgres/teamInspection.js';
import type { SettingsRepository } from '../store/settings.js';
import { VaultLockedError, VaultUnavailableError } from '../vault/errors.js';
import { revealSecret } from '../vault/secret.js';
import type { SecretSlot, Vault } from '../vault/vault.js';
import { inputIssues } from '../phrases/inputIssue.js';
import { installationId, INSTALLATION_VAULT } from './installation.js';
import { SettingsError } from './settings.js';
import type { SavedTeamDatabase, SchemaStanding, TeamDatabaseCheck } from './views.js';

export type { TeamDatabaseCheck } from './views.js';

const KEY = 'teamDatabase';
/** What a newer version's settings, or damaged ones, may still say of where the database is: for its name only. */
const where = z.looseObject({ host: z.string().optional(), port: z.number().optional(), database: z.string().optional() });

export interface TeamDatabaseSettingsOptions {
  readonly settings: SettingsRepository;
  readonly vault: Vault;
  readonly audit: AuditRepository;
  readonly osUser: string;
  /** The environment the app is in, for the audit entries. */
  readonly environment: () => string;
  /** Where PGPASSWORD is read (the process's environment). */
  readonly env?: NodeJS.ProcessEnv;
  readonly now?: () => number;
}

export class TeamDatabaseSettings {
  private readonly env: NodeJS.ProcessEnv;
  private readonly now: () => number;

  constructor(private readonly options: TeamDatabaseSettingsOptions) {
    this.env = options.env ?? process.env;
    this.now = options.now ?? Date.now;
  }

  /**
   * What the settings keep: nothing (or null, once team mode was turned off), a connection, or something this
   * version cannot read. The last is never taken for nothing: a desk would then journal money in its own file.
   */
  saved(): SavedTeamDatabase {
    if (!this.options.settings.has(KEY)) return { kind: 'none' };
    const kept = this.options.settings.get(KEY, z.unknown());
    if (kept === null) return { kind: 'none' };
    const parsed = teamConnectionSchema.safeParse(kept);
    return parsed.success ? { kind: 'saved', connection: parsed.data } : { kind: 'unreadable' };
  }

  /**
   * The team database of Settings, opened (nothing connects yet; it is migrated before its first statement),
   * its password asked of passwordSource at each connection; none where none is saved. Settings this version
   * cannot read make a database every statement of which is refused, as one that cannot be reached.
   */
  open(): TeamDatabase | undefined {
    const saved = this.saved();
    switch (saved.kind) {
      case 'none':
        return undefined;
      case 'saved':
        return openMigratedTeamDatabase(poolConfigOf(saved.connection, this.passwordSource(teamConnectionName(saved.connection))));
      case 'unreadable': {
        const kept = where.safeParse(this.options.settings.get(KEY, z.unknown())).data ?? {};
        const name = `${kept.host ?? '?'}:${kept.port ?? '?'}/${kept.database ?? '?'}`;
        return unusableTeamDatabase(name, new TeamUnreachableError('unreadableSettings', phrase('storage.team.unreadableSettings')));
      }
    }
  }

  /**
   * A team database chosen by its URL where the app starts (BACKOFFICE_DATABASE_URL), opened as open() opens
   * Settings': the URL's own password where it has one, else PGPASSWORD, else the keychain's.
   */
  openUrl(url: string): TeamDatabase {
    let config: PoolConfig;
    try {
      config = parseIntoClientConfig(url);
    } catch {
      // node-postgres says what is wrong with it at the first connection, as with any other bad URL.
      return openMigratedTeamDatabase(url);
    }
    if (config.password) return openMigratedTeamDatabase(config);
    const name = `${config.host ?? ''}:${config.port ?? 5432}/${config.database ?? ''}`;
    return openMigratedTeamDatabase({ ...config, password: this.passwordSource(name) });
  }

  /** Whether PGPASSWORD is set, and so used instead of the keychain's password. */
  get passwordFromEnvironment(): boolean {
    return Boolean(this.env.PGPASSWORD);
  }

  /** Whether the keychain keeps a password for the team database; throws the vault's error where it cannot be read. */
  passwordKept(): Promise<boolean> {
    return this.options.vault.isSet(INSTALLATION_VAULT, this.slot());
  }

  /**
   * Saves the connection, and the password first where one is given: a password the keychain refuses saves
   * nothing. Without one, the password kept (if any) stays as it is.
   */
  async save(input: unknown, password?: string): Promise<void> {
    const connection = valid(input);
    const facts = { database: teamConnectionName(connection), user: connection.user, tls: connection.tls.mode };
    if (password !== undefined) {
      try {
        await this.options.vault.store(INSTALLATION_VAULT, this.slot(), password);
      } catch (err) {
        this.audit({ ...facts, ...reasonFact(err instanceof Error ? err.message : String(err)) }, 'failure');
        throw err;
      }
    }
    this.options.settings.set(KEY, connection);
    this.audit({ ...facts, ...(password !== undefined ? { password: 'stored' as const } : {}) }, 'success');
  }

  /**
   * Back to this desk's own file: the connection forgotten and its password removed from the keychain. A
   * keychain that cannot remove it (locked) refuses the whole, so that no password is left behind unnamed.
   */
  async turnOff(): Promise<void> {
    let removed: boolean;
    try {
      removed = await this.options.vault.clear(INSTALLATION_VAULT, this.slot());
    } catch (err) {
      this.audit(reasonFact(err instanceof Error ? err.message : String(err)), 'failure');
      throw err;
    }
    const wasOn = this.saved().kind !== 'none';
    this.options.settings.set(KEY, null);
    // Turned off where it was already off changes nothing worth an entry, unless a password was left behind.
    if (wasOn || removed) this.audit(removed ? { password: 'removed' } : {}, 'success');
  }

  /**
   * Connects to the database of `input` (saved or not) with the password typed, or else the one this desk
   * would use, runs a few read-only queries and says what it found, or why it could not. Nothing is saved,
   * migrated or audited: a test changes nothing.
   */
  async check(input: unknown, password?: string): Promise<TeamDatabaseCheck> {
    const connection = valid(input);
    const database = teamConnectionName(connection);
    const source = password !== undefined ? () => Promise.resolve(password) : this.passwordSource(database);
    let facts: TeamDatabaseFacts;
    try {
      facts = await inspectTeamDatabase(poolConfigOf(connection, source));
    } catch (err) {
      const failed = teamError(err, database);
      // The reason alone: what it would mean for money does not apply to a test.
      if (failed instanceof TeamUnreachableError) return { connected: false, database, failure: failed.failure, said: [failed.why] };
      return { connected: false, database, failure: 'other', said: failed.said };
    }
    return found(database, facts);
  }

  /** The password of the team database `database`, asked at each connection: see the module's comment. */
  private passwordSource(database: string): () => Promise<string> {
    return async () => {
      const fromEnvironment = this.env.PGPASSWORD;
      if (fromEnvironment) return fromEnvironment;
      let secret;
      try {
        secret = await this.options.vault.secret(INSTALLATION_VAULT, this.slot());
      } catch (err) {
        if (!(err instanceof VaultUnavailableError)) throw err;
        const why =
          err instanceof VaultLockedError
            ? phrase('storage.team.passwordLocked', { database })
            : phrase('storage.team.passwordKeychain', { database, keychain: err.said[0] ?? phrase('settings.keychainUnusable') });
        throw new TeamUnreachableError('password', why, { cause: err });
      }
      if (!secret) throw new TeamUnreachableError('password', phrase('storage.team.noPassword', { database }));
      return revealSecret(secret);
    };
  }

  private slot(): SecretSlot {
    return { kind: 'teamDatabasePassword', installationId: installationId(this.options.settings) };
  }

  private audit(
    facts: { database?: string; user?: string; tls?: string; password?: 'stored' | 'removed'; reason?: string },
    outcome: 'success' | 'failure',
  ): void {
    const what = facts.database ? `${facts.database} as ${facts.user} (TLS ${facts.tls})` : 'off';
    this.options.audit.record({
      at: this.now(),
      osUser: this.options.osUser,
      environment: this.options.environment(),
      action: 'teamDatabase.change',
      facts,
      outcome,
      objectType: 'settings',
      detail: [what, facts.password ? `password ${facts.password}` : undefined, facts.reason].filter(Boolean).join(': '),
    });
  }
}

/** The connection the input describes; refused, with each field's problem, where it does not describe one. */
function valid(input: unknown): TeamConnection {
  const parsed = checkedTeamConnection.safeParse(input);
  if (!parsed.success) throw new SettingsError(phrase('settings.invalidSettings', { fields: inputIssues(parsed.error) }));
  return parsed.data;
}

/** A connection test's findings in words: the server, then how its schema stands, then what this user may not do. */
function found(database: string, facts: TeamDatabaseFacts): TeamDatabaseCheck {
  const latest = teamSchemaVersion();
  const version = facts.schemaVersion;
  const schema: SchemaStanding = version === 0 ? 'empty' : version < latest ? 'older' : version > latest ? 'newer' : 'current';
  const standing: Record<SchemaStanding, Phrase> = {
    empty: phrase('settings.team.schemaEmpty'),
    older: phrase('settings.team.schemaOlder', { version, latest }),
    current: phrase('settings.team.schemaCurrent', { version }),
    newer: phrase('settings.team.schemaNewer', { version, latest }),
  };
  // Only a schema this desk would have to make or bring up to date needs the right to create tables.
  const mustCreate = schema === 'empty' || schema === 'older';
  return {
    connected: true,
    database,
    serverVersion: facts.serverVersion,
    encrypted: facts.encrypted,
    schema,
    schemaVersion: version,
    latestSchema: latest,
    mayCreate: facts.mayCreate,
    said: [
      phrase('settings.team.connected', {
        database,
        version: facts.serverVersion,
        encryption: phrase(facts.encrypted ? 'settings.team.encrypted' : 'settings.team.notEncrypted'),
      }),
      standing[schema],
      ...(mustCreate && !facts.mayCreate ? [phrase('settings.team.cannotCreate')] : []),
    ],
  };
}
