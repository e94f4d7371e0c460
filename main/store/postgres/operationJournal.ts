/**
 * The operations journal in the team's PostgreSQL: the same rows, guard and promise as this desk's SQLite
 * journal (store/operations.ts), held for every desk of the team at once.
 *
 * An operation is journalled in one READ COMMITTED transaction that first takes a transaction-scoped
 * advisory lock on its order (environment + orderId), then reads the order's operations, asks the guard,
 * inserts the open row and commits. A second desk operating on the same order waits at the lock (bounded
 * by lock_timeout) and then reads the first desk's row: the order's operations are read by a statement of
 * their own after the lock statement returned, so its snapshot is taken after the wait. Times are the
 * database's clock, which every desk shares. The statements sent at every operation are prepared
 * (teamDatabase.ts, Prepared).
 *
 * Claims are the charge journal's (postgres/chargeJournal.ts): the desk sending or reconciling an open
 * operation holds its claim in the row, renews it just before the request, and another desk takes it
 * over only once it lapsed, so that only one desk ever sends an operation's request.
 */
import { auditedUpdate, type TeamAuditTarget } from './teamAudit.js';
import type { AuditedBy, AuditRepository } from '../audit.js';
import type { Phrase } from '../../phrases/phrase.js';
import type { Claim } from '../claims.js';
import {
  byOrder,
  NEW_OPERATION_COLUMNS,
  newOperationColumns,
  operationMoney,
  toOperation,
  type BeginOperation,
  type NewOperation,
  type OperationGuard,
  type OperationJournal,
  type OperationJournalRow,
  type OperationRow,
} from '../operations.js';
import { storeSaid } from '../storedSaid.js';
import { decideBegin, type ApprovalRow, type ApprovalStep } from '../approvals.js';
import { thresholdsKey } from '../../domain/approvals.js';
import { approvingOf, fileRequest, markApproved, pendingOf, pendingOnClock } from './approvals.js';
import type { DeskIdentity } from './desks.js';
import { CLAIM_TTL_MS, OPEN, RowClaims } from './rowClaims.js';
import { DATABASE_NOW_MS, databaseNow, query, transaction, type Prepared, type TeamDatabase } from './teamDatabase.js';

/** An operation's row, column by column (OperationJournalRow): what every statement here reads or returns. */
const COLUMNS =
  'id, environment, order_id, kind, amount, external_refund_id, operator, operator_reason, state, reason, created_at, updated_at';

const ON_ORDER: Prepared = {
  name: 'order_operations.onOrder',
  text: `SELECT ${COLUMNS} FROM order_operations WHERE environment = $1 AND order_id = $2 ORDER BY id`,
};

const LOCK_ORDER: Prepared = { name: 'order_operations.lock', text: 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))' };

/**
 * The guard's facts in one statement: the database's time (read once, as the statement runs) and the order's
 * operations, one row each, or a single row with no operation when it has none.
 */
const FACTS: Prepared = {
  name: 'order_operations.facts',
  text: `SELECT clock.now, clock.thresholds, requests.pending, op.*
           FROM (SELECT ${DATABASE_NOW_MS} AS now, (SELECT value FROM team_settings WHERE key = $3) AS thresholds OFFSET 0) AS clock
           ${pendingOnClock('order_id', '$1', '$2')}
           LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM order_operations WHERE environment = $1 AND order_id = $2) AS op ON true
          ORDER BY op.id`,
};

const INSERT: Prepared = {
  name: 'order_operations.insert',
  text: `INSERT INTO order_operations (${NEW_OPERATION_COLUMNS}, state, created_at, updated_at, claimed_by, claim_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'PENDING', $8, $8, $9, $10) RETURNING ${COLUMNS}`,
};

export interface PgOperationJournalOptions {
  /** This desk: its id is kept on each claim it holds. */
  readonly desk: DeskIdentity;
  /** This desk's own log, which gets a copy of each entry written to the team's (TeamAuditTarget). */
  readonly own?: AuditRepository;
  /** How long a claim holds unrenewed (CLAIM_TTL_MS); shorter in tests of a desk that died. */
  readonly claimTtlMs?: number;
}

const SETTLE: Prepared = {
  name: 'order_operations.settle',
  // Settled, or left unknown for reconciling: either way its sender is done with it, and lets its claim go.
  text: `UPDATE order_operations SET state = $1, reason = $2, updated_at = ${DATABASE_NOW_MS}, claimed_by = NULL, claim_expires_at = NULL
          WHERE id = $3 AND ${OPEN} RETURNING id`,
};

const GET: Prepared = { name: 'order_operations.get', text: `SELECT ${COLUMNS} FROM order_operations WHERE id = $1` };

export class PgOperationJournal implements OperationJournal {
  private readonly desk: DeskIdentity;
  /** Where the entries written with this journal's answers and approvals go. */
  private readonly auditTo: TeamAuditTarget;

  /** This desk's own log, which keeps a copy of each entry: the outbox writes an answer's there while the team is away. */
  get ownLog(): AuditRepository | undefined {
    return this.auditTo.own;
  }
  private readonly claimTtlMs: number;
  private readonly claims: RowClaims<OperationJournalRow, OperationRow>;

