/**
 * What a journal of the team (charges, order operations) does with this desk's outbox (store/teamOutbox.ts):
 * a gateway's answer that comes while the team database is away is kept in the outbox and written to the
 * team database when it is back, oldest first, before anything else the journal does, and every few seconds
 * while the outbox holds anything.
 *
 * Only answers go to the outbox: nothing new is ever journalled without the team database, and nothing is
 * read from the outbox but this desk's own rows in flight, so no money moves on a local copy. Each journal
 * says how its entries are written and what they make of a row (OutboxRules).
 */
import type { Claim } from '../claims.js';
import { isUnreachable } from '../errors.js';
import type { OutboxJournal, TeamOutbox, EntryOf } from '../teamOutbox.js';
import { randomUUID } from 'node:crypto';
import { RetriedRun } from './retriedRun.js';
import type { AuditedBy, AuditRepository, StampedEntry } from '../audit.js';

/** An outbox entry's audit entry, as the journal's write takes it: written as it was stamped when the answer came. */
export const kept = (audit: StampedEntry | undefined): AuditedBy<unknown> | undefined => audit && (() => audit);

/** How often a desk tries the team database again while its outbox holds answers. */
export const OUTBOX_RETRY_MS = 2_000;

export interface OutboxRules<Row, Entry> {
  /** Writes an entry to the team database. */
  write(id: number, entry: Entry): Promise<unknown>;
  /** The row as the entry makes it, as the team database will have it once the entry is written. */
  applied(row: Row, entry: Entry): Row;
  /** Whether the row is open (an answer may still come for it). */
  isOpen(row: Row): boolean;
  /** Whether the entry is an answer that settles or leaves the row unknown, rather than a detail of it. */
  answers(entry: Entry): boolean;
}

/**
 * A row this desk journalled, claimed or renewed its claim on, as last read or written, with what the outbox
 * holds for it applied. `answered`: its request was answered while the team database was away, and that
 * answer is in the outbox; only then is the row read from here.
 */
interface Mine<Row> {
  readonly row: Row;
  readonly answered: boolean;
}

export class OutboxedRows<J extends OutboxJournal, Row extends { readonly id: number }> {
  /** This desk's rows in flight, and those settled by an answer the outbox still holds. */
  private readonly mine = new Map<number, Mine<Row>>();
  private readonly flushing = new RetriedRun(() => this.flushNow(), { retryMs: OUTBOX_RETRY_MS });

  /** `own`: the desk's own log, where an answer kept here has its entry at once, in the same transaction. */
  constructor(
    private readonly outbox: TeamOutbox<J>,
    private readonly rules: OutboxRules<Row, EntryOf<J>>,
    private readonly now: () => number = Date.now,
    private readonly own?: AuditRepository,
  ) {
    if (outbox.size > 0) this.flushing.later();
  }

  /** Writes what the outbox holds to the team database, oldest first; stops at the first it cannot. */
  flush(): Promise<void> {
    return this.flushing.run();
  }

  private async flushNow(): Promise<void> {
    for (const { seq, rowId, entry } of this.outbox.pending()) {
      await this.rules.write(rowId, entry);
      this.outbox.done(seq);
    }
    // Every answer is in the team database now, and rows are read there again. Those still in flight stay
    // this desk's: their own answer may yet need the outbox.
    if (this.outbox.size === 0) for (const { row } of this.mine.values()) this.keep(row, false);
  }

  /** Stops trying the team database again; what the outbox holds is written when a desk opens next. */
  close(): void {
    this.flushing.close();
  }

  /** Runs fn on the team database once the outbox is written there. */
  async onTeam<T>(fn: () => Promise<T>): Promise<T> {
    if (this.outbox.size > 0) await this.flush();
    return fn();
  }

  /**
   * Keeps a row of this desk's as it is now: while it is open, and while the outbox holds the answer that
   * settled it (until then, that answer is what the row reads as). Only rows this desk journalled or claimed
   * are kept: no other can receive an answer from this desk.
   */
  keep(row: Row, answered = this.mine.get(row.id)?.answered ?? false): void {
    if (answered || this.rules.isOpen(row)) this.mine.set(row.id, { row, answered });
    else this.mine.delete(row.id);
  }

  /** A row of this desk's read again; another desk's row is not taken up by being read. */
  reread(id: number, row: Row | undefined): void {
    if (!this.mine.has(id)) return;
    if (row) this.keep(row);
    else this.mine.delete(id);
  }

  /**
   * A write of an answer: to the team database, or, while it is away, to the outbox, with its audit entry made
   * from the row as the answer makes it (the team database writes it with the answer when it is back).
   */
  async answer(
    id: number,
    entry: EntryOf<J>,
    write: (audited: AuditedBy<Row> | undefined) => Promise<boolean>,
    audited?: AuditedBy<Row>,
  ): Promise<boolean> {
    // One key for this answer's entry, whichever write of it lands: written here and again from the outbox (its
    // commit's acknowledgement lost), or again after a stop between the team's commit and the outbox's, it is one.
    const key = audited && randomUUID();
    const keyed = audited && ((row: Row) => ({ ...audited(row), key }));
    try {
      const changed = await this.onTeam(() => write(keyed));
      // Written: the row is as the answer made it, or, left unchanged, is no longer open (nor this desk's).
      const mine = this.mine.get(id);
      if (mine && changed) this.keep(this.rules.applied(mine.row, entry));
      else this.mine.delete(id);
      return changed;
    } catch (err) {
      if (!isUnreachable(err)) throw err;
      const mine = this.mine.get(id);
      // Only this desk's rows in flight are answered here; one answered otherwise is still kept, unaudited.
      const audit = keyed && mine && keyed(this.rules.applied(mine.row, entry));
      const keep = () => this.outbox.add(id, audit ? { ...entry, audit } : entry, this.now());
      // Kept with its entry in the desk's own log, in one transaction of the desk's file: the desk shows it while the
      // team database is away, and keeps it should the desk leave the team before the outbox is written there.
      const own = this.own;
      if (audit && own)
        own.together(() => {
          keep();
          own.write(audit);
        });
      else keep();
      if (mine) this.keep(this.rules.applied(mine.row, entry), mine.answered || this.rules.answers(entry));
      this.flushing.later();
      // The answer is kept and will settle the row; a row settled meanwhile stays as it is (only open rows change).
      return true;
    }
  }

  /**
   * The row as the team database has it. While it is away, a row of this desk whose request was answered
   * meanwhile reads as that answer makes it; any other row is not read (nor, before a request, sent).
   */
  async get(id: number, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    let row: Row | undefined;
    try {
      row = await this.onTeam(read);
    } catch (err) {
      const mine = this.mine.get(id);
      if (isUnreachable(err) && mine?.answered) return mine.row;
      throw err;
    }
    this.reread(id, row);
    return row;
  }

  /** A claim taken on the team database; the row claimed is this desk's from now on. */
  async claim(id: number, take: () => Promise<Claim<Row>>): Promise<Claim<Row>> {
    const claim = await this.onTeam(take);
    if (claim.kind === 'claimed') this.keep(claim.row);
    else this.reread(id, claim.kind === 'missing' ? undefined : claim.row);
    return claim;
  }

  /** A claim renewed: never from the outbox, since a request goes out only on what the team database confirms now. */
  async renew(take: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const row = await this.onTeam(take);
    if (row) this.keep(row);
    return row;
  }
}
