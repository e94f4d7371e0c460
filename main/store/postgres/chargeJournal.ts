/**
 * The charge journal in the team's PostgreSQL: the same rows, guard and promise as this desk's SQLite
 * journal (store/journal.ts), held for every desk of the team at once.
 *
 * A charge is journalled in one READ COMMITTED transaction that first takes transaction-scoped advisory
 * locks on its card (environment + binding) and on its reference (environment + orderNumber), always in
 * that order so that two charges cannot wait on each other, then reads the guard's facts, asks the guard,
 * inserts the open row and commits. A second desk charging the same card waits at the lock (bounded by
 * lock_timeout) and then reads the first desk's row: the facts are read by a statement of their own after
 * the lock statement returned, so its snapshot is taken after the wait. Times are the database's clock,
 * which every desk shares. The statements sent at every charge are prepared (teamDatabase.ts, Prepared).
 */
import { chargeLimitKeys } from '../settings.js';
import type { DeskIdentity } from './desks.js';
import { storeSaid } from '../storedSaid.js';
import {
  assertChargeAmount,
  journalWhere,
  NEW_CHARGE_COLUMNS,
  newChargeColumns,
  chargeMoney,
  chargeReader,
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
import { decideBegin, type ApprovalRequest, type ApprovalRow, type ApprovalStep } from '../approvals.js';
import { auditedUpdate, type TeamAuditTarget } from './teamAudit.js';
import type { AuditedBy, AuditRepository } from '../audit.js';
import { approvingOf, batchFactsIn, fileRequest, lockBatch, markApproved, pendingOf, pendingOnClock } from './approvals.js';
import type { Phrase } from '../../phrases/phrase.js';
import { CLAIM_TTL_MS, OPEN, RowClaims } from './rowClaims.js';
import { DATABASE_NOW_MS, databaseNow, query, transaction, type Prepared, type Query, type TeamDatabase } from './teamDatabase.js';

/** A charge's row, column by column (ChargeJournalRow): what every statement here reads or returns. */
const COLUMNS =
  'id, environment, order_number, amount, currency, binding_id, client_id, category, description, masked_pan, operator, state, ' +
  'order_id, order_status, action_code, reason, created_at, updated_at, desk, claimed_by, claim_expires_at';

/**
 * A row as the screens read it: with the name of the desk that holds its claim. Only the reads for showing
 * and reconciling rows ask for it; a charge's own statements (its guard, its insert, its claims) do not.
 */
const SHOWN = `${COLUMNS}, (SELECT name FROM desks WHERE desks.id = charge_journal.claimed_by) AS claimed_by_name`;

/**
 * The card's lock, then the reference's, in one statement: the reference's is taken on the row the card's
 * subquery returns, so never before the card's (OFFSET 0 keeps the subquery from being merged away).
 */
const LOCK_CARD_THEN_REFERENCE: Prepared = {
  name: 'charge_journal.lock',
  text: `SELECT pg_advisory_xact_lock(hashtextextended($2, 0))
           FROM (SELECT pg_advisory_xact_lock(hashtextextended($1, 0)) OFFSET 0) AS card`,
};

/**
 * The guard's facts in one statement, at the database's time (the clock read once, as the statement runs):
 * one row per charge with the fact it belongs to (open on the card, the reference's latest, similar), or a
 * single row with no fact when there is none.
 */
const FACTS: Prepared = {
  name: 'charge_journal.facts',
  text: `SELECT clock.now, clock.settings, requests.pending, fact.*
           FROM (SELECT ${DATABASE_NOW_MS} AS now,
                        (SELECT coalesce(json_object_agg(key, value), '{}') FROM team_settings WHERE key = ANY($7)) AS settings
                 OFFSET 0) AS clock
           ${pendingOnClock('binding_id', '$1', '$2')}
           LEFT JOIN LATERAL (
             (SELECT 'open' AS fact, ${COLUMNS} FROM charge_journal WHERE environment = $1 AND binding_id = $2 AND ${OPEN})
             UNION ALL
             (SELECT 'reference' AS fact, ${COLUMNS} FROM charge_journal WHERE environment = $1 AND order_number = $3
               ORDER BY id DESC LIMIT 1)
             UNION ALL
             (SELECT 'similar' AS fact, ${COLUMNS} FROM charge_journal WHERE environment = $1 AND binding_id = $2 AND amount = $4
               AND currency = $5 AND created_at >= clock.now - $6 AND state != 'FAILED')
           ) AS fact ON true
          ORDER BY fact.id`,
};

/** Claimed for its sender as it is written, when it has one (a preview's caller has not). */
const INSERT: Prepared = {
  name: 'charge_journal.insert',
  text: `INSERT INTO charge_journal (${NEW_CHARGE_COLUMNS}, state, created_at, updated_at, claimed_by, claim_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'PENDING', $13, $13, $14, $15) RETURNING ${COLUMNS}`,
};

const SETTLE: Prepared = {
  name: 'charge_journal.settle',
  text: `UPDATE charge_journal SET state = $1, order_id = COALESCE($2, order_id), order_status = $3, action_code = $4, reason = $5,
           updated_at = ${DATABASE_NOW_MS}, claimed_by = NULL, claim_expires_at = NULL
         WHERE id = $6 AND ${OPEN} RETURNING id`,
};

const MARK_UNKNOWN: Prepared = {
  name: 'charge_journal.markUnknown',
  text: `UPDATE charge_journal SET state = 'UNKNOWN', reason = $1, updated_at = ${DATABASE_NOW_MS}, claimed_by = NULL, claim_expires_at = NULL
         WHERE id = $2 AND ${OPEN} RETURNING id`,
};

const ATTACH_ORDER: Prepared = {
  name: 'charge_journal.attachOrder',
  text: `UPDATE charge_journal SET order_id = $1, updated_at = ${DATABASE_NOW_MS} WHERE id = $2 AND ${OPEN}`,
};

const GET: Prepared = { name: 'charge_journal.get', text: `SELECT ${SHOWN} FROM charge_journal WHERE id = $1` };

const BY_ORDER_NUMBER: Prepared = {
  name: 'charge_journal.byOrderNumber',
  text: `SELECT ${SHOWN} FROM charge_journal WHERE environment = $1 AND order_number = $2 ORDER BY id DESC LIMIT 1`,
};

export interface PgChargeJournalOptions {
  /** This desk: its name is kept on each charge it journals, its id on each claim it holds. */
  readonly desk: DeskIdentity;
  /** This desk's own log, which gets a copy of each entry written to the team's (TeamAuditTarget). */
  readonly own?: AuditRepository;
  readonly claimTtlMs?: number;
}

export class PgChargeJournal implements ChargeJournal {
  private readonly desk: DeskIdentity;
  /** Where the entries written with this journal's answers and approvals go. */
  private readonly auditTo: TeamAuditTarget;

  /** This desk's own log, which keeps a copy of each entry: the outbox writes an answer's there while the team is away. */
  get ownLog(): AuditRepository | undefined {
    return this.auditTo.own;
  }
  private readonly claimTtlMs: number;

  constructor(
    private readonly db: TeamDatabase,
    options: PgChargeJournalOptions,
  ) {
    this.desk = options.desk;
    this.auditTo = { desk: options.desk, ...(options.own ? { own: options.own } : {}) };
    this.row = chargeReader(options.desk.id);
    this.claimTtlMs = options.claimTtlMs ?? CLAIM_TTL_MS;
    this.claims = new RowClaims(db, 'charge_journal', COLUMNS, {
      desk: this.desk,
      ttlMs: this.claimTtlMs,
      toRow: this.row,
      get: (id) => this.get(id),
    });
  }

  /** A row as this desk reads it: a claim another desk holds names that desk. */
  private readonly row: (r: ChargeJournalRow) => ChargeRow;
  private readonly claims: RowClaims<ChargeJournalRow, ChargeRow>;

  async begin<R>(
    c: NewCharge,
    lookBackMs: number,
    guard: ChargeGuard<R>,
    claims?: Set<number>,
    step?: ApprovalStep,
  ): Promise<BeginOutcome<R>> {
    assertChargeAmount(c.amount);
    const outcome = await transaction(this.db, async (q): Promise<BeginOutcome<R> | { row: ChargeRow }> => {
      // The locks first, in a statement of their own: the facts' statement starts (and takes its snapshot) after the wait.
      await q(LOCK_CARD_THEN_REFERENCE, [`card ${c.environment} ${c.bindingId}`, `reference ${c.environment} ${c.orderNumber}`]);
      if (c.batchId !== undefined) await lockBatch(q, c.environment, c.batchId);
      const { pending, ...facts } = await factsWith(q, c, lookBackMs);
      const decided = decideBegin({
        step,
        money: chargeMoney(c),
        approving: await approvingOf(q, step),
        pending,
        thresholds: facts.settings.get(chargeLimitKeys(c.environment).approvals),
        now: facts.now,
        guard: () => guard(facts),
        desk: this.desk.name,
        ...(c.batchId !== undefined ? { batch: await batchFactsIn(q, c.environment, c.batchId, c.currency, facts.now) } : {}),
      });
      if (decided.kind === 'ask')
        return {
          kind: 'requested',
          request: await fileRequest(q, decided.request, facts.now, this.auditTo, step?.audited),
          why: decided.why,
        };
      if (decided.kind !== 'journal') return decided;
      const [row] = await q<ChargeJournalRow>(INSERT, [
        ...newChargeColumns(c, this.desk.name),
        facts.now,
        claims ? this.desk.id : null,
        claims ? facts.now + this.claimTtlMs : null,
      ]);
      if (decided.approving) await markApproved(q, decided.approving, row!.id, facts.now, this.auditTo, step?.audited);
      return { row: this.row(row!) };
    });
    if (!('row' in outcome)) return outcome;
    claims?.add(outcome.row.id);
    return { kind: 'journalled', charge: outcome.row };
  }

  /** One statement, so one snapshot: no transaction needed around it. */
  async facts(q: GuardQuery, _at: number, lookBackMs: number): Promise<GuardFacts> {
    const { pending: _pending, ...facts } = await factsWith((sql, args) => query(this.db, sql, args), q, lookBackMs);
    return facts;
  }

  markUnknown(id: number, reason: Phrase, _at?: number, audited?: AuditedBy<ChargeRow>): Promise<boolean> {
    return this.answer(id, MARK_UNKNOWN, [storeSaid(reason), id], audited);
  }

  settle(id: number, s: Settlement, audited?: AuditedBy<ChargeRow>): Promise<boolean> {
    const values = [s.state, s.orderId ?? null, s.orderStatus ?? null, s.actionCode ?? null, s.reason ? storeSaid(s.reason) : null, id];
    return this.answer(id, SETTLE, values, audited);
  }

  private answer(id: number, update: Prepared, values: unknown[], audited: AuditedBy<ChargeRow> | undefined): Promise<boolean> {
    return auditedUpdate(this.db, this.auditTo, update, values, audited, async (q) => this.row((await q<ChargeJournalRow>(GET, [id]))[0]!));
  }

  async attachOrder(id: number, orderId: string): Promise<void> {
    await query(this.db, ATTACH_ORDER, [orderId, id]);
  }

  async get(id: number): Promise<ChargeRow | undefined> {
    const [r] = await query<ChargeJournalRow>(this.db, GET, [id]);
    return r && this.row(r);
  }

  async byOrderNumber(environment: string, orderNumber: string): Promise<ChargeRow | undefined> {
    const [r] = await query<ChargeJournalRow>(this.db, BY_ORDER_NUMBER, [environment, orderNumber]);
    return r && this.row(r);
  }

  /** See RowClaims (rowClaims.ts); a claim another desk holds names that desk (chargeReader). */
  claim(id: number, claims: Set<number>): Promise<Claim<ChargeRow>> {
    return this.claims.claim(id, claims);
  }

  renewClaim(id: number, claims: Set<number>): Promise<ChargeRow | undefined> {
    return this.claims.renew(id, claims);
  }

  async open(environment?: string): Promise<ChargeRow[]> {
    const rows = await query<ChargeJournalRow>(
      this.db,
      `SELECT ${SHOWN} FROM charge_journal WHERE ${OPEN} ${environment ? 'AND environment = $1' : ''} ORDER BY id`,
      environment ? [environment] : [],
    );
    return rows.map(this.row);
  }

  /** The database's clock, which every row's time is written with, whatever the desk's says. */
  now(_at: number): Promise<number> {
    return databaseNow(this.db);
  }

  async journalledSince(environment: string, bindingIds: readonly string[], since: number): Promise<ChargeRow[]> {
    if (bindingIds.length === 0) return [];
    const rows = await query<ChargeJournalRow>(
      this.db,
      `SELECT ${SHOWN} FROM charge_journal WHERE environment = $1 AND created_at >= $2 AND binding_id = ANY($3) ORDER BY id`,
      [environment, since, bindingIds],
    );
    return rows.map(this.row);
  }

  async list(filter: JournalFilter = {}): Promise<ChargeRow[]> {
    let n = 0;
    const { where, args } = journalWhere(filter, () => `$${++n}`, 'strpos');
    const rows = await query<ChargeJournalRow>(this.db, `SELECT ${SHOWN} FROM charge_journal ${where} ORDER BY id DESC LIMIT $${n + 1}`, [
      ...args,
      filter.limit ?? 1000,
    ]);
    return rows.map(this.row);
  }
}

/**
 * The guard's facts, read with q (inside the charge's transaction, after its locks), at the database's time,
 * with the live approval requests on the card.
 */
async function factsWith(q: Query, c: GuardQuery, lookBackMs: number): Promise<GuardFacts & { pending: ApprovalRequest[] }> {
  type FactRow = ChargeJournalRow & {
    now: number;
    settings: Record<string, string>;
    pending: ApprovalRow[];
    fact: 'open' | 'reference' | 'similar' | null;
  };
  const keys = Object.values(chargeLimitKeys(c.environment));
  const rows = await q<FactRow>(FACTS, [c.environment, c.bindingId, c.orderNumber, c.amount, c.currency, lookBackMs, keys]);
  const of = (fact: FactRow['fact']) => rows.filter((r) => r.fact === fact).map(toCharge);
  const first = rows[0]!;
  return {
    now: first.now,
    openOnCard: of('open'),
    underReference: of('reference')[0],
    similar: of('similar'),
    settings: new Map(Object.entries(first.settings)),
    pending: pendingOf(first.pending),
  };
}
