/**
 * The main process's core, put together: the store and the vault in the app's data folder, the embedded
 * sandbox (its orders kept in the same folder), a gateway client for the current environment, and the
 * services over it. On opening, and on every switch of environment, the open charges and order
 * operations of that environment are reconciled before it is ready: no new charge goes out while an
 * earlier one's outcome is unknown. Plain Node, so the Electron adapter and the browser-mode host share it.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { GatewayClient, type Credentials, type ResponseEvent } from '../gateway/client.js';
import { appClientOptions, type KnownLimits } from './gatewayClientOptions.js';
import { GatewayError } from '../gateway/errors.js';
import { environmentPhrase } from '../gateway/environments.js';
import { createSandbox, SANDBOX_MERCHANT, type Sandbox } from '../sandbox/index.js';
import { AuditRepository, DeskAuditLog, type AuditLog } from '../store/audit.js';
import { openDatabase, type Db } from '../store/database.js';
import { checkIntegrity, type IntegrityCheck } from '../store/integrityCheck.js';
import { CallActivity } from './callActivity.js';
import { lockDataFolder, type FolderLock } from '../store/folderLock.js';
import { privateFolder } from '../store/privateFiles.js';
import { SqliteChargeJournal, type ChargeJournal } from '../store/journal.js';
import { isUnreachable, StoreError } from '../store/errors.js';
import { openMigratedTeamDatabase } from '../store/postgres/migrate.js';
import { deskSeen, type DeskIdentity } from '../store/postgres/desks.js';
import { teamShares } from '../store/postgres/teamSettings.js';
import { TEAM_SETTINGS } from '../store/migrations.js';
import { installationId } from './installation.js';
import type { TeamChange } from '../store/postgres/teamChanges.js';
import { hostname } from 'node:os';
import type { TeamDatabase } from '../store/postgres/teamDatabase.js';
import type { PoolConfig } from 'pg';
import { CustomerDirectory } from '../store/customers.js';
import { SqliteKnownBindings, type KnownBindingStore } from '../store/knownBindings.js';
import { SqliteOperationJournal, type OperationJournal } from '../store/operations.js';
import { OrderCache } from '../store/orderCache.js';
import { OrderSyncs } from '../store/orderSyncs.js';
import { pageKeeperFor } from '../store/pageKeeper.js';
import { PeriodOrders } from '../store/periodOrders.js';
import { environmentKeys, IDLE_MINUTES_KEY, SettingsRepository, type SharedSettings } from '../store/settings.js';
import { SqliteSigningKeys } from '../store/signingKeys.js';
import { SavedViews } from '../store/savedViews.js';
import { PersonViews } from '../store/personViews.js';
import { revealSecret } from '../vault/secret.js';
import { VaultLockedError, VaultUnavailableError } from '../vault/errors.js';
import { Vault } from '../vault/vault.js';
import { BindingService } from './bindings.js';
import { ChargeLimits } from './chargeLimits.js';
import { failureText } from './failureWords.js';
import { ChargeService } from './charges.js';
import { ChargeLedger } from './chargeStanding.js';
import { OrderList } from './orderList.js';
import { OrderOperations } from './orderOperations.js';
import { Approvals } from './approvals.js';
import { chargeConfirmed, requestedCharge } from './confirmedCharge.js';
import { SqliteApprovalRequests, type ApprovalRequests } from '../store/approvals.js';
import { OrderService, type OrderView } from './orders.js';
import { lastOrdersSource } from './orderSync.js';
import { LegacyProfile } from './legacyProfile.js';
import type { DeskPeople } from './profileUpgrade.js';
import { OperatorService } from './operators.js';
import { Sessions } from './sessions.js';
import { TeamKey } from './teamKey.js';
import { TwoFactorService } from './twoFactor.js';
import { SqliteOperators } from '../store/operators.js';
import { TeamPeopleCopy } from '../store/teamPeopleCopy.js';
import type { Operator } from '../domain/operators.js';
import type { Role } from '../domain/roles.js';
import { openSandboxConsole } from './sandboxConsole.js';
import { saidOf, SettingsError, SettingsService, type EnvironmentName, type Preferences, type PreferencesChange } from './settings.js';
import { english } from '../phrases/english.js';
import type { AuditFactsOf } from '../store/auditEvents.js';
import { phrase, type Said } from '../phrases/phrase.js';
import { SavedViewService } from './savedViews.js';
import { SigningKeyService } from './signingKeys.js';
import { TeamDatabaseSettings } from './teamDatabaseSettings.js';
import { TeamJournals } from './teamJournals.js';
import { BatchLookups } from './batchLookups.js';
import { ChargeBatches } from './chargeBatches.js';
import type { BatchProgressEvent, MovedDeskRecords, TeamDatabaseFrom, TeamDatabaseInUse } from './views.js';

export interface AppCoreOptions {
  readonly dataFolder: string;
  /** The OS user, for the audit log. */
  readonly osUser: string;
  /** The system's locale, for the language until one is saved in Settings. */
  readonly systemLocale?: string;
  readonly vault?: Vault;
  /** Seed the embedded sandbox with demo data on first run (the app does; tests may not). */
  readonly demo?: boolean;
  /** What opened the core ("browser mode", "Electron"), named to a second process that finds the folder in use. */
  readonly entry?: string;
  /** Main's log; each failed gateway request is written here, as the screens show it in words only. */
  readonly log?: (line: string) => void;
  /**
   * The team's PostgreSQL (a URL, or node-postgres's settings; the password from PGPASSWORD if not in
   * them), where the charge journal of every environment but the embedded sandbox is kept for the whole
   * team. BACKOFFICE_DATABASE_URL when not given, and the team database of Settings without either; without
   * any, everything stays in this desk's file. Given here or by the variable, it overrides Settings.
   */
  readonly teamDatabase?: string | PoolConfig;
  /** This desk's name in the team's records: on each charge it journals and each claim it holds. The host's name by default. */
  readonly desk?: string;
  /** The app's version, which each desk tells the team database it runs. */
  readonly appVersion?: string;
}

