/**
 * This desk's outbox for the team database: a gateway's answer that came while the team database could
 * not be reached is kept here, in the desk's own file (synchronous=FULL), and written to the team's
 * journal once it is back. Never a journal of its own: the charge (or operation) stays open in the team's
 * journal meanwhile, blocking its card (or order) for every desk, and nothing here is ever charged from.
 */
import { maskCardNumbersIn } from '../domain/cardNumbers.js';
import type { Phrase } from '../phrases/phrase.js';
import { parseStored, read, write, type Db } from './database.js';
import type { Settlement } from './journal.js';
import type { StampedEntry } from './audit.js';

/**
 * An answer's audit entry, kept with it (stamped when the answer came) and written with it to the team
 * database, in the transaction that writes the answer (store/postgres/teamAudit.ts insertTeamAudit).
 */
interface Audited {
  readonly audit?: StampedEntry;
}

/** What the team's charge journal is to be told, in the order the desk learnt it. */
export type OutboxEntry =
  | ({ readonly kind: 'settle'; readonly settlement: Settlement } & Audited)
  | ({ readonly kind: 'markUnknown'; readonly reason: Phrase; readonly at: number } & Audited)
  | { readonly kind: 'attachOrder'; readonly orderId: string; readonly at: number };

/** What the team's operations journal is to be told: an operation settled, or left unknown (OperationJournal.settle). */
export interface OperationOutboxEntry extends Audited {
  readonly kind: 'settle';
  readonly state: 'DONE' | 'REFUSED' | 'UNKNOWN';
  readonly at: number;
  readonly reason?: Phrase;
}

/** The team's journals an outbox keeps answers for, each with its entries. */
export type OutboxJournal = 'charge' | 'operation';
export type EntryOf<J extends OutboxJournal> = J extends 'charge' ? OutboxEntry : OperationOutboxEntry;

export interface Outboxed<J extends OutboxJournal> {
  readonly seq: number;
  readonly rowId: number;
  readonly entry: EntryOf<J>;
}

/** This outbox's entries in the file: its team database's, of its journal. */
const OURS = 'team_database = ? AND journal = ?';

export class TeamOutbox<J extends OutboxJournal> {
  /**
   * How many entries the file holds, counted once and then kept as they are added and done: the journal
   * asks before every call, and this object is their only writer (one process per data folder, the folder
   * lock; one outbox per team database in it, AppCore's).
   */
  private count: number;

  /** `teamDatabase`: the team database's name (host:port/database), whose entries of `journal` these are. */
  constructor(
    private readonly db: Db,
    private readonly teamDatabase: string,
    private readonly journal: J,
  ) {
    this.count = read(
      db,
      () => (db.prepare(`SELECT count(*) AS n FROM team_outbox WHERE ${OURS}`).get(teamDatabase, journal) as { n: number }).n,
    );
  }

  add(rowId: number, entry: EntryOf<J>, at: number): void {
    write(this.db, () => {
      this.db
        .prepare('INSERT INTO team_outbox (team_database, journal, row_id, entry, at) VALUES (?, ?, ?, ?, ?)')
        // A reason may quote the gateway's words: no card number is kept whole, here as anywhere.
        .run(this.teamDatabase, this.journal, rowId, JSON.stringify(maskCardNumbersIn(entry)), at);
    });
    this.count += 1;
  }

  /** The entries not yet written to the team database, oldest first. */
  pending(): Outboxed<J>[] {
    return read(this.db, () =>
      (
        this.db.prepare(`SELECT seq, row_id, entry FROM team_outbox WHERE ${OURS} ORDER BY seq`).all(this.teamDatabase, this.journal) as {
          seq: number;
          row_id: number;
          entry: string;
        }[]
      ).map((r) => ({ seq: r.seq, rowId: r.row_id, entry: parseStored<EntryOf<J>>(this.db, r.entry) })),
    );
  }

  /** An entry the team database has now; written again, it would change nothing (only open rows change). */
  done(seq: number): void {
    const { changes } = write(this.db, () =>
      this.db.prepare(`DELETE FROM team_outbox WHERE seq = ? AND ${OURS}`).run(seq, this.teamDatabase, this.journal),
    );
    // Done twice, or an entry of another team database: nothing was deleted, nothing to count.
    this.count -= changes;
  }

  get size(): number {
    return this.count;
  }
}
