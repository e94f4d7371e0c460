/**
 * Approval requests in the team's PostgreSQL: the same rows and rules as a desk's file (store/approvals.ts),
 * read and written in the journals' transactions after they took the order's or the card's advisory lock. The
 * request being approved is read FOR UPDATE, so that a withdrawal or a decline at another desk waits for the
 * approval's transaction and then finds the request no longer pending (and the other way round).
 */
import {
  APPROVAL_COLUMNS,
  APPROVE,
  approveValues,
  BATCH_APPROVED,
  BATCH_JOURNALLED,
  BATCH_LATEST,
  BATCH_SO_FAR,
  approvedSince,
  toBatchSoFar,
  type BatchSoFar,
  toBatchFacts,
  pendingOn,
  END_REQUEST,
  endingRefusal,
  endValues,
  expireOn,
  INSERT_REQUEST,
  listRequests,
  LIVE,
  newRequestValues,
  REQUEST_BY_ID,
  subjectOf,
  toRequest,
  type ApprovalRequest,
  type ApprovalRequests,
  type ApprovalRow,
  type ApprovalStep,
  type BatchAsked,
  type BatchFacts,
  type Ending,
  type NewRequest,
  type RequestChange,
  type RequestFilter,
  type RequestPerson,
} from '../approvals.js';
import type { Phrase } from '../../phrases/phrase.js';
import type { AuditedBy } from '../audit.js';
import { insertTeamAudit, type TeamAuditTarget } from './teamAudit.js';
import {
  DATABASE_NOW_MS,
  databaseNow,
  numbered,
  query,
  transaction,
  type Query,
  type TeamDatabase,
  type Transaction,
} from './teamDatabase.js';

/**
 * The live requests on an order or card, as a lateral join (`requests.pending`, a JSON array of rows) on a journal's
 * facts statement's clock: read in the same round trip as the facts, after the journal's lock, and live by the
 * same reading of the clock (`clock.now`) as the facts. `environment` and `subject` are the statement's
 * placeholders for them.
 */
export const pendingOnClock = (column: 'order_id' | 'binding_id', environment: string, subject: string): string =>
  `CROSS JOIN LATERAL (SELECT coalesce(json_agg(p ORDER BY p.id), '[]') AS pending FROM (SELECT ${APPROVAL_COLUMNS} FROM approval_requests
     WHERE environment = ${environment} AND ${column} = ${subject} AND ${LIVE('clock.now')}) AS p) AS requests`;

/** The requests of a facts statement's `pending` column. */
export const pendingOf = (rows: readonly ApprovalRow[]): ApprovalRequest[] => rows.map(toRequest);

/**
 * The request an approval approves, in the journal's transaction, read FOR UPDATE: a withdrawal or a decline at
 * another desk waits for this transaction, then finds it no longer pending.
 */
export async function approvingOf(q: Query, step: ApprovalStep | undefined): Promise<ApprovalRequest | undefined> {
  if (step?.kind !== 'approve') return undefined;
  const [row] = await q<ApprovalRow>(numbered(`${REQUEST_BY_ID} FOR UPDATE`), [step.requestId]);
  return row && toRequest(row);
}

/**
 * A batch's lock: taken by each of its rows' charges after the card's and the reference's, and by asking for the
 * batch, so that what the batch journalled and its requests are read as they are.
 */