export type { BatchProgressEvent } from './views.js';

/** A switch of environment that main refused, and why as phrases; the app stayed where it was. */
export interface SwitchRefusal {
  readonly environment: EnvironmentName;
  readonly reason: Said;
  readonly at: number;
}

/** The services of one environment, over one gateway client. */
export interface EnvironmentServices {
  readonly environment: EnvironmentName;
  readonly orders: OrderService;
  readonly operations: OrderOperations;
  readonly bindings: BindingService;
  readonly charges: ChargeService;
  /** Four-eyes approval requests of this environment. */
  readonly approvals: Approvals;
  /** The orders of a period, offline, kept up to date by the order sync; the reconciliation report. */
  readonly list: OrderList;
}

/** The services with the client they share, kept inside the core. */
type OpenServices = EnvironmentServices & { readonly client: GatewayClient };

export class AppCore {
  readonly settings: SettingsService;
  readonly keys: SigningKeyService;
  /** This desk's own audit log, where every entry is recorded first. */
  readonly audit: AuditRepository;
  /** This desk's own log as the Audit screen reads one. */
  private readonly deskAudit: DeskAuditLog;
  /** Accepted currencies and per-charge maximums, per environment and currency. */
  readonly chargeLimits: ChargeLimits;
  /** What this desk's file knows of each stored card (masked); the team's are in its database (knownBindings). */
  private readonly ownKnownBindings: SqliteKnownBindings;
  /** The customers the app knows of, from the synced orders and the stored cards seen. */
  readonly customers: CustomerDirectory;
  /**
   * The role profile an installation kept before it had accounts: read only to adopt it as its administrator's
   * account at first start (profileUpgrade.ts), and then retired from the keychain.
   */
  readonly legacyProfile: LegacyProfile;
  /** The people who use the app: this desk's, or its team's where it has a team database. */
  readonly people: OperatorService;
  /**
   * Who is at this desk now: the channels are opened to their role (main/ipc/sessionGuard.ts). A change to a
   * person made at another desk reaches it through the team's notifications.
   */
  readonly sessions: Sessions;
  /** Two-factor sign-in: enrolment, the code step of a sign-in, and the team key that seals the secrets. */
  readonly twoFactor: TwoFactorService;
  readonly teamKey: TeamKey;
  private readonly sessionListeners = new Set<() => void>();
  /** This desk's own people, while it has no team database. */
  private readonly ownOperators: SqliteOperators;

  /** How many people the desk's own file has, whoever's people it signs in now (profileUpgrade.ts). */
  get deskPeople(): DeskPeople {
    return this.ownOperators;
  }
  /** The Orders list's saved views, of the environment open and the role of the person signed in. */
  readonly savedViews: SavedViewService;
  /** What each journalled charge stands at now, from the order cache and the operations made here. */
  readonly chargeLedger: ChargeLedger;
  /** Batch look-ups of the environment open; a switch to another cancels them (openEnvironment). */
  readonly batchLookups: BatchLookups;
  /** Batch charges, each bound to the environment it was checked in; a switch away cancels them (openEnvironment). */
  readonly chargeBatches: ChargeBatches;
  /** The team database this desk is pointed at in Settings, and its password in the keychain. */
  readonly teamDatabase: TeamDatabaseSettings;
  private readonly progressListeners = new Set<(progress: BatchProgressEvent) => void>();
  /** The language the gateway is asked to answer in: the person's, read again after a change of either. */
  private language: string | undefined;
  private current?: OpenServices;
  private refusal?: SwitchRefusal;
  /**
   * Charges and operations being sent now (their claims: store/claims.ts), shared across rebuilds, so that
   * a reconciliation run by a reopening never sends what the services before it are sending.
   */
  private readonly chargesInFlight = new Set<number>();
  private readonly operationsInFlight = new Set<number>();
  /** The team database in use and the journals made on it; none while this desk keeps its journals in its file. */
  private team?: TeamJournals;
  /** The data file's integrity check, run in the background from opening (store/integrityCheck.ts). */
  private integrity: IntegrityCheck = { checked: Promise.resolve(), stop: () => Promise.resolve() };
  /** The calls the screens make (both entry points' dispatchers tell it): the index's load gives way to them. */
  readonly calls = new CallActivity();
  private readonly teamListeners = new Set<(change: TeamChange) => void>();
  /** Changes of the team database, one at a time (saveTeamDatabase, turnOffTeamDatabase). */
  private teamChanges: Promise<unknown> = Promise.resolve();
  /** Clients of environments left, closing once their charges and operations have settled (retire()). */
  private readonly retiring = new Set<Promise<void>>();

