/**
 * The charge journal in the team's PostgreSQL: the same rows, guard and promise as this desk's SQLite
 * journal (store/journal.ts), held for every desk of the team at once.
 *
 * A charge is journalled in one READ COMMITTED transaction that first takes transaction-scoped advisory
 * locks on its card (environment + binding) and on its reference (environment + orderNumber), always in
 * that order so that two charges cannot wait on each other, then reads the guard's facts, asks the guard,
 * inserts the open row and commits. A second desk charging the same card waits at the lock (bounded by
 * lock_timeout) and then reads the first desk's row. Times are the database's clock, which every desk shares.
 */
import { storeSaid } from '../storedSaid.js';
import {
  assertChargeAmount,
  journalWhere,
  NEW_CHARGE_COLUMNS,
  newChargeColumns,
  toCharge,
  type BeginOutcome,
  type ChargeGuard,
  type ChargeJournal,
  type ChargeJournalRow,
  type ChargeRow,
  type GuardFacts,
  type GuardQuery,
  type JournalFilter,
  type NewCharge,
  type Settlement,
} from '../journal.js';
import type { Claim } from '../claims.js';
import type { Phrase } from '../../phrases/phrase.js';
import { DATABASE_NOW_MS, query, transaction, type Query, type TeamDatabase } from './teamDatabase.js';

const OPEN = "state IN ('PENDING', 'UNKNOWN')";

/**
 * How long a desk's claim on a charge holds without being renewed. Its sender renews it before each
 * payment request, and a request ends within the gateway client's deadline, so only a desk that died (or
 * lost the database for this long) lets its claim lapse: then another desk may reconcile the charge.
 */
export const CLAIM_TTL_MS = 5 * 60_000;

export interface PgChargeJournalOptions {
  /** This desk's name: kept on each charge it journals, and on each claim it holds. */
  readonly desk: string;
  readonly claimTtlMs?: number;
}

export class PgChargeJournal implements ChargeJournal {
  private readonly desk: string;
  private readonly claimTtlMs: number;

  constructor(
    private readonly db: TeamDatabase,
    options: PgChargeJournalOptions,
  ) {
    this.desk = options.desk;
    this.claimTtlMs = options.claimTtlMs ?? CLAIM_TTL_MS;
  }