export const lockBatch = (q: Query, environment: string, batchId: string) =>
  q('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`batch ${environment} ${batchId}`]);

/** A batch row's facts, in its charge's transaction (after lockBatch), at the database's time `now`. */
export async function batchFactsIn(q: Query, environment: string, batchId: string, currency: string, now: number): Promise<BatchFacts> {
  const [sum] = await q<{ journalled: string }>(numbered(BATCH_JOURNALLED), [environment, batchId, currency]);
  const [approved] = await q<ApprovalRow>(numbered(BATCH_APPROVED), [environment, batchId, approvedSince(now)]);
  return toBatchFacts(batchId, sum, approved);
}

/** Files the request, with the asking's audit entry in the team's log when there is one, in the transaction `q`. */
export async function fileRequest(
  q: Transaction,
  request: NewRequest,
  now: number,
  to: TeamAuditTarget,
  audited: AuditedBy<ApprovalRequest> | undefined,
): Promise<ApprovalRequest> {
  const expire = expireOn(subjectOf(request.what));
  await q(numbered(expire.sql), expire.values(request.environment, now));
  const [row] = await q<ApprovalRow>(numbered(INSERT_REQUEST), newRequestValues(request, now));
  const filed = toRequest(row!);
  if (audited) await insertTeamAudit(q, to, audited(filed));
  return filed;
}

/** Marks the request approved by the row just journalled, with its audit entry, in the transaction `q`. */
export async function markApproved(
  q: Transaction,
  approving: { request: ApprovalRequest; by: RequestPerson },
  journalId: number,
  now: number,
  to: TeamAuditTarget,
  audited: AuditedBy<ApprovalRequest> | undefined,
): Promise<void> {
  const rows = await q(`${numbered(APPROVE)} RETURNING id`, approveValues(approving.request.id, approving.by, journalId, now));
  // Read FOR UPDATE in this transaction: nobody can have changed it since.
  if (rows.length !== 1) throw new Error(`Approval request ${approving.request.id} changed while it was approved`);
  if (audited) await insertTeamAudit(q, to, audited(approving.request));
}

export class PgApprovalRequests implements ApprovalRequests {
  /** `to`: where the entries of the steps taken here go (this desk's, in the team's log). */
  constructor(
    private readonly db: TeamDatabase,
    private readonly to: TeamAuditTarget,
  ) {}

  async list(filter: RequestFilter, _at: number): Promise<ApprovalRequest[]> {
    const now = await databaseNow(this.db);
    const q = listRequests(filter, now);
    return (await query<ApprovalRow>(this.db, numbered(q.sql), q.values)).map(toRequest);
  }

  async get(id: number): Promise<ApprovalRequest | undefined> {
    const [row] = await query<ApprovalRow>(this.db, numbered(REQUEST_BY_ID), [id]);
    return row && toRequest(row);
  }

  end(
    id: number,
    environment: string,
    ending: Ending,
    by: RequestPerson,
    _at: number,
    audited?: AuditedBy<ApprovalRequest>,
  ): Promise<RequestChange> {
    return transaction(this.db, async (q): Promise<RequestChange> => {
      const [clock] = await q<{ now: number }>(`SELECT ${DATABASE_NOW_MS} AS now`);
      const now = clock!.now;
      const [row] = await q<ApprovalRow>(numbered(`${REQUEST_BY_ID} FOR UPDATE`), [id]);
      const refusal = endingRefusal(row && toRequest(row), environment, by, ending, now);
      if (refusal !== undefined) return { kind: 'refused', reason: refusal };
      const [ended] = await q<ApprovalRow>(numbered(END_REQUEST), endValues(id, ending, by, now));
      const request = toRequest(ended!);
      if (audited) await insertTeamAudit(q, this.to, audited(request));
      return { kind: 'changed', request };
    });
  }

  askBatch(
    request: NewRequest & { readonly what: { readonly action: 'batch' } },
    why: Phrase,
    _at: number,
    audited?: AuditedBy<ApprovalRequest>,
  ): Promise<BatchAsked> {
    return transaction(this.db, async (q): Promise<BatchAsked> => {
      await lockBatch(q, request.environment, request.what.batchId);
      const [clock] = await q<{ now: number }>(`SELECT ${DATABASE_NOW_MS} AS now`);
      const now = clock!.now;
      const live = pendingOn(subjectOf(request.what));
      const [held] = await q<ApprovalRow>(numbered(live.sql), live.values(request.environment, now));
      if (held !== undefined) return { kind: 'awaiting', request: toRequest(held) };
      return { kind: 'requested', request: await fileRequest(q, request, now, this.to, audited), why };
    });
  }

  async ofBatch(environment: string, batchId: string): Promise<ApprovalRequest | undefined> {
    const [row] = await query<ApprovalRow>(this.db, numbered(BATCH_LATEST), [environment, batchId]);
    return row && toRequest(row);
  }

  async batchSoFar(environment: string, batchId: string): Promise<BatchSoFar> {
    return toBatchSoFar(
      await query<{ currency: string; amount: string; charges: string }>(this.db, numbered(BATCH_SO_FAR), [environment, batchId]),
    );
  }

  now(_at: number): Promise<number> {
    return databaseNow(this.db);
  }
}
