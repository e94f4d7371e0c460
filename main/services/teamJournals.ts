/**
 * The team database a desk uses now, with what it made on it: the charge and operations journals with this
 * desk's outbox, the team's audit log and settings, and the listener for other desks' changes,
 * each kept for as long as the desk uses this database. A desk pointed at another (Settings) makes another
 * of these and closes this one once nothing it made is sending any more (AppCore).
 */
import type { AuditRepository } from '../store/audit.js';
import type { Db } from '../store/database.js';
import { TEAM_SETTINGS } from '../store/migrations.js';
import { PgChargeJournal } from '../store/postgres/chargeJournal.js';
import { bringDeskKnowledge, moveDeskJournals } from '../store/postgres/deskRecords.js';
import type { DeskIdentity } from '../store/postgres/desks.js';
import { PgKnownBindings } from '../store/postgres/knownBindings.js';
import { PgOperators } from '../store/postgres/operators.js';
import { PgOperationJournal } from '../store/postgres/operationJournal.js';
import { PgApprovalRequests } from '../store/postgres/approvals.js';
import { PgSigningKeys } from '../store/postgres/signingKeys.js';
import { OutboxedChargeJournal } from '../store/postgres/outboxedChargeJournal.js';
import { OutboxedOperationJournal } from '../store/postgres/outboxedOperationJournal.js';
import { TeamAuditLog } from '../store/postgres/teamAudit.js';
import { listenForChanges, type ChangeListener, type TeamChange } from '../store/postgres/teamChanges.js';
import type { TeamDatabase } from '../store/postgres/teamDatabase.js';
import { TeamSettings } from '../store/postgres/teamSettings.js';
import { TeamOutbox } from '../store/teamOutbox.js';
import { TeamPeopleCopy } from '../store/teamPeopleCopy.js';
import { SqliteOperators } from '../store/operators.js';
import { TeamPeople } from './teamPeople.js';
import type { MovedDeskRecords, TeamDatabaseFrom } from './views.js';

export interface TeamJournalsOptions {
  /** This desk: its name on the charges it journals and its audit entries, its id on its claims and entries. */
  readonly desk: DeskIdentity;
  /** This desk's file, which keeps its outbox, its audit entries first, and its copy of the team's settings. */
  readonly file: Db;
  /** This desk's own audit log, whose entries the team's log gets. */
  readonly audit: AuditRepository;
  /** Told which of the team's settings changed in this desk's copy. */
  readonly settingsChanged: (keys: readonly string[]) => void;
  readonly log?: (line: string) => void;
  /** Where the team's audit log starts for this desk, the first time it uses this database (TeamAuditOptions). */
  readonly auditAfter?: number;
}

export class TeamJournals {
  /** The team's audit log: this desk's entries are written there from the moment it uses this database. */
  readonly audit: TeamAuditLog;
  /** The settings the team shares, read through this desk's copy. */
  readonly settings: TeamSettings;
  /**
   * Where the entries of what this desk writes to the team database go: the team's log in the write's own
   * transaction, and a copy in the desk's own log once it committed (what the desk shows while the database is away).
   */
  private get auditTo(): { readonly desk: DeskIdentity; readonly own: AuditRepository } {
    return { desk: this.options.desk, own: this.options.audit };
  }
  private chargeJournal?: OutboxedChargeJournal;
  private operationJournal?: OutboxedOperationJournal;
  private approvalRequests?: PgApprovalRequests;
  private knownCards?: PgKnownBindings;
  private keys?: PgSigningKeys;
  private people?: TeamPeople;
  private listener?: ChangeListener;

  constructor(
    readonly db: TeamDatabase,
    readonly from: TeamDatabaseFrom,
    private readonly options: TeamJournalsOptions,
  ) {
    const log = options.log ? { log: options.log } : {};
    this.audit = new TeamAuditLog(db, options.audit, options.file, {
      desk: options.desk,
      ...log,
      ...(options.auditAfter !== undefined ? { startAfter: options.auditAfter } : {}),
    });
    this.settings = new TeamSettings(db, options.file, { desk: options.desk, changed: options.settingsChanged, ...log });
  }

  /** The team's charge journal, with this desk's outbox for answers that come while the database is away. */
  charges(): OutboxedChargeJournal {
    return (this.chargeJournal ??= new OutboxedChargeJournal(
      new PgChargeJournal(this.db, this.auditTo),
      new TeamOutbox(this.options.file, this.db.name, 'charge'),
    ));
  }

  /** The team's operations journal, with this desk's outbox as the charges'. */
  /** The team's signing keys: their certificates and which one signs (each desk keeps its private keys). */
  signingKeys(): PgSigningKeys {
    return (this.keys ??= new PgSigningKeys(this.db, this.auditTo));
  }

  /** The stored cards the team has seen and disabled. */
  knownBindings(): PgKnownBindings {
    return (this.knownCards ??= new PgKnownBindings(this.db));
  }

  /**
   * The team's people: every desk signs its people in against the same accounts, and against its copy of
   * them while the team database is away (teamPeople.ts).
   */
  operators(): TeamPeople {
    return (this.people ??= new TeamPeople(
      new PgOperators(this.db, this.auditTo),
      new TeamPeopleCopy(this.options.file, this.db.name),
      new SqliteOperators(this.options.file),
    ));
  }

  operations(): OutboxedOperationJournal {
    return (this.operationJournal ??= new OutboxedOperationJournal(
      new PgOperationJournal(this.db, this.auditTo),
      new TeamOutbox(this.options.file, this.db.name, 'operation'),
    ));
  }

  /** The team's approval requests, beside its journals. */
  approvals(): PgApprovalRequests {
    return (this.approvalRequests ??= new PgApprovalRequests(this.db, this.auditTo));
  }

  /** This desk's signing keys and known cards the team lacks, brought to it (store/postgres/deskRecords.ts). */
  async bringDeskKnowledge(): Promise<void> {
    await bringDeskKnowledge(this.db, this.options.file);
  }

  /**
   * Copies this desk's records into the team database, once each (moving again copies only what is new):
   * its journals but the sandbox's (store/postgres/deskRecords.ts), then the audit entries it recorded
   * before it joined. Its settings the team lacked came with it when it joined.
   */
  async moveDeskRecords(): Promise<MovedDeskRecords> {
    await this.bringDeskKnowledge();
    const journals = await moveDeskJournals(this.db, this.options.file, this.options.desk);
    return { ...journals, auditEntries: await this.audit.moveEarlierEntries() };
  }

  /**
   * Starts hearing other desks' changes, once; each goes to onChange. A change of the team's settings is
   * told once this desk's copy has it (TeamSettings' `changed`), not before; after a reconnection ('*')
   * the copy is read again too.
   */
  listen(onChange: (change: TeamChange) => void): void {
    this.listener ??= listenForChanges(this.db, (change) => {
      if (change === TEAM_SETTINGS || change === '*') this.settings.syncSoon();
      // The desk's copy of the people, for signing in while the team database is away.
      if (change === 'operators' || change === '*')
        void this.operators()
          .refresh()
          .catch((err: unknown) => this.options.log?.(`team: the copy of the team's people not taken again: ${String(err)}`));
      if (change !== TEAM_SETTINGS) onChange(change);
    });
  }

  async close(): Promise<void> {
    this.people?.close();
    this.chargeJournal?.close();
    this.operationJournal?.close();
    this.audit.close();
    this.settings.close();
    await this.listener?.close();
    await this.db.pool.end();
  }
}
