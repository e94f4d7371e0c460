/**
 * The team's operations journal as a desk uses it: the team database's (PgOperationJournal), with the desk's
 * outbox (store/teamOutbox.ts, postgres/outboxedRows.ts) for the answers that arrive while the database is
 * away, as the charge journal has (postgres/outboxedChargeJournal.ts). Only an operation's answer goes to
 * the outbox (settle, which also leaves one unknown); nothing new is journalled without the team database.
 */
import type { Phrase } from '../../phrases/phrase.js';
import type { Claim } from '../claims.js';
import type { ApprovalStep } from '../approvals.js';
import type { BeginOperation, NewOperation, OperationGuard, OperationJournal, OperationRow } from '../operations.js';
import type { OperationOutboxEntry, TeamOutbox } from '../teamOutbox.js';
import type { PgOperationJournal } from './operationJournal.js';
import { kept, OutboxedRows } from './outboxedRows.js';
import type { AuditedBy } from '../audit.js';

const isOpen = (row: OperationRow) => row.state === 'PENDING' || row.state === 'UNKNOWN';

/** An operation in flight with its answer applied, as the team database will have it. */
function applied(row: OperationRow, e: OperationOutboxEntry): OperationRow {
  return { ...row, state: e.state, ...(e.reason !== undefined ? { reason: e.reason } : {}), updatedAt: e.at };
}

export class OutboxedOperationJournal implements OperationJournal {
  private readonly rows: OutboxedRows<'operation', OperationRow>;

  constructor(
    private readonly team: PgOperationJournal,
    outbox: TeamOutbox<'operation'>,
    now: () => number = Date.now,
  ) {
    this.rows = new OutboxedRows(
      outbox,
      { write: (id, e) => this.team.settle(id, e.state, e.at, e.reason, kept(e.audit)), applied, isOpen, answers: () => true },
      now,
      team.ownLog,
    );
  }

  /** Writes what the outbox holds to the team database, oldest first; stops at the first it cannot. */
  flush(): Promise<void> {
    return this.rows.flush();
  }

  /** Stops trying the team database again; what the outbox holds is written when a desk opens next. */
  close(): void {
    this.rows.close();
  }

  async begin<R>(op: NewOperation, guard: OperationGuard<R>, claims?: Set<number>, step?: ApprovalStep): Promise<BeginOperation<R>> {
    const outcome = await this.rows.onTeam(() => this.team.begin(op, guard, claims, step));
    if (outcome.kind === 'journalled') this.rows.keep(outcome.operation);
    return outcome;
  }

  settle(
    id: number,
    state: 'DONE' | 'REFUSED' | 'UNKNOWN',
    at: number,
    reason?: Phrase,
    audited?: AuditedBy<OperationRow>,
  ): Promise<boolean> {
    return this.rows.answer(
      id,
      { kind: 'settle', state, at, ...(reason !== undefined ? { reason } : {}) },
      (keyed) => this.team.settle(id, state, at, reason, keyed),
      audited,
    );
  }

  /** While the database is away, an operation of this desk answered meanwhile reads as its answer makes it. */
  get(id: number): Promise<OperationRow | undefined> {
    return this.rows.get(id, () => this.team.get(id));
  }

  claim(id: number, claims: Set<number>): Promise<Claim<OperationRow>> {
    return this.rows.claim(id, () => this.team.claim(id, claims));
  }

  renewClaim(id: number, claims: Set<number>): Promise<OperationRow | undefined> {
    return this.rows.renew(() => this.team.renewClaim(id, claims));
  }

  now(at: number): Promise<number> {
    return this.rows.onTeam(() => this.team.now(at));
  }

  open(environment: string): Promise<OperationRow[]> {
    return this.rows.onTeam(() => this.team.open(environment));
  }

  forOrders(environment: string, orderIds: readonly string[]): Promise<Map<string, OperationRow[]>> {
    return this.rows.onTeam(() => this.team.forOrders(environment, orderIds));
  }

  operatedIn(environment: string, period: { readonly from: number; readonly to: number }): Promise<string[]> {
    return this.rows.onTeam(() => this.team.operatedIn(environment, period));
  }

  forOrder(environment: string, orderId: string): Promise<OperationRow[]> {
    return this.rows.onTeam(() => this.team.forOrder(environment, orderId));
  }
}