  async begin<R>(c: NewCharge, lookBackMs: number, guard: ChargeGuard<R>, claims?: Set<number>): Promise<BeginOutcome<R>> {
    assertChargeAmount(c.amount);
    const outcome = await transaction(this.db, async (q): Promise<{ refusal: R } | { row: ChargeRow }> => {
      await q('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`card ${c.environment} ${c.bindingId}`]);
      await q('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`reference ${c.environment} ${c.orderNumber}`]);
      const facts = await factsWith(q, c, lookBackMs);
      const refusal = guard(facts);
      if (refusal !== undefined) return { refusal };
      // Claimed for its sender as it is written, when it has one (a preview's caller has not).
      const [row] = await q<ChargeJournalRow>(
        `INSERT INTO charge_journal (${NEW_CHARGE_COLUMNS}, state, created_at, updated_at, claimed_by, claim_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'PENDING', $12, $12, $13, $14) RETURNING *`,
        [...newChargeColumns(c, this.desk), facts.now, claims ? this.desk : null, claims ? facts.now + this.claimTtlMs : null],
      );
      return { row: toCharge(row!) };
    });
    if ('refusal' in outcome) return { kind: 'refused', refusal: outcome.refusal };
    claims?.add(outcome.row.id);
    return { kind: 'journalled', charge: outcome.row };
  }

  async facts(q: GuardQuery, _at: number, lookBackMs: number): Promise<GuardFacts> {
    return transaction(this.db, (t) => factsWith(t, q, lookBackMs));
  }

  async markUnknown(id: number, reason: Phrase): Promise<boolean> {
    const rows = await query(
      this.db,
      `UPDATE charge_journal SET state = 'UNKNOWN', reason = $1, updated_at = ${DATABASE_NOW_MS}, claimed_by = NULL, claim_expires_at = NULL
       WHERE id = $2 AND ${OPEN} RETURNING id`,
      [storeSaid(reason), id],
    );
    return rows.length === 1;
  }

  async settle(id: number, s: Settlement): Promise<boolean> {
    const rows = await query(
      this.db,
      `UPDATE charge_journal SET state = $1, order_id = COALESCE($2, order_id), order_status = $3, action_code = $4, reason = $5,
         updated_at = ${DATABASE_NOW_MS}, claimed_by = NULL, claim_expires_at = NULL
       WHERE id = $6 AND ${OPEN} RETURNING id`,
      [s.state, s.orderId ?? null, s.orderStatus ?? null, s.actionCode ?? null, s.reason ? storeSaid(s.reason) : null, id],
    );
    return rows.length === 1;
  }

  async attachOrder(id: number, orderId: string): Promise<void> {
    await query(this.db, `UPDATE charge_journal SET order_id = $1, updated_at = ${DATABASE_NOW_MS} WHERE id = $2 AND ${OPEN}`, [
      orderId,
      id,
    ]);
  }

  async get(id: number): Promise<ChargeRow | undefined> {
    const [r] = await query<ChargeJournalRow>(this.db, 'SELECT * FROM charge_journal WHERE id = $1', [id]);
    return r && toCharge(r);
  }

  async byOrderNumber(environment: string, orderNumber: string): Promise<ChargeRow | undefined> {
    const [r] = await query<ChargeJournalRow>(
      this.db,
      'SELECT * FROM charge_journal WHERE environment = $1 AND order_number = $2 ORDER BY id DESC LIMIT 1',
      [environment, orderNumber],
    );
    return r && toCharge(r);
  }

  /**
   * Claims an open charge for this desk's sender, on the row as it is now. A claim another desk holds is
   * left alone until it expires; one this desk holds for no sender of its own (a run of the app that
   * ended) is taken again. A row another desk is claiming this very moment is skipped, not waited for.
   */
  async claim(id: number, claims: Set<number>): Promise<Claim<ChargeRow>> {
    if (!claims.has(id)) {
      const [taken] = await query<ChargeJournalRow>(
        this.db,
        `UPDATE charge_journal SET claimed_by = $2, claim_expires_at = ${DATABASE_NOW_MS} + $3
          WHERE id = (SELECT id FROM charge_journal
                       WHERE id = $1 AND ${OPEN} AND (claimed_by IS NULL OR claimed_by = $2 OR claim_expires_at < ${DATABASE_NOW_MS})
                       FOR UPDATE SKIP LOCKED)
          RETURNING *`,
        [id, this.desk, this.claimTtlMs],
      );
      if (taken) {
        claims.add(id);
        return { kind: 'claimed', row: toCharge(taken) };
      }
    }
    const row = await this.get(id);
    if (!row) return { kind: 'missing' };
    return row.state === 'PENDING' || row.state === 'UNKNOWN' ? { kind: 'sending', row } : { kind: 'settled', row };
  }

  async renewClaim(id: number, claims: Set<number>): Promise<ChargeRow | undefined> {
    if (!claims.has(id)) return undefined;
    const [r] = await query<ChargeJournalRow>(
      this.db,
      `UPDATE charge_journal SET claim_expires_at = ${DATABASE_NOW_MS} + $3 WHERE id = $1 AND ${OPEN} AND claimed_by = $2 RETURNING *`,
      [id, this.desk, this.claimTtlMs],
    );
    return r && toCharge(r);
  }

  async open(environment?: string): Promise<ChargeRow[]> {
    const rows = await query<ChargeJournalRow>(
      this.db,
      `SELECT * FROM charge_journal WHERE ${OPEN} ${environment ? 'AND environment = $1' : ''} ORDER BY id`,
      environment ? [environment] : [],
    );
    return rows.map(toCharge);
  }

  async journalledSince(environment: string, bindingIds: readonly string[], since: number): Promise<ChargeRow[]> {
    if (bindingIds.length === 0) return [];
    const rows = await query<ChargeJournalRow>(
      this.db,
      'SELECT * FROM charge_journal WHERE environment = $1 AND created_at >= $2 AND binding_id = ANY($3) ORDER BY id',
      [environment, since, bindingIds],
    );
    return rows.map(toCharge);
  }

  async list(filter: JournalFilter = {}): Promise<ChargeRow[]> {
    let n = 0;
    const { where, args } = journalWhere(filter, () => `$${++n}`, 'strpos');
    const rows = await query<ChargeJournalRow>(this.db, `SELECT * FROM charge_journal ${where} ORDER BY id DESC LIMIT $${n + 1}`, [
      ...args,
      filter.limit ?? 1000,
    ]);
    return rows.map(toCharge);
  }
}

/** The guard's facts, read with q (inside the charge's transaction, after its locks), at the database's time. */
async function factsWith(q: Query, c: GuardQuery, lookBackMs: number): Promise<GuardFacts> {
  const [clock] = await q<{ now: number }>(`SELECT ${DATABASE_NOW_MS} AS now`);
  const now = clock!.now;
  const rows = async (sql: string, args: unknown[]) => (await q<ChargeJournalRow>(sql, args)).map(toCharge);
  const [underReference] = await rows(
    'SELECT * FROM charge_journal WHERE environment = $1 AND order_number = $2 ORDER BY id DESC LIMIT 1',
    [c.environment, c.orderNumber],
  );
  return {
    now,
    openOnCard: await rows(`SELECT * FROM charge_journal WHERE environment = $1 AND binding_id = $2 AND ${OPEN} ORDER BY id`, [
      c.environment,
      c.bindingId,
    ]),
    underReference,
    similar: await rows(
      `SELECT * FROM charge_journal WHERE environment = $1 AND binding_id = $2 AND amount = $3 AND currency = $4 AND created_at >= $5
         AND state != 'FAILED' ORDER BY id`,
      [c.environment, c.bindingId, c.amount, c.currency, now - lookBackMs],
    ),
  };
}
