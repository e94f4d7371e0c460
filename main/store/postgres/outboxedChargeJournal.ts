/**
 * The team's charge journal as a desk uses it: the team database's (PgChargeJournal), with the desk's
 * outbox (store/teamOutbox.ts) for the answers that arrive while the database is away.
 *
 * Only what settles or describes a charge already journalled goes to the outbox (settle, markUnknown,
 * attachOrder): the gateway has answered, and that answer must not be lost. Nothing new is ever journalled
 * without the team database (begin() fails, and the charge is refused), and nothing is read from the
 * outbox but this desk's own rows in flight, so no money moves on a local copy. The outbox is written to
 * the team database, oldest first, before anything else this journal does, and every few seconds while it
 * holds anything.
 */
import type { Phrase } from '../../phrases/phrase.js';
import type { Claim } from '../claims.js';
import { isUnreachable } from '../errors.js';
import {
  isOpen,
  type BeginOutcome,
  type ChargeGuard,
  type ChargeJournal,
  type ChargeRow,
  type GuardFacts,
  type GuardQuery,
  type JournalFilter,
  type NewCharge,
  type Settlement,
} from '../journal.js';
import type { OutboxEntry, TeamOutbox } from '../teamOutbox.js';
import type { PgChargeJournal } from './chargeJournal.js';
import { RetriedRun } from './retriedRun.js';

/** How often a desk tries the team database again while its outbox holds answers. */
export const OUTBOX_RETRY_MS = 2_000;

/**
 * A row this desk journalled, claimed or renewed its claim on, as last read or written, with what the outbox
 * holds for it applied. `answered`: its payment was answered while the team database was away, and that
 * answer is in the outbox; only then is the row read from here.
 */
interface Mine {
  readonly row: ChargeRow;
  readonly answered: boolean;
}

export class OutboxedChargeJournal implements ChargeJournal {
  /** This desk's rows in flight, and those settled by an answer the outbox still holds. */
  private readonly mine = new Map<number, Mine>();
  private readonly flushing = new RetriedRun(() => this.flushNow(), { retryMs: OUTBOX_RETRY_MS });

  constructor(
    private readonly team: PgChargeJournal,
    private readonly outbox: TeamOutbox,
    private readonly now: () => number = Date.now,
  ) {
    if (outbox.size > 0) this.flushing.later();
  }

  /** Writes what the outbox holds to the team database, oldest first; stops at the first it cannot. */
  flush(): Promise<void> {
    return this.flushing.run();
  }

  private async flushNow(): Promise<void> {
    for (const { seq, rowId, entry } of this.outbox.pending()) {
      await this.apply(rowId, entry);
      this.outbox.done(seq);
    }
    // Every answer is in the team database now, and rows are read there again. Those still in flight stay
    // this desk's: their own answer may yet need the outbox.
    if (this.outbox.size === 0) for (const { row } of this.mine.values()) this.keep(row, false);
  }

  private apply(id: number, e: OutboxEntry): Promise<unknown> {
    switch (e.kind) {
      case 'settle':
        return this.team.settle(id, e.settlement);
      case 'markUnknown':
        return this.team.markUnknown(id, e.reason);
      case 'attachOrder':
        return this.team.attachOrder(id, e.orderId);
    }
  }

  /** Stops trying the team database again; what the outbox holds is written when a desk opens next. */
  close(): void {
    this.flushing.close();
  }

  /** Runs fn on the team database once the outbox is written there. */
  private async onTeam<T>(fn: () => Promise<T>): Promise<T> {
    if (this.outbox.size > 0) await this.flush();
    return fn();
  }

  /**
   * Keeps a row of this desk's as it is now: while it is open, and while the outbox holds the answer that
   * settled it (until then, that answer is what the row reads as). Only rows this desk journalled or claimed
   * are kept: no other can receive an answer from this desk.
   */
  private keep(row: ChargeRow, answered = this.mine.get(row.id)?.answered ?? false): void {
    if (answered || isOpen(row.state)) this.mine.set(row.id, { row, answered });
    else this.mine.delete(row.id);
  }

  /** A row of this desk's read again; another desk's row is not taken up by being read. */
  private reread(id: number, row: ChargeRow | undefined): void {
    if (!this.mine.has(id)) return;
    if (row) this.keep(row);
    else this.mine.delete(id);
  }

