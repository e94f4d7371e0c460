/**
 * The team's charge journal as a desk uses it: the team database's (PgChargeJournal), with the desk's
 * outbox (store/teamOutbox.ts, postgres/outboxedRows.ts) for the answers that arrive while the database is
 * away. Only what settles or describes a charge already journalled goes to the outbox (settle, markUnknown,
 * attachOrder): the gateway has answered, and that answer must not be lost. Nothing new is ever journalled
 * without the team database (begin() fails, and the charge is refused).
 */
import type { Phrase } from '../../phrases/phrase.js';
import type { Claim } from '../claims.js';
import type { ApprovalStep } from '../approvals.js';
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
import { kept, OutboxedRows } from './outboxedRows.js';
import type { AuditedBy } from '../audit.js';

export class OutboxedChargeJournal implements ChargeJournal {
  private readonly rows: OutboxedRows<'charge', ChargeRow>;

  constructor(
    private readonly team: PgChargeJournal,
    outbox: TeamOutbox<'charge'>,
    now: () => number = Date.now,
  ) {
    this.rows = new OutboxedRows(
      outbox,
      {
        write: (id, e) => this.write(id, e),
        applied,
        isOpen: (row) => isOpen(row.state),
        answers: (e) => e.kind !== 'attachOrder',
      },
      now,
      team.ownLog,
    );
  }

  /** Writes what the outbox holds to the team database, oldest first; stops at the first it cannot. */
  flush(): Promise<void> {
    return this.rows.flush();
  }

  private write(id: number, e: OutboxEntry): Promise<unknown> {
    switch (e.kind) {
      case 'settle':
        return this.team.settle(id, e.settlement, kept(e.audit));
      case 'markUnknown':
        return this.team.markUnknown(id, e.reason, e.at, kept(e.audit));
      case 'attachOrder':
        return this.team.attachOrder(id, e.orderId);
    }
  }

  /** Stops trying the team database again; what the outbox holds is written when a desk opens next. */
  close(): void {
    this.rows.close();
  }

  async begin<R>(
    c: NewCharge,
    lookBackMs: number,
    guard: ChargeGuard<R>,
    claims?: Set<number>,
    step?: ApprovalStep,
  ): Promise<BeginOutcome<R>> {
    const outcome = await this.rows.onTeam(() => this.team.begin(c, lookBackMs, guard, claims, step));
    if (outcome.kind === 'journalled') this.rows.keep(outcome.charge);
    return outcome;
  }

  facts(q: GuardQuery, at: number, lookBackMs: number): Promise<GuardFacts> {
    return this.rows.onTeam(() => this.team.facts(q, at, lookBackMs));
  }

  markUnknown(id: number, reason: Phrase, at: number, audited?: AuditedBy<ChargeRow>): Promise<boolean> {
    return this.rows.answer(id, { kind: 'markUnknown', reason, at }, (keyed) => this.team.markUnknown(id, reason, at, keyed), audited);
  }

  settle(id: number, s: Settlement, audited?: AuditedBy<ChargeRow>): Promise<boolean> {
    return this.rows.answer(id, { kind: 'settle', settlement: s }, (keyed) => this.team.settle(id, s, keyed), audited);
  }

  async attachOrder(id: number, orderId: string, at: number): Promise<void> {
    await this.rows.answer(id, { kind: 'attachOrder', orderId, at }, async () => {
      await this.team.attachOrder(id, orderId);
      return true;
    });
  }

  /**
   * The row as the team database has it. While it is away, a row of this desk whose payment was answered
   * meanwhile reads as that answer makes it; any other row is not read (nor, before a payment, sent).
   */
  get(id: number): Promise<ChargeRow | undefined> {
    return this.rows.get(id, () => this.team.get(id));
  }

  byOrderNumber(environment: string, orderNumber: string): Promise<ChargeRow | undefined> {
    return this.rows.onTeam(() => this.team.byOrderNumber(environment, orderNumber));
  }

  claim(id: number, claims: Set<number>): Promise<Claim<ChargeRow>> {
    return this.rows.claim(id, () => this.team.claim(id, claims));
  }

  renewClaim(id: number, claims: Set<number>): Promise<ChargeRow | undefined> {
    return this.rows.renew(() => this.team.renewClaim(id, claims));
  }

  open(environment?: string): Promise<ChargeRow[]> {
    return this.rows.onTeam(() => this.team.open(environment));
  }

  now(at: number): Promise<number> {
    return this.rows.onTeam(() => this.team.now(at));
  }

  journalledSince(environment: string, bindingIds: readonly string[], since: number): Promise<ChargeRow[]> {
    return this.rows.onTeam(() => this.team.journalledSince(environment, bindingIds, since));
  }

  list(filter?: JournalFilter): Promise<ChargeRow[]> {
    return this.rows.onTeam(() => this.team.list(filter));
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
