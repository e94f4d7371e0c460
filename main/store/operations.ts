/**
 * Journal of operations on paid orders (deposit, reverse, refund): written PENDING before the request,
 * settled DONE or REFUSED on a definite answer, UNKNOWN while an answer is missing. Settled rows never change.
 */
import { randomUUID } from 'node:crypto';
import { maskCardNumbers } from '../domain/cardNumbers.js';
import type { Phrase } from '../phrases/phrase.js';
import { read, settled, write, type Db } from './database.js';
import { AuditRepository, type AuditedBy } from './audit.js';
import { storedPhrase, storeSaid } from './storedSaid.js';
import { claimOpen, type Claim } from './claims.js';
import {
  decideBegin,
  fileRequest,
  markApproved,
  readForBegin,
  thresholdsIn,
  type ApprovalOutcome,
  type ApprovalStep,
  type MovedMoney,
} from './approvals.js';

export type OperationKind = 'deposit' | 'reverse' | 'refund';
export type OperationState = 'PENDING' | 'UNKNOWN' | 'DONE' | 'REFUSED';

export interface OperationRow {
  readonly id: number;
  readonly environment: string;
  readonly orderId: string;
  readonly kind: OperationKind;
  /**
   * Minor units; 0 for "all" where the gateway reads it so. A reversal records what it cancels (the hold
   * or the charge as the live status showed it when sent); absent on reversals journalled before that.
   */
  readonly amount?: number;
  readonly externalRefundId?: string;
  readonly operator: string;
  /** Why the operator did it, in their words (optional). */
  readonly operatorReason?: string;
  readonly state: OperationState;
  /**
   * The gateway's reason for a refusal, or why the outcome is not known: a phrase, kept as JSON (a row
   * written before reasons were phrases reads as its English text, quoted).
   */
  readonly reason?: Phrase;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** An order_operations row as both engines read it (the team database's BIGINTs are parsed to numbers). */
export interface OperationJournalRow {
  id: number;
  environment: string;
  order_id: string;
  kind: OperationKind;
  amount: number | null;
  external_refund_id: string | null;
  operator: string;
  operator_reason: string | null;
  state: OperationState;
  reason: string | null;
  created_at: number;
  updated_at: number;
}

export const toOperation = (r: OperationJournalRow): OperationRow => ({
  id: r.id,
  environment: r.environment,
  orderId: r.order_id,
  kind: r.kind,
  ...(r.amount !== null ? { amount: r.amount } : {}),
  ...(r.external_refund_id !== null ? { externalRefundId: r.external_refund_id } : {}),
  operator: r.operator,
  ...(r.operator_reason !== null ? { operatorReason: r.operator_reason } : {}),
  state: r.state,
  ...(r.reason !== null ? { reason: storedPhrase(r.reason) } : {}),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export interface NewOperation {
  readonly environment: string;
  readonly orderId: string;
  readonly kind: OperationKind;
  readonly amount?: number;
  readonly operator: string;
  readonly operatorReason?: string;
  readonly at: number;
  /**
   * The money it gives back to the card (a refund, or a charge's reversal), in minor units of the order's
   * currency: what an approval threshold is compared with. Absent for a deposit or a hold's reversal.
   */
  readonly givesBack?: {
    readonly amount: number;
    readonly currency: string;
    /** Given back on the order before: counted with `amount` against the threshold. */
    readonly before?: number;
    readonly orderNumber?: string;
  };
}

export type BeginOperation<R> =
  { readonly kind: 'journalled'; readonly operation: OperationRow } | { readonly kind: 'refused'; readonly refusal: R } | ApprovalOutcome;

/** The money an operation moves, as approvals see it (store/approvals.ts). */
export function operationMoney(op: NewOperation): MovedMoney | undefined {
  const what = {
    action: 'refund',
    orderId: op.orderId,
    ...(op.givesBack?.orderNumber !== undefined ? { orderNumber: op.givesBack.orderNumber } : {}),
  } as const;
  // A refund always gives money back: one whose caller did not say how much is not known, and fails closed.
  if (!op.givesBack) return op.kind === 'refund' ? { environment: op.environment, what, amount: op.amount ?? 0, currency: '' } : undefined;
  const { amount, currency, before } = op.givesBack;
  return { environment: op.environment, what, amount, currency, ...(before !== undefined ? { before } : {}) };
}

/**
 * What an operation's guard reads: the order's rows as they are inside the transaction that journals the
 * operation, after it took the order's lock, so that no other operation on the order (from this desk or
 * another) can change them before the guard's answer is written.
 */
export interface OperationFacts {
  /** The time the guard's windows end at: the desk's clock, or the team database's, which every desk shares. */
  readonly now: number;
  /** Every operation journalled on the order, of any state, oldest first. */
  readonly onOrder: readonly OperationRow[];
}

/** A guard: undefined lets the operation be journalled; anything else is why not, and nothing is written. */
export type OperationGuard<R> = (facts: OperationFacts) => R | undefined;

/**
 * The operations journal, on either engine: this desk's SQLite file (SqliteOperationJournal) or the team's
 * PostgreSQL (store/postgres/operationJournal.ts). Both keep the same rows, run the same guard, and hold
 * the same promise as the charge journal (store/journal.ts): an operation is committed PENDING before its
 * request is sent, and its guard decides on the order's rows as they are in that very transaction.
 */
export interface OperationJournal {
  /**
   * Writes the operation PENDING if its guard lets it, the guard given the order's facts read inside the
   * same write transaction, under a lock every writer of this order takes. A refund gets its own
   * externalRefundId, so resending it is idempotent. With `claims`, the new row is claimed for its sender
   * (store/claims.ts) before anything else can see it open. Approvals are decided in the same transaction
   * (decideBegin, store/approvals.ts): a live request on the order holds it; money given back over its
   * threshold becomes a request when `step` asks, and with an `approve` step the request is approved by the row.
   */
  begin<R>(op: NewOperation, guard: OperationGuard<R>, claims?: Set<number>, step?: ApprovalStep): Promise<BeginOperation<R>>;
  /**
   * Claims an open operation for sending, on the row as it is now (store/claims.ts); a settled one never is,
   * nor one another sender holds (in the team database, another desk, until its claim expires).
   */
  claim(id: number, claims: Set<number>): Promise<Claim<OperationRow>>;
  /**
   * The row, if it is open and this sender's claim on it still holds, which it renews: asked just before
   * the request that moves money, so that no desk sends on a claim that lapsed and was taken over.
   */
  renewClaim(id: number, claims: Set<number>): Promise<OperationRow | undefined>;
  /**
   * Settles (or marks UNKNOWN) an open operation; a settled one is never changed again (returns false). With
   * `audited`, the operation's audit entry, made from the row as settled, is written in the same transaction.
   */
  settle(
    id: number,
    state: 'DONE' | 'REFUSED' | 'UNKNOWN',
    at: number,
    reason?: Phrase,
    audited?: AuditedBy<OperationRow>,
  ): Promise<boolean>;
  get(id: number): Promise<OperationRow | undefined>;
  /** Every operation of the environment whose outcome is not known yet, oldest first. */
  open(environment: string): Promise<OperationRow[]>;
  /** The operations on any of these orders, by orderId (in the order asked), each order's oldest first. */
  forOrders(environment: string, orderIds: readonly string[]): Promise<Map<string, OperationRow[]>>;
  /** The orders with an operation journalled in [from, to), in the order of their first operation there. */
  operatedIn(environment: string, period: { readonly from: number; readonly to: number }): Promise<string[]>;
  /** The operations on one order, oldest first. */
  forOrder(environment: string, orderId: string): Promise<OperationRow[]>;
  /**
   * The time an operation's guard would decide at now (OperationFacts.now), for a desk whose clock says `at`:
   * what a dialog shows beforehand (the refund's plan) must be decided on the clock the guard will use.
   */
  now(at: number): Promise<number>;
}

export const NEW_OPERATION_COLUMNS = 'environment, order_id, kind, amount, external_refund_id, operator, operator_reason';

/** The columns of a new row, as both engines write them. */
export const newOperationColumns = (op: NewOperation) =>
  [
    op.environment,
    op.orderId,
    op.kind,
    op.amount ?? null,
    // Random rather than the row id: ids repeat after a restore or on another desk; refund ids must not.
    op.kind === 'refund' ? `BO-${randomUUID().slice(0, 33)}` : null,
    op.operator,
    // The IPC contract refuses a reason holding a card number; whatever else calls, none is kept whole.
    op.operatorReason === undefined ? null : maskCardNumbers(op.operatorReason),
  ] as const;

/** Rows of many orders (oldest first) by orderId, in the order the ids were asked for; orders with none left out. */
export function byOrder(orderIds: readonly string[], rows: readonly OperationRow[]): Map<string, OperationRow[]> {
  const found = new Map<string, OperationRow[]>(Array.from(new Set(orderIds), (id) => [id, []]));
  for (const r of rows) found.get(r.orderId)?.push(r);
  for (const [id, list] of found) if (list.length === 0) found.delete(id);
  return found;
}

/** The operations journal in this desk's SQLite file, where BEGIN IMMEDIATE is the lock every writer takes. */
export class SqliteOperationJournal implements OperationJournal {
  /** `desk`: this desk's name, kept on each approval request asked here; `audit`: this file's log. */
  constructor(
    private readonly db: Db,
    private readonly desk?: string,
    private readonly audit: AuditRepository = new AuditRepository(db),
  ) {}

  begin<R>(op: NewOperation, guard: OperationGuard<R>, claims?: Set<number>, step?: ApprovalStep): Promise<BeginOperation<R>> {
    return settled(() => {
      // SQLite's write lock is the file's: taken before the facts are read, by every process on the file.
      const outcome = write(this.db, (): BeginOperation<R> | { id: number } => {
        const money = operationMoney(op);
        const decided = decideBegin({
          step,
          money,
          ...readForBegin(this.db, { orderId: op.orderId }, op.environment, step, op.at),
          thresholds: money && thresholdsIn(this.db, op.environment),
          now: op.at,
          guard: () => guard({ now: op.at, onOrder: this.rowsOf(op.environment, op.orderId) }),
          ...(this.desk !== undefined ? { desk: this.desk } : {}),
        });
        if (decided.kind === 'ask')
          return { kind: 'requested', request: fileRequest(this.db, decided.request, op.at, this.audit, step?.audited), why: decided.why };
        if (decided.kind !== 'journal') return decided;
        const id = Number(
          this.db
            .prepare(
              `INSERT INTO order_operations (${NEW_OPERATION_COLUMNS}, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?)`,
            )
            .run(...newOperationColumns(op), op.at, op.at).lastInsertRowid,
        );
        if (decided.approving) markApproved(this.db, decided.approving, id, op.at, this.audit, step?.audited);
        return { id };
      });
      if (!('id' in outcome)) return outcome;
      claims?.add(outcome.id);
      return { kind: 'journalled', operation: this.row(outcome.id)! };
    });
  }

  /** The desk's own time: its guard decides at the operation's time (op.at), which the desk's clock gives. */
  now(at: number): Promise<number> {
    return Promise.resolve(at);
  }

  claim(id: number, claims: Set<number>): Promise<Claim<OperationRow>> {
    return settled(() => claimOpen(this.db, id, claims, (i) => this.row(i)));
  }

  renewClaim(id: number, claims: Set<number>): Promise<OperationRow | undefined> {
    return settled(() => {
      const row = this.row(id);
      return row && (row.state === 'PENDING' || row.state === 'UNKNOWN') && claims.has(id) ? row : undefined;
    });
  }

  settle(
    id: number,
    state: 'DONE' | 'REFUSED' | 'UNKNOWN',
    at: number,
    reason?: Phrase,
    audited?: AuditedBy<OperationRow>,
  ): Promise<boolean> {
    return settled(() =>
      write(this.db, () => {
        const changed =
          this.db
            .prepare("UPDATE order_operations SET state = ?, reason = ?, updated_at = ? WHERE id = ? AND state IN ('PENDING', 'UNKNOWN')")
            .run(state, reason ? storeSaid(reason) : null, at, id).changes === 1;
        if (changed && audited) this.audit.write(audited(this.row(id)!));
        return changed;
      }),
    );
  }

  get(id: number): Promise<OperationRow | undefined> {
    return settled(() => this.row(id));
  }

  private row(id: number): OperationRow | undefined {
    return read(this.db, () => {
      const r = this.db.prepare('SELECT * FROM order_operations WHERE id = ?').get(id) as OperationJournalRow | undefined;
      return r && toOperation(r);
    });
  }

  open(environment: string): Promise<OperationRow[]> {
    return settled(() =>
      read(this.db, () =>
        (
          this.db
            .prepare("SELECT * FROM order_operations WHERE environment = ? AND state IN ('PENDING', 'UNKNOWN') ORDER BY id")
            .all(environment) as OperationJournalRow[]
        ).map(toOperation),
      ),
    );
  }

  forOrders(environment: string, orderIds: readonly string[]): Promise<Map<string, OperationRow[]>> {
    return settled(() =>
      read(this.db, () => {
        const list = this.db.prepare('SELECT * FROM order_operations WHERE environment = ? AND order_id = ? ORDER BY id');
        const ids = [...new Set(orderIds)];
        return byOrder(
          ids,
          ids.flatMap((id) => (list.all(environment, id) as OperationJournalRow[]).map(toOperation)),
        );
      }),
    );
  }

  operatedIn(environment: string, period: { readonly from: number; readonly to: number }): Promise<string[]> {
    return settled(() =>
      read(this.db, () =>
        (
          this.db
            .prepare(
              'SELECT order_id FROM order_operations WHERE environment = ? AND created_at >= ? AND created_at < ? GROUP BY order_id ORDER BY min(id)',
            )
            .all(environment, period.from, period.to) as { order_id: string }[]
        ).map((r) => r.order_id),
      ),
    );
  }

  forOrder(environment: string, orderId: string): Promise<OperationRow[]> {
    return settled(() => this.rowsOf(environment, orderId));
  }

  private rowsOf(environment: string, orderId: string): OperationRow[] {
    return read(this.db, () =>
      (
        this.db
          .prepare('SELECT * FROM order_operations WHERE environment = ? AND order_id = ? ORDER BY id')
          .all(environment, orderId) as OperationJournalRow[]
      ).map(toOperation),
    );
  }
}