  /** A write of an answer: to the team database, or, while it is away, to the outbox. */
  private async answer(id: number, entry: OutboxEntry, write: () => Promise<boolean>): Promise<boolean> {
    try {
      const changed = await this.onTeam(write);
      // Written: the row is as the answer made it, or, left unchanged, is no longer open (nor this desk's).
      const mine = this.mine.get(id);
      if (mine && changed) this.keep(applied(mine.row, entry));
      else this.mine.delete(id);
      return changed;
    } catch (err) {
      if (!isUnreachable(err)) throw err;
      this.outbox.add(id, entry, this.now());
      const mine = this.mine.get(id);
      if (mine) this.keep(applied(mine.row, entry), mine.answered || entry.kind !== 'attachOrder');
      this.flushing.later();
      // The answer is kept and will settle the row; a row settled meanwhile stays as it is (only open rows change).
      return true;
    }
  }

  async begin<R>(c: NewCharge, lookBackMs: number, guard: ChargeGuard<R>, claims?: Set<number>): Promise<BeginOutcome<R>> {
    const outcome = await this.onTeam(() => this.team.begin(c, lookBackMs, guard, claims));
    if (outcome.kind === 'journalled') this.keep(outcome.charge);
    return outcome;
  }

  facts(q: GuardQuery, at: number, lookBackMs: number): Promise<GuardFacts> {
    return this.onTeam(() => this.team.facts(q, at, lookBackMs));
  }

  markUnknown(id: number, reason: Phrase, at: number): Promise<boolean> {
    return this.answer(id, { kind: 'markUnknown', reason, at }, () => this.team.markUnknown(id, reason));
  }

  settle(id: number, s: Settlement): Promise<boolean> {
    return this.answer(id, { kind: 'settle', settlement: s }, () => this.team.settle(id, s));
  }

  async attachOrder(id: number, orderId: string, at: number): Promise<void> {
    await this.answer(id, { kind: 'attachOrder', orderId, at }, async () => {
      await this.team.attachOrder(id, orderId);
      return true;
    });
  }

  /**
   * The row as the team database has it. While it is away, a row of this desk whose payment was answered
   * meanwhile reads as that answer makes it; any other row is not read (nor, before a payment, sent).
   */
  async get(id: number): Promise<ChargeRow | undefined> {
    let row: ChargeRow | undefined;
    try {
      row = await this.onTeam(() => this.team.get(id));
    } catch (err) {
      const mine = this.mine.get(id);
      if (isUnreachable(err) && mine?.answered) return mine.row;
      throw err;
    }
    this.reread(id, row);
    return row;
  }

  byOrderNumber(environment: string, orderNumber: string): Promise<ChargeRow | undefined> {
    return this.onTeam(() => this.team.byOrderNumber(environment, orderNumber));
  }

  async claim(id: number, claims: Set<number>): Promise<Claim<ChargeRow>> {
    const claim = await this.onTeam(() => this.team.claim(id, claims));
    if (claim.kind === 'claimed') this.keep(claim.row);
    else this.reread(id, claim.kind === 'missing' ? undefined : claim.row);
    return claim;
  }

  /** Never from the outbox: a payment request goes out only on what the team database confirms now. */
  async renewClaim(id: number, claims: Set<number>): Promise<ChargeRow | undefined> {
    const row = await this.onTeam(() => this.team.renewClaim(id, claims));
    if (row) this.keep(row);
    return row;
  }

  open(environment?: string): Promise<ChargeRow[]> {
    return this.onTeam(() => this.team.open(environment));
  }

  journalledSince(environment: string, bindingIds: readonly string[], since: number): Promise<ChargeRow[]> {
    return this.onTeam(() => this.team.journalledSince(environment, bindingIds, since));
  }

  list(filter?: JournalFilter): Promise<ChargeRow[]> {
    return this.onTeam(() => this.team.list(filter));
  }
}

/** A row in flight with an answer of the outbox applied, as the team database will have it. */
function applied(row: ChargeRow, e: OutboxEntry): ChargeRow {
  switch (e.kind) {
    case 'settle': {
      const s = e.settlement;
      return {
        ...released(row),
        state: s.state,
        ...(s.orderId !== undefined ? { orderId: s.orderId } : {}),
        ...(s.orderStatus !== undefined ? { orderStatus: s.orderStatus } : {}),
        ...(s.actionCode !== undefined ? { actionCode: s.actionCode } : {}),
        ...(s.reason !== undefined ? { reason: s.reason } : {}),
        updatedAt: s.at,
      };
    }
    case 'markUnknown':
      return { ...released(row), state: 'UNKNOWN', reason: e.reason, updatedAt: e.at };
    case 'attachOrder':
      return { ...row, orderId: e.orderId, updatedAt: e.at };
  }
}

/** A row whose claim ended: an answer written ends it, as the team database does (chargeJournal.ts). */
function released({ claim: _ended, ...row }: ChargeRow): ChargeRow {
  return row;
}