  private constructor(
    private readonly options: AppCoreOptions,
    private readonly lock: FolderLock,
    private readonly db: Db,
    private readonly vault: Vault,
    readonly sandbox: Sandbox,
  ) {
    // Every entry names the person whose call recorded it (store/actingPerson.ts, set by the dispatcher).
    this.audit = new AuditRepository(db);
    this.deskAudit = new DeskAuditLog(this.audit);
    // The settings a team shares are the team database's in use (store/postgres/teamSettings.ts), read through
    // this desk's copy of them; the rest, and all of them without a team database, are this desk's.
    const shared: SharedSettings = {
      owns: (key) => this.team !== undefined && teamShares(key),
      get: (key) => this.team?.settings.get(key) ?? { known: false },
      set: (key, json) => this.team?.settings.set(key, json),
    };
    const settings = new SettingsRepository(db, shared);
    this.settings = new SettingsService({
      settings,
      vault,
      audit: this.audit,
      osUser: options.osUser,
      ...(options.systemLocale ? { systemLocale: options.systemLocale } : {}),
    });
    this.chargeLimits = new ChargeLimits({
      settings,
      audit: this.audit,
      osUser: options.osUser,
      sandboxCurrencies: sandbox.currencies,
    });
    const ownKeys = new SqliteSigningKeys(db, this.audit);
    this.keys = new SigningKeyService({
      // The team's keys where there is a team database, but the embedded sandbox's, which are each desk's own.
      keys: (environment) => (environment !== 'sandbox' && this.team ? this.team.signingKeys() : ownKeys),
      vault,
      audit: this.audit,
      osUser: options.osUser,
    });
    this.ownKnownBindings = new SqliteKnownBindings(db);
    this.customers = new CustomerDirectory(db);
    this.chargeLedger = new ChargeLedger({
      cache: new OrderCache<OrderView>(db),
      operations: (environment) => this.journalsOf(environment).operations,
    });
    this.batchLookups = new BatchLookups({
      orders: () => this.services.orders,
      environment: () => this.services.environment,
      onProgress: (batchId, state, progress) => this.progressed({ type: 'batch.progress', batchId, state, progress }),
    });
    this.chargeBatches = new ChargeBatches({
      onProgress: (batchId, state, progress) => this.progressed({ type: 'chargeBatch.progress', batchId, state, progress }),
    });
    this.legacyProfile = new LegacyProfile({
      settings: new SettingsRepository(db),
      vault,
      audit: this.audit,
      osUser: options.osUser,
      environment: () => this.settings.general().environment,
    });
    this.ownOperators = new SqliteOperators(db, this.audit);
    const who = { audit: this.audit, osUser: options.osUser, environment: () => this.settings.general().environment };
    /** The people store in use: the team's where this desk has a team database, else its file's. */
    const people = () => this.team?.operators() ?? this.ownOperators;
    this.people = new OperatorService({
      store: people,
      // A change made here reaches this desk's session at once; other desks hear of it from the team database.
      changed: () => this.refreshSession(),
      ...who,
    });
    this.teamKey = new TeamKey({ vault, settings, ownSettings: new SettingsRepository(db) });
    this.twoFactor = new TwoFactorService({
      store: people,
      people: this.people,
      teamKey: this.teamKey,
      required: () => this.settings.twoFactorRequired(),
      changed: () => this.refreshSession(),
      ...who,
    });
    this.sessions = new Sessions({
      people: this.people,
      secondStep: (operator) => this.twoFactor.stepAfterPassword(operator),
      idleMs: () => this.settings.idleMinutes() * 60_000,
      // Another person, or none: the gateway answers in their language from the next request.
      onChange: () => {
        this.language = undefined;
        for (const l of this.sessionListeners) l();
      },
      ...who,
    });
    this.savedViews = new SavedViewService(new PersonViews(settings, new SavedViews(db)), () => ({
      environment: this.services.environment,
      person: this.signedIn().id,
      role: this.signedIn().role,
    }));
    this.teamDatabase = new TeamDatabaseSettings({
      settings: new SettingsRepository(db),
      vault,
      audit: this.audit,
      osUser: options.osUser,
      environment: () => this.settings.general().environment,
    });
  }

  /**
   * Opens the core on a data folder. The folder is locked for this process first, before the store is
   * opened or any charge reconciled: a second process on the same folder would otherwise reconcile the
   * first one's charges in flight and send them again. It gets a DataFolderInUseError instead, naming this
   * process from the note kept in the store.
   */
  static async open(o: AppCoreOptions): Promise<AppCore> {
    // The operator's alone: 0700, and every file in it 0600 (store/privateFiles.ts), narrowed if wider.
    privateFolder(o.dataFolder);
    const lock = lockDataFolder(o.dataFolder, o.entry ?? 'the app');
    let db: Db | undefined;
    let integrity: IntegrityCheck | undefined;
    let sandbox: Sandbox | undefined;
    let core: AppCore | undefined;
    try {
      const file = join(o.dataFolder, 'app.sqlite');
      db = openDatabase(file, { integrity: 'later' });
      lock.noteHolder(db);
      integrity = checkIntegrity(file);
      // Told once, here; the journals' money steps wait for it and refuse with its words.
      integrity.checked.catch((err: Error) => o.log?.(`the data file failed its integrity check: ${err.message}`));
      sandbox = await createSandbox({ dataFile: join(o.dataFolder, 'sandbox.sqlite'), demo: o.demo ?? false });
      core = new AppCore(o, lock, db, o.vault ?? new Vault(), sandbox);
      core.integrity = integrity;
      await core.legacyProfile.open();
      // Nothing connects yet: a team database that is away (or whose password cannot be read) lets the desk
      // open, for look-ups, and its money actions wait for it.
      core.team = core.teamAtStart();
      if (core.team) await core.joinTeam(core.team);
      await core.openEnvironment(core.settings.general().environment);
      return core;
    } catch (err) {
      await core?.team?.close();
      await sandbox?.close();
      await integrity?.stop();
      db?.close();
      lock.release();
      throw err;
    }
  }