  constructor(
    private readonly db: TeamDatabase,
    options: PgOperationJournalOptions,
  ) {
    this.desk = options.desk;
    this.auditTo = { desk: options.desk, ...(options.own ? { own: options.own } : {}) };
    this.claimTtlMs = options.claimTtlMs ?? CLAIM_TTL_MS;
    this.claims = new RowClaims(db, 'order_operations', COLUMNS, {
      desk: this.desk,
      ttlMs: this.claimTtlMs,
      toRow: toOperation,
      get: (id) => this.get(id),
    });
  }

  async begin<R>(op: NewOperation, guard: OperationGuard<R>, claims?: Set<number>, step?: ApprovalStep): Promise<BeginOperation<R>> {
    const outcome = await transaction(this.db, async (q): Promise<BeginOperation<R> | { row: OperationRow }> => {
      // The lock first, in a statement of its own: the facts' statement starts (and takes its snapshot) after the wait.
      await q(LOCK_ORDER, [`order ${op.environment} ${op.orderId}`]);
      type FactRow = OperationJournalRow & { now: number; thresholds: string | null; pending: ApprovalRow[] };
      const facts = await q<FactRow>(FACTS, [op.environment, op.orderId, thresholdsKey(op.environment)]);
      const { now, thresholds, pending } = facts[0]!;
      const onOrder = facts.filter((r) => r.id !== null).map(toOperation);
      const decided = decideBegin({
        step,
        money: operationMoney(op),
        approving: await approvingOf(q, step),
        pending: pendingOf(pending),
        thresholds: thresholds ?? undefined,
        now,
        guard: () => guard({ now, onOrder }),
        desk: this.desk.name,
      });
      if (decided.kind === 'ask')
        return { kind: 'requested', request: await fileRequest(q, decided.request, now, this.auditTo, step?.audited), why: decided.why };
      if (decided.kind !== 'journal') return decided;
      const [row] = await q<OperationJournalRow>(INSERT, [
        ...newOperationColumns(op),
        now,
        claims ? this.desk.id : null,
        claims ? now + this.claimTtlMs : null,
      ]);
      if (decided.approving) await markApproved(q, decided.approving, row!.id, now, this.auditTo, step?.audited);
      return { row: toOperation(row!) };
    });
    if (!('row' in outcome)) return outcome;
    claims?.add(outcome.row.id);
    return { kind: 'journalled', operation: outcome.row };
  }

  /** The database's clock, as begin() reads it for the guard, whatever the desk's says. */
  now(_at: number): Promise<number> {
    return databaseNow(this.db);
  }

  /** See RowClaims (rowClaims.ts). */
  claim(id: number, claims: Set<number>): Promise<Claim<OperationRow>> {
    return this.claims.claim(id, claims);
  }

  renewClaim(id: number, claims: Set<number>): Promise<OperationRow | undefined> {
    return this.claims.renew(id, claims);
  }

  settle(
    id: number,
    state: 'DONE' | 'REFUSED' | 'UNKNOWN',
    _at: number,
    reason?: Phrase,
    audited?: AuditedBy<OperationRow>,
  ): Promise<boolean> {
    return auditedUpdate(this.db, this.auditTo, SETTLE, [state, reason ? storeSaid(reason) : null, id], audited, async (q) =>
      toOperation((await q<OperationJournalRow>(GET, [id]))[0]!),
    );
  }

  async get(id: number): Promise<OperationRow | undefined> {
    const [r] = await query<OperationJournalRow>(this.db, GET, [id]);
    return r && toOperation(r);
  }

  async open(environment: string): Promise<OperationRow[]> {
    const rows = await query<OperationJournalRow>(
      this.db,
      `SELECT ${COLUMNS} FROM order_operations WHERE environment = $1 AND ${OPEN} ORDER BY id`,
      [environment],
    );
    return rows.map(toOperation);
  }

  async forOrders(environment: string, orderIds: readonly string[]): Promise<Map<string, OperationRow[]>> {
    if (orderIds.length === 0) return new Map();
    const rows = await query<OperationJournalRow>(
      this.db,
      `SELECT ${COLUMNS} FROM order_operations WHERE environment = $1 AND order_id = ANY($2) ORDER BY id`,
      [environment, [...new Set(orderIds)]],
    );
    return byOrder(orderIds, rows.map(toOperation));
  }

  async operatedIn(environment: string, period: { readonly from: number; readonly to: number }): Promise<string[]> {
    const rows = await query<{ order_id: string }>(
      this.db,
      `SELECT order_id FROM order_operations WHERE environment = $1 AND created_at >= $2 AND created_at < $3
       GROUP BY order_id ORDER BY min(id)`,
      [environment, period.from, period.to],
    );
    return rows.map((r) => r.order_id);
  }

  async forOrder(environment: string, orderId: string): Promise<OperationRow[]> {
    return (await query<OperationJournalRow>(this.db, ON_ORDER, [environment, orderId])).map(toOperation);
  }
}
