/**
 * Journal of operations on paid orders (deposit, reverse, refund): written PENDING before the request,
 * settled DONE or REFUSED on a definite answer, UNKNOWN while an answer is missing. Settled rows never change.
 */
import { randomUUID } from 'node:crypto';
import { maskCardNumbers } from '../domain/cardNumbers.js';
import type { Phrase } from '../phrases/phrase.js';
import { read, write, type Db } from './database.js';
import { storedPhrase, storeSaid } from './storedSaid.js';
import { claimOpen, type Claim } from './claims.js';

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

interface Row {
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

const toOperation = (r: Row): OperationRow => ({
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
}

export type BeginOperation<R> =
  { readonly kind: 'journalled'; readonly operation: OperationRow } | { readonly kind: 'refused'; readonly refusal: R };

export class OperationJournal {
  constructor(private readonly db: Db) {}

  /**
   * Writes the operation PENDING if its guard lets it, the guard reading the journal inside the same write
   * transaction (under SQLite's write lock, so no other operation on the order, from this process or
   * another, slips in between). A refund gets its own externalRefundId, so resending it is idempotent.
   */
  begin<R>(op: NewOperation, guard: (journal: OperationJournal) => R | undefined, claims?: Set<number>): BeginOperation<R> {
    const outcome = write(this.db, (): { refusal: R } | { id: number } => {
      const refusal = guard(this);
      if (refusal !== undefined) return { refusal };
      const rowId = Number(
        this.db
          .prepare(
            "INSERT INTO order_operations (environment, order_id, kind, amount, operator, operator_reason, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'PENDING', ?, ?)",
          )
          // The IPC contract refuses a reason holding a card number; whatever else calls, none is kept whole.
          .run(
            op.environment,
            op.orderId,
            op.kind,
            op.amount ?? null,
            op.operator,
            op.operatorReason === undefined ? null : maskCardNumbers(op.operatorReason),
            op.at,
            op.at,
          ).lastInsertRowid,
      );
      if (op.kind === 'refund')
        this.db
          .prepare('UPDATE order_operations SET external_refund_id = ? WHERE id = ?')
          // Random rather than the row id: ids repeat after a restore or on another desk; refund ids must not.
          .run(`BO-${randomUUID().slice(0, 33)}`, rowId);
      return { id: rowId };
    });
    if ('refusal' in outcome) return { kind: 'refused', refusal: outcome.refusal };
    // Claimed by its sender as it is journalled (store/claims.ts), before anything else can see it open.
    claims?.add(outcome.id);
    return { kind: 'journalled', operation: this.get(outcome.id)! };
  }

  /** Claims an open operation for sending, on the row as it is now (store/claims.ts); a settled one never is. */
  claim(id: number, claims: Set<number>): Claim<OperationRow> {
    return claimOpen(this.db, id, claims, (i) => this.get(i));
  }

  settle(id: number, state: 'DONE' | 'REFUSED' | 'UNKNOWN', at: number, reason?: Phrase): boolean {
    return write(
      this.db,
      () =>
        this.db
          .prepare("UPDATE order_operations SET state = ?, reason = ?, updated_at = ? WHERE id = ? AND state IN ('PENDING', 'UNKNOWN')")
          .run(state, reason ? storeSaid(reason) : null, at, id).changes === 1,
    );
  }

  get(id: number): OperationRow | undefined {
    return read(this.db, () => {
      const r = this.db.prepare('SELECT * FROM order_operations WHERE id = ?').get(id) as Row | undefined;
      return r && toOperation(r);
    });
  }

  open(environment: string): OperationRow[] {
    return read(this.db, () => {
      return (
        this.db
          .prepare("SELECT * FROM order_operations WHERE environment = ? AND state IN ('PENDING', 'UNKNOWN') ORDER BY id")
          .all(environment) as Row[]
      ).map(toOperation);
    });
  }

  /** The operations on any of these orders, by orderId, oldest first. */
  forOrders(environment: string, orderIds: readonly string[]): Map<string, OperationRow[]> {
    const found = new Map<string, OperationRow[]>();
    read(this.db, () => {
      const list = this.db.prepare('SELECT * FROM order_operations WHERE environment = ? AND order_id = ? ORDER BY id');
      for (const id of new Set(orderIds)) {
        const rows = (list.all(environment, id) as Row[]).map(toOperation);
        if (rows.length > 0) found.set(id, rows);
      }
    });
    return found;
  }

  /** The orders with an operation journalled in [from, to), in the order of their first operation there. */
  operatedIn(environment: string, period: { readonly from: number; readonly to: number }): string[] {
    return read(this.db, () =>
      (
        this.db
          .prepare(
            'SELECT order_id FROM order_operations WHERE environment = ? AND created_at >= ? AND created_at < ? GROUP BY order_id ORDER BY min(id)',
          )
          .all(environment, period.from, period.to) as { order_id: string }[]
      ).map((r) => r.order_id),
    );
  }

  forOrder(environment: string, orderId: string): OperationRow[] {
    return read(this.db, () => {
      return (
        this.db
          .prepare('SELECT * FROM order_operations WHERE environment = ? AND order_id = ? ORDER BY id')
          .all(environment, orderId) as Row[]
      ).map(toOperation);
    });
  }
}