  /** The services of the current environment; ready once its open charges were reconciled. */
  get services(): EnvironmentServices {
    if (!this.current) throw new SettingsError(phrase('settings.noEnvironmentOpen'));
    // Everything but the client, which holds the credentials.
    const { client: _client, ...services } = this.current;
    return services;
  }

  /**
   * The last switch that could not be made, and why, until a switch succeeds: the settings screen says it
   * beside the environment still in use, from here rather than from what a form last held.
   */
  get switchRefused(): SwitchRefusal | undefined {
    return this.refusal;
  }

  /** Switches environment (audited, a refusal too); the new one is reconciled before it is used. */
  async switchEnvironment(environment: EnvironmentName): Promise<EnvironmentServices> {
    try {
      await this.openEnvironment(environment);
    } catch (err) {
      // The keychain's own message is shown once by the settings view; the refusal only points to it.
      const reason: Said =
        err instanceof VaultUnavailableError
          ? [phrase(err instanceof VaultLockedError ? 'settings.keychainLocked' : 'settings.keychainUnusable')]
          : saidOf(err);
      this.refusal = { environment, reason, at: Date.now() };
      this.audit.record({
        at: this.refusal.at,
        osUser: this.options.osUser,
        environment: this.settings.general().environment,
        action: 'environment.switch',
        facts: { to: environment, reason: english(reason) },
        outcome: 'refused',
        objectType: 'settings',
        detail: `to ${environment}: ${english(reason)}`,
      });
      throw err;
    }
    this.refusal = undefined;
    // Saved only once the switch worked: the settings never name an environment the app is not in.
    this.settings.setGeneral({ environment });
    return this.services;
  }

  /** Changes the administrator's general settings: the environment switches only once it opened. */
  async updateGeneral(change: Parameters<SettingsService['setGeneral']>[0]): Promise<void> {
    const { environment, ...rest } = change;
    const before = this.settings.general();
    if (Object.keys(rest).length > 0) this.settings.setGeneral(rest);
    if (environment !== undefined && environment !== before.environment) await this.switchEnvironment(environment);
  }

  /**
   * The person signed in at this desk. Only what the session guard let through calls this, so nobody signed in
   * here is a fault of main's, not the person's.
   */
  signedIn(): Operator {
    const person = this.sessions.person();
    if (!person) throw new Error('nobody is signed in at this desk');
    return person;
  }

  /** Sets the idle time before a desk locks; this desk's session counts to it at once (the team's desks, when they hear). */
  setIdleMinutes(minutes: number): void {
    this.settings.setIdleMinutes(minutes);
    this.sessions.idleTimeChanged();
  }

  /** The language and theme of the person signed in; the installation's language while nobody is. */
  preferences(): Preferences {
    return this.settings.preferences(this.sessions.person()?.id);
  }

  /** Changes the language or theme of the person signed in; a new language reaches the gateway at the next request. */
  async updatePreferences(change: PreferencesChange): Promise<void> {
    this.settings.setPreferences(this.signedIn().id, change);
    this.language = undefined;
  }

  /** Records a channel refused to the role signed in (none: nobody, or the desk locked); the channel is the entry's object. */
  accessRefused(channel: string, role: Role | undefined): void {
    this.audit.record({
      at: Date.now(),
      osUser: this.options.osUser,
      environment: this.settings.general().environment,
      action: 'access',
      facts: role !== undefined ? { role } : {},
      outcome: 'refused',
      objectType: 'channel',
      objectId: channel,
    });
  }

  /** Calls the listener whenever the desk's session changes (signed in, out, locked, the person read again). */
  onSessionChange(listener: () => void): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  /**
   * Asks the gateway about an order number nobody uses: "no such order" proves the address and the
   * credentials work; a refusal comes back in the gateway's own words.
   */
  async checkConnection(): Promise<{ ok: boolean; message: Said; detail?: string }> {
    const { client } = this.current ?? {};
    if (!client) return { ok: false, message: [phrase('settings.noEnvironmentOpen')] };
    try {
      await client.getOrderStatusExtended({ orderNumber: `connection-check-${randomUUID().slice(0, 8)}` });
      return { ok: true, message: [phrase('settings.connected')] };
    } catch (err) {
      if (err instanceof GatewayError && err.errorCode === '6') return { ok: true, message: [phrase('settings.credentialsAccepted')] };
      const words = failureText(err);
      return { ok: false, message: words.said, ...(words.detail ? { detail: words.detail } : {}) };
    }
  }

  /** A one-time address of the embedded sandbox's developer console; refused (and audited) outside the sandbox. */
  openSandboxConsole(): string {
    return openSandboxConsole({
      environment: this.services.environment,
      sandbox: this.sandbox,
      audit: this.audit,
      osUser: this.options.osUser,
    });
  }

  /**
   * Every failed attempt at the gateway, in technical terms, for support: a look-up's failure reaches the
   * screen as an answer in words (not an error the IPC layer logs), so this is where its detail is kept.
   */
  private logFailure(environment: string, e: ResponseEvent): void {
    // The gateway's own refusals (not found, declined) are answers, shown with their code; not faults.
    if (e.outcome === 'ok' || e.outcome === 'gateway' || e.outcome === 'validation') return;
    const status = e.status !== undefined ? ` HTTP ${e.status}` : '';
    const code = e.errorCode !== undefined ? ` errorCode ${e.errorCode}` : '';
    (this.options.log ?? console.error)(
      `gateway: ${environment} ${e.endpoint} attempt ${e.attempt} failed: ${e.outcome}${status}${code} after ${Math.round(e.durationMs)} ms`,
    );
  }

