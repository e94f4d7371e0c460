/**
 * This desk's outbox for the team database: a gateway's answer that came while the team database could
 * not be reached is kept here, in the desk's own file (synchronous=FULL), and written to the team's
 * journal once it is back. Never a journal of its own: the charge stays open in the team's journal
 * meanwhile, blocking its card for every desk, and nothing here is ever charged from.
 */
import { maskCardNumbersIn } from '../domain/cardNumbers.js';
import type { Phrase } from '../phrases/phrase.js';
import { parseStored, read, write, type Db } from './database.js';
import type { Settlement } from './journal.js';

/** What the team's charge journal is to be told, in the order the desk learnt it. */
export type OutboxEntry =
  | { readonly kind: 'settle'; readonly settlement: Settlement }
  | { readonly kind: 'markUnknown'; readonly reason: Phrase; readonly at: number }
  | { readonly kind: 'attachOrder'; readonly orderId: string; readonly at: number };

export interface Outboxed {
  readonly seq: number;
  readonly rowId: number;
  readonly entry: OutboxEntry;
}

export class TeamOutbox {
  /** `teamDatabase`: the team database's name (host:port/database), whose entries these are. */
  constructor(
    private readonly db: Db,
    private readonly teamDatabase: string,
  ) {}

  add(rowId: number, entry: OutboxEntry, at: number): void {
    write(this.db, () => {
      this.db
        .prepare('INSERT INTO team_outbox (team_database, journal, row_id, entry, at) VALUES (?, ?, ?, ?, ?)')
        // A reason may quote the gateway's words: no card number is kept whole, here as anywhere.
        .run(this.teamDatabase, 'charge', rowId, JSON.stringify(maskCardNumbersIn(entry)), at);
    });
  }

  /** The entries not yet written to the team database, oldest first. */
  pending(): Outboxed[] {
    return read(this.db, () =>
      (
        this.db
          .prepare("SELECT seq, row_id, entry FROM team_outbox WHERE team_database = ? AND journal = 'charge' ORDER BY seq")
          .all(this.teamDatabase) as { seq: number; row_id: number; entry: string }[]
      ).map((r) => ({ seq: r.seq, rowId: r.row_id, entry: parseStored<OutboxEntry>(this.db, r.entry) })),
    );
  }

  /** An entry the team database has now; written again, it would change nothing (only open rows change). */
  done(seq: number): void {
    write(this.db, () => {
      this.db.prepare('DELETE FROM team_outbox WHERE seq = ?').run(seq);
    });
  }

  get size(): number {
    return read(
      this.db,
      () => (this.db.prepare('SELECT count(*) AS n FROM team_outbox WHERE team_database = ?').get(this.teamDatabase) as { n: number }).n,
    );
  }
}
