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
import type {
  BeginOutcome,
  ChargeGuard,
  ChargeJournal,
  ChargeRow,
  GuardFacts,
  GuardQuery,
  JournalFilter,
  NewCharge,
  Settlement,
} from '../journal.js';
import type { OutboxEntry, TeamOutbox } from '../teamOutbox.js';
import type { PgChargeJournal } from './chargeJournal.js';

/** How often a desk tries the team database again while its outbox holds answers. */
export const OUTBOX_RETRY_MS = 2_000;

export class OutboxedChargeJournal implements ChargeJournal {
  /** This desk's rows in flight as last read or written, with what the outbox holds for them applied. */
  private readonly known = new Map<number, ChargeRow>();
  /** Rows whose payment was answered while the team database was away: their answer is in the outbox. */
  private readonly answered = new Set<number>();
  private flushing?: Promise<void>;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly team: PgChargeJournal,
    private readonly outbox: TeamOutbox,
    private readonly now: () => number = Date.now,
  ) {
    if (outbox.size > 0) this.retryLater();
  }

  /** Writes what the outbox holds to the team database, oldest first; stops at the first it cannot. */
  flush(): Promise<void> {
    return (this.flushing ??= this.flushNow().finally(() => (this.flushing = undefined)));
  }

  private async flushNow(): Promise<void> {
    for (const { seq, rowId, entry } of this.outbox.pending()) {
      await this.apply(rowId, entry);
      this.outbox.done(seq);
    }
    this.known.clear();
    this.answered.clear();
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

  private retryLater(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch(() => this.retryLater());
    }, OUTBOX_RETRY_MS);
    this.timer.unref();
  }

  /** Stops trying the team database again; what the outbox holds is written when a desk opens next. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Runs fn on the team database once the outbox is written there, remembering the rows it returns. */
  private async onTeam<T>(fn: () => Promise<T>): Promise<T> {
    if (this.outbox.size > 0) await this.flush();
    const result = await fn();
    for (const row of Array.isArray(result) ? result : [result]) this.remember(row);
    return result;
  }

  private remember(v: unknown): void {
    const row = v && typeof v === 'object' && 'kind' in v && 'charge' in v ? (v as { charge: ChargeRow }).charge : v;
    if (row && typeof row === 'object' && 'id' in row && 'state' in row && 'bindingId' in row) {
      const r = row as ChargeRow;
      if (r.state === 'PENDING' || r.state === 'UNKNOWN') this.known.set(r.id, r);
      else this.known.delete(r.id);
    }
  }

  /** A write of an answer: to the team database, or, while it is away, to the outbox. */
  private async answer(id: number, entry: OutboxEntry, write: () => Promise<boolean>): Promise<boolean> {
    try {
      return await this.onTeam(write);
    } catch (err) {
      if (!isUnreachable(err)) throw err;
      this.outbox.add(id, entry, this.now());
      const row = this.known.get(id);
      if (row) this.known.set(id, applied(row, entry));
      if (entry.kind !== 'attachOrder') this.answered.add(id);
      this.retryLater();
      // The answer is kept and will settle the row; a row settled meanwhile stays as it is (only open rows change).
      return true;
    }
  }

  begin<R>(c: NewCharge, lookBackMs: number, guard: ChargeGuard<R>, claims?: Set<number>): Promise<BeginOutcome<R>> {
    return this.onTeam(() => this.team.begin(c, lookBackMs, guard, claims));
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
    try {
      return await this.onTeam(() => this.team.get(id));
    } catch (err) {
      const mine = this.known.get(id);
      if (isUnreachable(err) && mine && this.answered.has(id)) return mine;
      throw err;
    }
  }

  byOrderNumber(environment: string, orderNumber: string): Promise<ChargeRow | undefined> {
    return this.onTeam(() => this.team.byOrderNumber(environment, orderNumber));
  }

  claim(id: number, claims: Set<number>): Promise<Claim<ChargeRow>> {
    return this.onTeam(() => this.team.claim(id, claims));
  }

  /** Never from the outbox: a payment request goes out only on what the team database confirms now. */
  renewClaim(id: number, claims: Set<number>): Promise<ChargeRow | undefined> {
    return this.onTeam(() => this.team.renewClaim(id, claims));
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
        ...row,
        state: s.state,
        ...(s.orderId !== undefined ? { orderId: s.orderId } : {}),
        ...(s.orderStatus !== undefined ? { orderStatus: s.orderStatus } : {}),
        ...(s.actionCode !== undefined ? { actionCode: s.actionCode } : {}),
        ...(s.reason !== undefined ? { reason: s.reason } : {}),
        updatedAt: s.at,
      };
    }
    case 'markUnknown':
      return { ...row, state: 'UNKNOWN', reason: e.reason, updatedAt: e.at };
    case 'attachOrder':
      return { ...row, orderId: e.orderId, updatedAt: e.at };
  }
}
