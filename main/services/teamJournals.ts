/**
 * The team database a desk uses now, with what it made on it: the charge journal with this desk's outbox,
 * the operations journal, and the listener for other desks' changes, each made when first asked and kept
 * for as long as the desk uses this database. A desk pointed at another (Settings) makes another of these
 * and closes this one once nothing it made is sending any more (AppCore).
 */
import type { Db } from '../store/database.js';
import { PgChargeJournal } from '../store/postgres/chargeJournal.js';
import { PgOperationJournal } from '../store/postgres/operationJournal.js';
import { OutboxedChargeJournal } from '../store/postgres/outboxedChargeJournal.js';
import { listenForChanges, type ChangeListener, type TeamChange } from '../store/postgres/teamChanges.js';
import type { TeamDatabase } from '../store/postgres/teamDatabase.js';
import { TeamOutbox } from '../store/teamOutbox.js';
import type { TeamDatabaseFrom } from './views.js';

export class TeamJournals {
  private chargeJournal?: OutboxedChargeJournal;
  private operationJournal?: PgOperationJournal;
  private listener?: ChangeListener;

  constructor(
    readonly db: TeamDatabase,
    readonly from: TeamDatabaseFrom,
    /** This desk's name on the charges it journals and the claims it holds. */
    private readonly desk: string,
    /** This desk's file, which keeps its outbox. */
    private readonly file: Db,
  ) {}

  /** The team's charge journal, with this desk's outbox for answers that come while the database is away. */
  charges(): OutboxedChargeJournal {
    return (this.chargeJournal ??= new OutboxedChargeJournal(
      new PgChargeJournal(this.db, { desk: this.desk }),
      new TeamOutbox(this.file, this.db.name),
    ));
  }

  operations(): PgOperationJournal {
    return (this.operationJournal ??= new PgOperationJournal(this.db));
  }

  /** Starts hearing other desks' changes, once; each goes to onChange. */
  listen(onChange: (change: TeamChange) => void): void {
    this.listener ??= listenForChanges(this.db, onChange);
  }

  async close(): Promise<void> {
    this.chargeJournal?.close();
    await this.listener?.close();
    await this.db.pool.end();
  }
}