  /** Changes an environment's connection; the current environment is reopened with it at once. */
  async updateConnection(environment: EnvironmentName, change: Parameters<SettingsService['setConnection']>[1]): Promise<void> {
    this.settings.setConnection(environment, change);
    this.forgetRefusal(environment);
    await this.reopenIfCurrent(environment);
  }

  /** Stores or clears a credential in the keychain; the current environment is reopened with it at once. */
  async updateCredential(environment: EnvironmentName, kind: 'password' | 'token', secret: string | undefined): Promise<void> {
    if (secret === undefined) await this.settings.clearCredential(environment, kind);
    else await this.settings.setCredential(environment, kind, secret);
    this.forgetRefusal(environment);
    await this.reopenIfCurrent(environment);
  }

  /** A refusal's reason may no longer hold once that environment's connection or credentials change. */
  private forgetRefusal(environment: EnvironmentName): void {
    if (this.refusal?.environment === environment) this.refusal = undefined;
  }

  /**
   * Makes a signing key of the current environment the one that signs. Where that environment's requests
   * are signed, its client is rebuilt at once with the new key: the client takes its signer when it is
   * made, so without this the old key (or none) would go on signing until the next switch.
   */
  async activateSigningKey(id: string): Promise<void> {
    const environment = this.services.environment;
    await this.keys.activate(environment, id);
    if (!this.settings.connection(environment).signatureRequired) return;
    try {
      await this.openEnvironment(environment);
    } catch (err) {
      throw new SettingsError([phrase('settings.keyActiveBut', { environment: environmentPhrase(environment) }), ...saidOf(err)]);
    }
  }

  /**
   * The change is saved either way; if the environment cannot open with it, the earlier services stay in
   * use and the operator is told what is still missing.
   */
  private async reopenIfCurrent(environment: EnvironmentName): Promise<void> {
    if (this.current?.environment !== environment) return;
    try {
      await this.openEnvironment(environment);
    } catch (err) {
      throw new SettingsError([phrase('settings.savedBut', { environment: environmentPhrase(environment) }), ...saidOf(err)]);
    }
  }

  /** Builds (and reconciles) an environment's services, then puts them in place of the current ones. */
  private async openEnvironment(environment: EnvironmentName): Promise<void> {
    const services = await this.build(environment);
    const old = this.current;
    if (old) {
      // The old environment's reading ends now, whatever its gateway does: its sync is cancelled (the
      // requests of its pages end in the transport) and its page keeper stops before the new list starts.
      // Its client is not waited for: a charge or operation already on its way (saving a credential while
      // one is sent) finishes on it, each request bounded by the client's deadline, and settles its row,
      // rather than being cut off into an unknown outcome; the client is closed once they have.
      old.list.cancel();
      const retiring: Promise<void> = retire(old).finally(() => this.retiring.delete(retiring));
      this.retiring.add(retiring);
      await old.list.close();
    }
    this.current = services;
    // Batches never go on in an environment other than the one they were started or checked in: switched
    // away from (by a person, or by a change of credentials that reopened another), they are cancelled here,
    // the one place every switch passes. A reopening of the same environment (a new credential or signing key) leaves them be.
    if (old && old.environment !== environment) {
      this.batchLookups.cancelAll();
      this.chargeBatches.cancelOutside(environment);
    }
  }

  /** Follows the batches' progress (the IPC layer forwards it to the screens); returns the unsubscribe. */
  onBatchProgress(listener: (progress: BatchProgressEvent) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  private progressed(progress: BatchProgressEvent): void {
    for (const listener of this.progressListeners) listener(progress);
  }

  private async credentials(environment: EnvironmentName): Promise<Credentials> {
    if (environment === 'sandbox') return { userName: SANDBOX_MERCHANT.apiUser, password: SANDBOX_MERCHANT.password };
    const connection = this.settings.connection(environment);
    if (connection.authMode === 'token') {
      const token = await this.vault.secret(environment, { kind: 'apiToken' });
      if (!token) throw new SettingsError(phrase('settings.noToken', { environment: environmentPhrase(environment) }));
      return { token: revealSecret(token) };
    }
    const password = await this.vault.secret(environment, { kind: 'apiPassword' });
    if (!connection.userName || !password)
      throw new SettingsError(phrase('settings.noPassword', { environment: environmentPhrase(environment) }));
    return { userName: connection.userName, password: revealSecret(password) };
  }

  /**
   * The gateway's limits as this app knows them when it opens the environment: the embedded sandbox's are its
   * merchant's own (0 by default: none; the developer console may set them), the others' rate is Settings'.
   */
  private knownLimits(environment: EnvironmentName): KnownLimits {
    if (environment === 'sandbox') return this.sandbox.core.state.merchant(SANDBOX_MERCHANT.login)?.limits ?? { rps: 0, concurrency: 0 };
    return { rps: this.settings.connection(environment).gatewayRate ?? 0, concurrency: 0 };
  }

  private async build(environment: EnvironmentName): Promise<OpenServices> {
    const baseUrl = this.settings.baseUrl(environment, this.sandbox.url);
    const signer = this.settings.connection(environment).signatureRequired ? await this.keys.activeSigner(environment) : undefined;
    if (this.settings.connection(environment).signatureRequired && !signer) {
      throw new SettingsError(phrase('settings.signatureNoKey', { environment: environmentPhrase(environment) }));
    }
    const client = new GatewayClient({
      ...appClientOptions({ baseUrl, credentials: await this.credentials(environment), limits: this.knownLimits(environment) }),
      // Asked at each request: a change of language or profile reaches the gateway without stopping a sync or a batch.
      language: () => (this.language ??= this.preferences().language),
      ...(signer ? { signing: { signer } } : {}),
      hooks: { onResponse: (e) => this.logFailure(environment, e) },
    });
    const common = { environment, osUser: this.options.osUser, client, audit: this.audit };
    const journals = this.journalsOf(environment);
    const periodOrders = new PeriodOrders(this.db, { giveWay: (atMostMs) => this.calls.quiet(atMostMs) });
    // The Orders list's index starts loading now, in slices, so that a large cache is ready by the time the
    // list is opened; a failure here shows on the list's first query, which loads it again.
    periodOrders.ready(environment).catch(() => undefined);
    const syncs = new OrderSyncs(this.db, periodOrders);
    const operations = new OrderOperations({
      ...common,
      operator: this.options.osUser,
      journal: journals.operations,
      inFlight: this.operationsInFlight,
    });
    const charges = new ChargeService({
      ...common,
      operator: this.options.osUser,
      journal: journals.charges,
      // Read at every charge, inside its journal transaction: a change applies to the very next one.
      perChargeMaximum: (currency, kept) => this.chargeLimits.limit(environment, currency, kept),
      inFlight: this.chargesInFlight,
    });
    const services: OpenServices = {
      environment,
      client,
      list: new OrderList({
        environment,
        orders: periodOrders,
        syncs,
        keeper: pageKeeperFor(this.db, syncs),
        source: lastOrdersSource(client),
        journal: journals.charges,
        operations: journals.operations,
        audit: this.audit,
        osUser: this.options.osUser,
      }),
      orders: new OrderService({ environment, client, cache: new OrderCache<OrderView>(this.db), ...journals }),
      operations,
      approvals: new Approvals({
        environment,
        requests: journals.approvals,
        operations,
        charge: (request, step) => {
          const confirmed = requestedCharge(request);
          // chargeConfirmed charges in the environment open now: never in another than the request's.
          if (!confirmed || this.services.environment !== request.environment)
            return Promise.resolve(charges.refused(confirmed?.bindingId ?? '', phrase('approval.otherAction')));
          return chargeConfirmed(this, confirmed, step);
        },
        audit: this.audit,
        osUser: this.options.osUser,
      }),
      bindings: new BindingService(common),
      charges,
    };
    // Before anything new: every charge and operation of this environment whose outcome is unknown. Those
    // in a team database that is away now wait for its return (money actions are refused meanwhile), and
    // the environment opens without them, for look-ups. Claiming one waits for the data file's integrity
    // check (only when some are open, as after a crash); a file found damaged leaves them open likewise.
    await services.charges.reconcileAll().catch(this.unreconciled(`charges not reconciled on opening ${environment}`));
    await services.operations.reconcileAll().catch(this.unreconciled(`operations not reconciled on opening ${environment}`));
    return services;
  }

  /** Lets a team database that cannot be reached, or a damaged data file, pass (logged under `what`); else throws. */
  private unreconciled(what: string): (err: unknown) => void {
    return (err) => {
      if (err instanceof StoreError && err.problem === 'corrupt') this.options.log?.(`${what}: ${err.message}`);
      else this.awayTeam(what)(err);
    };
  }

  /** Lets a team database that cannot be reached pass (logged under `what`); any other failure is thrown on. */
  private awayTeam(what: string): (err: unknown) => void {
    return (err) => {
      if (!isUnreachable(err)) throw err;
      this.options.log?.(`${what}: ${err.message}`);
    };
  }

  /**
   * Tells the listener what other desks change in the team's journals, as they commit ('*' after the
   * database came back: anything may have). Nothing is heard without a team database.
   */
  onTeamChange(listener: (change: TeamChange) => void): () => void {
    this.teamListeners.add(listener);
    return () => this.teamListeners.delete(listener);
  }

  /**
   * Reads the person at this desk again. While the store cannot be reached the session stays as it is (money
   * waits for the team database anyway), and it is read again at the reconnection ('*').
   */
  private refreshSession(): void {
    const log = this.options.log ?? console.error;
    this.sessions.refresh().catch((err: unknown) => log(`sessions: the person at this desk not read again: ${String(err)}`));
    // A batch started by a person disabled or whose sessions were ended stops too (a person unreadable now: not yet).
    this.chargeBatches
      .cancelOf(async (owner) => {
        const now = await this.people.get(owner.id);
        return now === undefined || now.disabledAt !== undefined || now.sessionsEnded > owner.sessionsEnded;
      })
      .catch((err: unknown) => log(`charge batches: their people not read again: ${String(err)}`));
  }

  private readonly heard = (change: TeamChange): void => {
    // A person changed at another desk (disabled, another role): this desk's session reads them again.
    if (change === 'operators' || change === '*') this.refreshSession();
    for (const l of this.teamListeners) l(change);
  };

  /** The log the Audit screen reads: the team's, with every desk's entries, or this desk's own. */
  get auditLog(): AuditLog {
    return this.team?.audit ?? this.deskAudit;
  }

  /**
   * Starts using a team database: this desk says it is here, takes the team's settings before an environment
   * opens with them (while the database is away, its copy's), and hears the other desks' changes.
   */
  private async joinTeam(team: TeamJournals): Promise<void> {
    await this.seenByTeam(team.db);
    // A team that has none of a setting takes this desk's own (a new team, from its first desk); one that
    // has it keeps its own.
    await team.settings.moveOwn(new SettingsRepository(this.db).own()).catch((err: unknown) => {
      this.awayTeam("the team's settings not read")(err);
      team.settings.syncSoon();
    });
    // Its signing keys (a desk that signs goes on signing) and the cards it knows, where the team lacks them.
    await team.bringDeskKnowledge().catch(this.awayTeam("this desk's signing keys and known cards not brought to the team"));
    // The team's people, copied for signing in while the team database is away.
    await team.operators().refresh().catch(this.awayTeam("the copy of the team's people not taken again"));
    team.listen(this.heard);
  }

  /** Another desk changed settings the team shares: the environment in use reopens on a connection changed. */
  private settingsFromTeam(keys: readonly string[]): void {
    if (keys.includes(IDLE_MINUTES_KEY)) this.sessions.idleTimeChanged();
    const environment = this.current?.environment;
    const reopened =
      environment !== undefined && keys.includes(environmentKeys(environment).connection)
        ? this.reopenIfCurrent(environment).catch((err: unknown) =>
            this.options.log?.(`the team's connection change not applied: ${String(err)}`),
          )
        : Promise.resolve();
    void reopened.then(() => this.heard(TEAM_SETTINGS));
  }

  /** Where this desk keeps its journals now. */
  get teamDatabaseInUse(): TeamDatabaseInUse {
    return this.team ? { kind: 'team', database: this.team.db.name, from: this.team.from } : { kind: 'file' };
  }

  /**
   * Copies this desk's records into the team database in use (TeamJournals.moveDeskRecords), between changes
   * of team database, never during one; audited either way. Refused without a team database.
   */
  moveDeskRecords(): Promise<MovedDeskRecords> {
    const run = this.teamChanges.then(async () => {
      const team = this.team;
      if (!team) throw new SettingsError(phrase('settings.team.noTeamToMoveTo'));
      const audit = (facts: Omit<AuditFactsOf<'teamDatabase.moveRecords'>, 'database'>, outcome: 'success' | 'failure', detail: string) =>
        this.audit.record({
          at: Date.now(),
          osUser: this.options.osUser,
          environment: this.settings.general().environment,
          action: 'teamDatabase.moveRecords',
          facts: { database: team.db.name, ...facts },
          outcome,
          objectType: 'settings',
          detail,
        });
      let moved: MovedDeskRecords;
      try {
        moved = await team.moveDeskRecords();
      } catch (err) {
        const reason = english(saidOf(err));
        audit({ charges: 0, operations: 0, auditEntries: 0, kept: 0, reason }, 'failure', `to ${team.db.name}: ${reason}`);
        throw err;
      }
      // Left in this desk's file: what the team's journal could not take, and what is not settled yet.
      const kept = [moved.charges, moved.operations].reduce((n, j) => n + j.kept.length + j.open.length, 0);
      audit(
        { charges: moved.charges.moved, operations: moved.operations.moved, auditEntries: moved.auditEntries, kept },
        'success',
        `to ${team.db.name}: ${moved.charges.moved} charges, ${moved.operations.moved} operations, ${moved.auditEntries} audit entries; ${kept} kept here`,
      );
      // The journals on every screen have rows they did not have.
      this.heard('*');
      return moved;
    });
    this.teamChanges = run.catch(() => undefined);
    return run;
  }

  /**
   * Saves the team database of Settings (the password, where given, to the keychain) and starts using it at
   * once, unless the one in use was chosen at start over Settings: then it is used from a start without it.
   */
  saveTeamDatabase(input: unknown, password?: string): Promise<void> {
    return this.changeTeam(() => this.teamDatabase.save(input, password));
  }

  /** Back to this desk's own file for its journals (the password removed from the keychain), at once likewise. */
  turnOffTeamDatabase(): Promise<void> {
    return this.changeTeam(() => this.teamDatabase.turnOff());
  }

  private changeTeam(change: () => Promise<void>): Promise<void> {
    const run = this.teamChanges.then(async () => {
      // The change itself is the first entry of the team's log it joins.
      const joining = this.audit.lastId();
      await change();
      // Chosen at start over Settings: what is saved waits for a start without it.
      const overridden = this.team !== undefined && this.team.from !== 'settings';
      if (!overridden) await this.reopenTeam(joining);
    });
    this.teamChanges = run.catch(() => undefined);
    return run;
  }

  /** The team database at start: BACKOFFICE_DATABASE_URL or the start option, over Settings; else the one of Settings. */
  private teamAtStart(): TeamJournals | undefined {
    const url = process.env.BACKOFFICE_DATABASE_URL || undefined;
    if (this.options.teamDatabase !== undefined) return this.teamOn(this.options.teamDatabase, 'startOption');
    if (url !== undefined) return this.teamOn(url, 'BACKOFFICE_DATABASE_URL');
    return this.teamOfSettings();
  }

  private teamOfSettings(auditAfter?: number): TeamJournals | undefined {
    const db = this.teamDatabase.open();
    return db && this.teamJournals(db, 'settings', auditAfter);
  }

  private teamOn(config: string | PoolConfig, from: Exclude<TeamDatabaseFrom, 'settings'>): TeamJournals {
    return this.teamJournals(typeof config === 'string' ? this.teamDatabase.openUrl(config) : openMigratedTeamDatabase(config), from);
  }

  private teamJournals(db: TeamDatabase, from: TeamDatabaseFrom, auditAfter?: number): TeamJournals {
    return new TeamJournals(db, from, {
      ...(auditAfter !== undefined ? { auditAfter } : {}),
      desk: this.deskIdentity,
      file: this.db,
      audit: this.audit,
      settingsChanged: (keys) => this.settingsFromTeam(keys),
      ...(this.options.log ? { log: this.options.log } : {}),
    });
  }

  /**
   * Puts the team database of Settings (or none: this desk's file) in place of the one in use, as a switch of
   * environment puts new services in place: a batch of charges still running is cancelled (it was checked
   * against the journal it would leave), the current environment is reopened on the new journals (its open
   * charges reconciled there), and what the services before are sending finishes on the journals they had,
   * which are closed after. Where the current environment cannot open on the new ones, the desk goes on with
   * those it had, and says so.
   */
  private async reopenTeam(auditAfter: number): Promise<void> {
    const before = this.team;
    this.team = this.teamOfSettings(auditAfter);
    // The sandbox's journals are this desk's whatever the team database: its services stay as they are.
    const environment = this.current?.environment;
    const moved = environment !== undefined && environment !== 'sandbox';
    try {
      if (this.team) await this.joinTeam(this.team);
      if (moved) {
        this.chargeBatches.cancelAll();
        await this.openEnvironment(environment);
      }
    } catch (err) {
      await this.team?.close();
      this.team = before;
      throw new SettingsError([phrase('settings.team.savedNotApplied'), ...saidOf(err)]);
    }
    // Another journal altogether: every screen that shows one reads it again.
    this.heard('*');
    if (before) {
      // Its people are no longer this desk's: their copy goes now, not when its journals have closed.
      before.operators().close();
      this.retireTeam(before);
    }
    TeamPeopleCopy.keepOnly(this.db, this.team?.db.name);
  }

  /** Closes team journals left behind, once the services that used them have finished what they were sending. */
  private retireTeam(team: TeamJournals): void {
    const closing: Promise<void> = Promise.all([...this.retiring])
      .then(() => team.close())
      .catch((err: unknown) => this.options.log?.(`the team database left did not close: ${String(err)}`))
      .finally(() => this.retiring.delete(closing));
    this.retiring.add(closing);
  }

  /**
   * The stored cards known in the environment in use: the team's where there is a team database (a card one
   * desk disabled shows at every desk), except the embedded sandbox's, which are each desk's own.
   */
  get knownBindings(): KnownBindingStore {
    const team = this.services.environment === 'sandbox' ? undefined : this.team;
    return team ? team.knownBindings() : this.ownKnownBindings;
  }

  /** This desk's name in the team's records. */
  get desk(): string {
    return this.options.desk ?? hostname();
  }

  /** This desk among the team's: its installation's id, which tells it apart from any desk of the same name. */
  get deskIdentity(): DeskIdentity {
    return { id: installationId(new SettingsRepository(this.db)), name: this.desk };
  }

  /** Tells the team database this desk is here; a database that is away hears it at the next start. */
  private async seenByTeam(team: TeamDatabase): Promise<void> {
    await deskSeen(team, { ...this.deskIdentity, osUser: this.options.osUser, appVersion: this.options.appVersion ?? 'unknown' }).catch(
      this.awayTeam('the team database did not hear this desk'),
    );
  }

  /**
   * An environment's journals: the team's where there is a team database, except the embedded sandbox's,
   * which is each desk's own gateway and so stays in this desk's file.
   */
  /**
   * The environment's journals, whose steps that may move money (a new row, a claim to send one) first wait
   * for the data file's integrity check: a damaged file is never where a charge starts, even one asked for
   * while the check still runs.
   */
  private journalsOf(environment: string): { charges: ChargeJournal; operations: OperationJournal; approvals: ApprovalRequests } {
    const team = environment === 'sandbox' ? undefined : this.team;
    const checked = () => this.integrity.checked;
    if (!team)
      return {
        charges: afterIntegrityCheck(new SqliteChargeJournal(this.db, this.desk, this.audit), checked),
        operations: afterIntegrityCheck(new SqliteOperationJournal(this.db, this.desk, this.audit), checked),
        approvals: new SqliteApprovalRequests(this.db, this.audit),
      };
    // One of each for as long as this team database is in use, whatever environment is open.
    return {
      charges: afterIntegrityCheck(team.charges(), checked),
      operations: afterIntegrityCheck(team.operations(), checked),
      approvals: team.approvals(),
    };
  }

  async close(): Promise<void> {
    // The sync ends at once; charges and operations in flight are let finish (within the client's timeout),
    // on the current client and on any a switch left closing.
    this.current?.list.cancel();
    if (this.current) await retire(this.current);
    await Promise.all(this.retiring);
    // Nothing writes into the file once it is closed and its folder released.
    await this.current?.list.close();
    this.sessions.close();
    await this.sandbox.close();
    await this.team?.close();
    // Its own connection to the file is closed before the folder is let go.
    await this.integrity.stop();
    this.lock.forgetHolder(this.db);
    this.db.close();
    this.lock.release();
  }
}

/** A journal whose begin() and claim() wait for `checked` (and fail with it); everything else is the journal's own. */
function afterIntegrityCheck<J extends ChargeJournal | OperationJournal>(journal: J, checked: () => Promise<void>): J {
  return new Proxy(journal, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (property !== 'begin' && property !== 'claim') return method;
      return async (...args: unknown[]) => {
        await checked();
        return method(...args);
      };
    },
  });
}

/**
 * Closes an environment's gateway client once its charges and operations in flight have settled their rows
 * (each request within the client's deadline): never under a payment on its way.
 */
async function retire(services: OpenServices): Promise<void> {
  await Promise.all([services.charges.idle(), services.operations.idle()]);
  await services.client.close().catch(() => undefined);
}
