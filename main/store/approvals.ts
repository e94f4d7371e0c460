/**
 * Approval requests: money one person asked to move above a threshold (domain/approvals.ts), waiting for a
 * second person. A request is kept beside the journal its action would be journalled in, in the same store,
 * so that the journal's write transaction reads and writes it under the lock it takes for the order or the
 * card (store/operations.ts, store/journal.ts):
 * - a pending request on an order or a card counts there as an open operation or charge: nothing else is
 *   journalled or asked on it meanwhile, by any path;
 * - an action above its threshold becomes a request there, after its guard let it, instead of a row;
 * - approving journals the action there, its guard asked again, and marks the request approved in the same
 *   transaction; the requester can never be the approver, whatever the screen or a crafted call says.
 * Withdrawing and declining change only the request (ApprovalRequests), and lose to an approval under way.
 *
 * The statements are written once for both engines (`?` placeholders, numbered for PostgreSQL).
 */
import { maskCardNumbers } from '../domain/cardNumbers.js';
import {
  REQUEST_LIFETIME_MS,
  requestState,
  thresholdOver,
  type ApprovalAction,
  type RequestState,
  thresholdsKey,
  type Thresholds,
} from '../domain/approvals.js';
import type { ChargeCategory } from '../domain/charge.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { read, settled, write, type Db } from './database.js';
import { AuditRepository, type AuditedBy } from './audit.js';
import { z } from 'zod';

export type { ApprovalAction, RequestState } from '../domain/approvals.js';

/** A person as a request names them: the account's id decides who they are; login and name are for reading. */
export interface RequestPerson {
  readonly id: string;
  readonly login: string;
  readonly name: string;
}

/** What a request asks to do, beyond its amount and currency. */
export type RequestedAction =
  /** orderNumber: the merchant's number of the order, as the gateway showed it when asked (for people to read). */
  | { readonly action: 'refund'; readonly orderId: string; readonly orderNumber?: string }
  | {
      readonly action: 'charge';
      readonly bindingId: string;
      readonly clientId: string;
      readonly orderNumber: string;
      readonly category: ChargeCategory;
      readonly description?: string;
      readonly maskedPan?: string;
    }
  /**
   * A batch file's charges, run together once approved: its id (the file's), how many charges it has, and their
   * total in each currency (ISO 4217 numeric, minor units), which its rows as journalled may not go over.
   */
  | {
      readonly action: 'batch';
      readonly batchId: string;
      readonly charges: number;
      readonly totals: Readonly<Record<string, number>>;
    };

export interface ApprovalRequest {
  readonly id: number;
  readonly environment: string;
  readonly what: RequestedAction;
  /**
   * Minor units: exactly what moves once approved (a refund of "all that is left" is fixed when asked); for a batch,
   * its total in the first currency over its threshold (`what.totals` has every currency's).
   */
  readonly amount: number;
  readonly currency: string;
  /** Why, in the requester's words. */
  readonly reason?: string;
  readonly requestedBy: RequestPerson;
  /** As kept: a pending one may have expired since (requestState). */
  readonly state: RequestState;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** Who approved, withdrew or declined it, and when. */
  readonly decidedBy?: RequestPerson;
  readonly decidedAt?: number;
  /** The operation or charge an approval journalled. */
  readonly journalId?: number;
  /** The desk it was asked at. */
  readonly desk?: string;
}

/** What a journal's begin() is asked to do about approvals: file a request when over a threshold, or approve one. */
export type ApprovalStep = (
  | { readonly kind: 'ask'; readonly by: RequestPerson; readonly reason?: string }
  | { readonly kind: 'approve'; readonly requestId: number; readonly by: RequestPerson }
) & {
  /**
   * The step's audit entry (asked, approved), made from the request: written in the transaction that files or
   * approves it, in the log of the store that keeps the request.
   */
  readonly audited?: AuditedBy<ApprovalRequest>;
};

/** What begin() did about approvals instead of journalling: the requests' part of its outcome. */
export type ApprovalOutcome =
  /** Over its threshold: nothing journalled, a request filed for a second person. */
  | { readonly kind: 'requested'; readonly request: ApprovalRequest; readonly why: Phrase }
  /** A request is pending on the order or card: like an open operation there, nothing was written. */
  | { readonly kind: 'awaiting'; readonly request: ApprovalRequest }
  /** Over its threshold with nobody to ask for it, or a request that cannot be approved: why. */
  | { readonly kind: 'approvalRefused'; readonly reason: Phrase };

/** An approval_requests row as both engines read it (the team database's BIGINTs parsed to numbers). */
export interface ApprovalRow {
  id: number;
  environment: string;
  action: ApprovalAction;
  order_id: string | null;
  binding_id: string | null;
  amount: number;
  currency: string;
  details: string;
  reason: string | null;
  requested_by: string;
  requested_login: string;
  requested_name: string;
  state: RequestState;
  created_at: number;
  expires_at: number;
  decided_by: string | null;
  decided_login: string | null;
  decided_name: string | null;
  decided_at: number | null;
  journal_id: number | null;
  desk: string | null;
  batch_id: string | null;
}

export const APPROVAL_COLUMNS =
  'id, environment, action, order_id, binding_id, amount, currency, details, reason, requested_by, requested_login, requested_name, ' +
  'state, created_at, expires_at, decided_by, decided_login, decided_name, decided_at, journal_id, desk, batch_id';

type ChargeDetails = Omit<Extract<RequestedAction, { action: 'charge' }>, 'action' | 'bindingId'>;
type RefundDetails = Omit<Extract<RequestedAction, { action: 'refund' }>, 'action' | 'orderId'>;
type BatchDetails = Omit<Extract<RequestedAction, { action: 'batch' }>, 'action' | 'batchId'>;

export function toRequest(r: ApprovalRow): ApprovalRequest {
  const what: RequestedAction =
    r.action === 'refund'
      ? { action: 'refund', orderId: r.order_id ?? '', ...(JSON.parse(r.details) as RefundDetails) }
      : r.action === 'charge'
        ? { action: 'charge', bindingId: r.binding_id ?? '', ...(JSON.parse(r.details) as ChargeDetails) }
        : { action: 'batch', batchId: r.batch_id ?? '', ...(JSON.parse(r.details) as BatchDetails) };
  return {
    id: r.id,
    environment: r.environment,
    what,
    amount: r.amount,
    currency: r.currency,
    ...(r.reason !== null ? { reason: r.reason } : {}),
    requestedBy: { id: r.requested_by, login: r.requested_login, name: r.requested_name },
    state: r.state,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    ...(r.decided_by !== null ? { decidedBy: { id: r.decided_by, login: r.decided_login ?? '', name: r.decided_name ?? '' } } : {}),
    ...(r.decided_at !== null ? { decidedAt: r.decided_at } : {}),
    ...(r.journal_id !== null ? { journalId: r.journal_id } : {}),
    ...(r.desk !== null ? { desk: r.desk } : {}),
  };
}

/** A request to file: the action, its money, and who asks. */
export interface NewRequest {
  readonly environment: string;
  readonly what: RequestedAction;
  readonly amount: number;
  readonly currency: string;
  readonly by: RequestPerson;
  readonly reason?: string;
  readonly desk?: string;
}

export const INSERT_REQUEST = `INSERT INTO approval_requests
  (environment, action, order_id, binding_id, amount, currency, details, reason, requested_by, requested_login, requested_name,
   state, created_at, expires_at, desk, batch_id)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?) RETURNING ${APPROVAL_COLUMNS}`;

/** The values of INSERT_REQUEST, at `now` by the store's clock. No card number is kept whole in any text. */
export function newRequestValues(r: NewRequest, now: number): (string | number | null)[] {
  const { what } = r;
  const details: ChargeDetails | RefundDetails | BatchDetails =
    what.action === 'batch'
      ? { charges: what.charges, totals: what.totals }
      : what.action === 'charge'
        ? {
            clientId: what.clientId,
            orderNumber: what.orderNumber,
            category: what.category,
            ...(what.description !== undefined ? { description: maskCardNumbers(what.description) } : {}),
            ...(what.maskedPan !== undefined ? { maskedPan: maskCardNumbers(what.maskedPan) } : {}),
          }
        : what.orderNumber !== undefined
          ? { orderNumber: maskCardNumbers(what.orderNumber) }
          : {};
  return [
    r.environment,
    what.action,
    what.action === 'refund' ? what.orderId : null,
    what.action === 'charge' ? what.bindingId : null,
    r.amount,
    r.currency,
    JSON.stringify(details),
    r.reason === undefined ? null : maskCardNumbers(r.reason),
    r.by.id,
    r.by.login,
    maskCardNumbers(r.by.name),
    now,
    now + REQUEST_LIFETIME_MS,
    r.desk === undefined ? null : maskCardNumbers(r.desk),
    what.action === 'batch' ? what.batchId : null,
  ];
}

/** Where a request stands on: its order (a refund), its card (a charge) or its file (a batch). */
export type RequestSubject = { readonly orderId: string } | { readonly bindingId: string } | { readonly batchId: string };

const subjectColumn = (s: RequestSubject) => ('orderId' in s ? 'order_id' : 'bindingId' in s ? 'binding_id' : 'batch_id');
const subjectValue = (s: RequestSubject) => ('orderId' in s ? s.orderId : 'bindingId' in s ? s.bindingId : s.batchId);

/**
 * Pending requests past their expiry on the subject become expired, as stored: run before a new request is
 * filed on it, so that the one-pending index lets it in. Reads take a pending one past its expiry as expired.
 */
export const expireOn = (s: RequestSubject) => ({
  sql: `UPDATE approval_requests SET state = 'expired' WHERE environment = ? AND ${subjectColumn(s)} = ? AND state = 'pending' AND expires_at <= ?`,
  values: (environment: string, now: number) => [environment, subjectValue(s), now],
});

/** A request that may still be approved, at the time `now` (a placeholder or a column) names: requestState's pending, in SQL. */
export const LIVE = (now: string): string => `state = 'pending' AND expires_at > ${now}`;

/** The live requests on the subject, oldest first. */
export const pendingOn = (s: RequestSubject) => ({
  sql: `SELECT ${APPROVAL_COLUMNS} FROM approval_requests WHERE environment = ? AND ${subjectColumn(s)} = ? AND ${LIVE('?')} ORDER BY id`,
  values: (environment: string, now: number) => [environment, subjectValue(s), now],
});

export const REQUEST_BY_ID = `SELECT ${APPROVAL_COLUMNS} FROM approval_requests WHERE id = ?`;

/** Marks a request approved with the row it journalled: only a pending one (the caller checked it in this transaction). */
export const APPROVE = `UPDATE approval_requests SET state = 'approved', decided_by = ?, decided_login = ?, decided_name = ?, decided_at = ?, journal_id = ?
  WHERE id = ? AND state = 'pending'`;

export const approveValues = (requestId: number, by: RequestPerson, journalId: number, now: number) => [
  by.id,
  by.login,
  maskCardNumbers(by.name),
  now,
  journalId,
  requestId,
];

/** What an approval is checked against: the action as it is about to be journalled. */
export interface ApprovedAction {
  readonly environment: string;
  readonly subject: RequestSubject;
  readonly amount: number;
  readonly currency: string;
}

/** Why a request that is no longer pending can be neither approved nor ended. */
function closed(request: ApprovalRequest, state: Exclude<RequestState, 'pending'>): Phrase {
  const by = request.decidedBy?.name ?? '';
  switch (state) {
    case 'approved':
      return phrase('approval.is.approved', { by });
    case 'declined':
      return phrase('approval.is.declined', { by });
    case 'withdrawn':
      return phrase('approval.is.withdrawn');
    case 'expired':
      return phrase('approval.is.expired');
  }
}

/**
 * Why `by` may not approve the request for this action now, or undefined when they may. The one rule, asked by
 * either engine inside the write transaction that would journal the action, on the request as it is then.
 */
export function approvalRefusal(
  request: ApprovalRequest | undefined,
  by: RequestPerson,
  action: ApprovedAction,
  now: number,
): Phrase | undefined {
  if (request === undefined) return phrase('approval.notFound');
  const state = requestState(request, now);
  if (state !== 'pending') return closed(request, state);
  if (request.requestedBy.id === by.id) return phrase('approval.own');
  const { subject } = action;
  const sameSubject =
    'orderId' in subject
      ? request.what.action === 'refund' && request.what.orderId === subject.orderId
      : 'bindingId' in subject
        ? request.what.action === 'charge' && request.what.bindingId === subject.bindingId
        : request.what.action === 'batch' && request.what.batchId === subject.batchId;
  if (
    !sameSubject ||
    request.environment !== action.environment ||
    request.amount !== action.amount ||
    request.currency !== action.currency
  )
    return phrase('approval.otherAction');
  return undefined;
}

const minor = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const thresholdsSchema = z.record(
  z.string().regex(/^\d{3}$/),
  z.object({ refund: minor.optional(), charge: minor.optional(), batch: minor.optional() }).strict(),
);

/**
 * Why this action needs a second person, by the thresholds as its transaction read them (the setting's JSON
 * text), or undefined when it does not. Thresholds that cannot be read fail closed: every such action then
 * needs a second person, rather than none.
 */
export function approvalNeed(json: string | undefined, money: MovedMoney): Phrase | undefined {
  const { environment, currency, amount } = money;
  const action = money.what.action;
  const before = money.before ?? 0;
  if (json === undefined) return undefined;
  const kept = keptThresholds(json, environment);
  if (!('ok' in kept)) return kept;
  // Money in a currency or an amount the gateway did not say: no threshold can be told not to apply.
  const unknown = currency === '' || amount <= 0;
  if (unknown && Object.values(kept.ok).some((t) => t[action] !== undefined)) return phrase('approval.currencyUnknown');
  const threshold = thresholdOver(kept.ok, action, currency, before + amount);
  if (threshold === undefined) return undefined;
  const over = { minor: threshold, currency };
  return before > 0
    ? phrase('approval.neededTogether', { threshold: over, before: { minor: before, currency } })
    : phrase('approval.needed', { threshold: over });
}

/** An environment's thresholds from their setting's JSON text, or why they cannot be read (they fail closed). */
export function keptThresholds(json: string, environment: string): { readonly ok: Thresholds } | Phrase {
  try {
    return { ok: thresholdsSchema.parse(JSON.parse(json)) };
  } catch {
    return phrase('approval.damaged', { environment });
  }
}

/**
 * What a batch row's begin() reads of its batch, in its transaction and under the batch's lock (after the card's
 * and the reference's): what the batch's rows journalled before, and the batch's approval.
 */
export interface BatchFacts {
  readonly batchId: string;
  /** Minor units of the row's currency the batch's rows journalled before, but for those that failed or were declined. */
  readonly journalled: number;
  /** The batch's latest approved request that has not expired. */
  readonly approved: ApprovalRequest | undefined;
}

export const BATCH_JOURNALLED = `SELECT coalesce(sum(amount), 0) AS journalled FROM charge_journal
  WHERE environment = ? AND batch_id = ? AND currency = ? AND state NOT IN ('FAILED', 'DECLINED')`;
/**
 * The batch's latest approval given after `?` (approvedSince): an approval lets its batch run for REQUEST_LIFETIME_MS
 * from when it was given.
 */
export const BATCH_APPROVED = `SELECT ${APPROVAL_COLUMNS} FROM approval_requests
  WHERE environment = ? AND batch_id = ? AND state = 'approved' AND decided_at > ? ORDER BY id DESC LIMIT 1`;
/** BATCH_APPROVED's bound at `now`: approvals given since then still hold. */
export const approvedSince = (now: number): number => now - REQUEST_LIFETIME_MS;
/** What a batch's rows journalled, per currency, but for those that failed or were declined: what the batch has come to so far. */
export const BATCH_SO_FAR = `SELECT currency, coalesce(sum(amount), 0) AS amount, count(*) AS charges FROM charge_journal
  WHERE environment = ? AND batch_id = ? AND state NOT IN ('FAILED', 'DECLINED') GROUP BY currency`;

/** What a batch's rows journalled so far: their total per currency, and how many there are. */
export interface BatchSoFar {
  readonly totals: Readonly<Record<string, number>>;
  readonly charges: number;
}

export const toBatchSoFar = (rows: readonly { currency: string; amount: number | string; charges: number | string }[]): BatchSoFar => ({
  totals: Object.fromEntries(rows.map((r) => [r.currency, Number(r.amount)])),
  charges: rows.reduce((n, r) => n + Number(r.charges), 0),
});

/** Whether an approval of a batch is still good at `now` (BATCH_APPROVED's rule, for a request read outside it). */
export const batchApprovalHolds = (r: ApprovalRequest, now: number): boolean =>
  r.what.action === 'batch' && r.state === 'approved' && r.decidedAt !== undefined && r.decidedAt + REQUEST_LIFETIME_MS > now;
/** The batch's latest request, in any state. */
export const BATCH_LATEST = `SELECT ${APPROVAL_COLUMNS} FROM approval_requests WHERE environment = ? AND batch_id = ? ORDER BY id DESC LIMIT 1`;

/**
 * A batch row's part of begin(): the batch's rows together, this one with them, may go over the batch threshold
 * of their currency only as far as the batch's approval says. `covered`: the approval covers the row, whatever
 * the per-charge threshold (the approver approved the file's charges as a whole); a phrase: refused, why.
 */
function batchRowDecision(json: string | undefined, money: MovedMoney, batch: BatchFacts): 'covered' | Phrase | undefined {
  const { currency, environment } = money;
  const together = batch.journalled + money.amount;
  const approved = batch.approved?.what.action === 'batch' ? batch.approved.what.totals[currency] : undefined;
  if (approved !== undefined && together <= approved) return 'covered';
  if (json === undefined) return undefined;
  const kept = keptThresholds(json, environment);
  if (!('ok' in kept)) return kept;
  const threshold = thresholdOver(kept.ok, 'batch', currency, together);
  return threshold === undefined
    ? undefined
    : phrase('approval.batchRowNeeded', { threshold: { minor: threshold, currency }, before: { minor: batch.journalled, currency } });
}

/** The money an action moves, as a journal's begin() asks about approvals for it. */
export interface MovedMoney {
  readonly environment: string;
  readonly what: RequestedAction;
  /** What moves, in minor units; 0 or less: not known (fails closed where thresholds are set). */
  readonly amount: number;
  /** The currency; '' where the gateway did not say it (fails closed likewise). */
  readonly currency: string;
  /**
   * What moved the same way on the same order before (a refund's earlier refunds): counted with `amount`, so
   * that splitting money into parts each under the threshold does not pass what the whole would not.
   */
  readonly before?: number;
}

export const subjectOf = (what: RequestedAction): RequestSubject =>
  what.action === 'refund'
    ? { orderId: what.orderId }
    : what.action === 'charge'
      ? { bindingId: what.bindingId }
      : { batchId: what.batchId };

/** What a journal's begin() does, decided on what its transaction read (BeginInput). */
export type BeginDecision<R> =
  | ApprovalOutcomeOf<'awaiting' | 'approvalRefused'>
  | { readonly kind: 'refused'; readonly refusal: R }
  /** File this request instead of journalling; `why` says over what. */
  | { readonly kind: 'ask'; readonly request: NewRequest; readonly why: Phrase }
  /** Journal the action; with `approving`, mark that request approved by the row, in the same transaction. */
  | { readonly kind: 'journal'; readonly approving?: { readonly request: ApprovalRequest; readonly by: RequestPerson } };

type ApprovalOutcomeOf<K extends ApprovalOutcome['kind']> = Extract<ApprovalOutcome, { kind: K }>;

export interface BeginInput<R> {
  readonly step: ApprovalStep | undefined;
  /** The money the action moves, where a threshold may apply (none: a deposit, a hold's reversal). */
  readonly money: MovedMoney | undefined;
  /** The request being approved, as the transaction read it (only with an `approve` step). */
  readonly approving: ApprovalRequest | undefined;
  /** Live requests on the order or card, as the transaction read them. */
  readonly pending: readonly ApprovalRequest[];
  /** The environment's thresholds setting as the transaction read it (JSON text). */
  readonly thresholds: string | undefined;
  readonly now: number;
  /** The journal's own guard, asked once the requests let the action through. */
  readonly guard: () => R | undefined;
  readonly desk?: string;
  /** A batch row's batch, as the transaction read it. */
  readonly batch?: BatchFacts;
}

/**
 * The approvals' part of every journal's begin(), in one place for both journals and both engines, in this order:
 * 1. an approval must be of a pending, unexpired request for this very action, by someone other than its requester;
 * 2. any other live request on the order or card holds it, as an open operation does;
 * 3. the journal's guard (open operations, repeats, maximums) is asked, for a request as for the action itself;
 * 4. a batch's row goes over its batch's threshold only as far as the batch's approval covers, which covers its
 *    own threshold too;
 * 5. over its threshold, and not being approved, the action becomes a request, or is refused with nobody to ask.
 */
export function decideBegin<R>(input: BeginInput<R>): BeginDecision<R> {
  const { step, money, now } = input;
  let approving: { request: ApprovalRequest; by: RequestPerson } | undefined;
  if (step?.kind === 'approve') {
    const refusal =
      money === undefined
        ? phrase('approval.otherAction')
        : approvalRefusal(input.approving, step.by, { ...money, subject: subjectOf(money.what) }, now);
    if (refusal !== undefined) return { kind: 'approvalRefused', reason: refusal };
    approving = { request: input.approving!, by: step.by };
  }
  const held = input.pending.find((r) => r.id !== approving?.request.id);
  if (held !== undefined) return { kind: 'awaiting', request: held };
  const refusal = input.guard();
  if (refusal !== undefined) return { kind: 'refused', refusal };
  if (approving !== undefined) return { kind: 'journal', approving };
  if (input.batch !== undefined && money !== undefined) {
    const batch = batchRowDecision(input.thresholds, money, input.batch);
    if (batch === 'covered') return { kind: 'journal' };
    if (batch !== undefined) return { kind: 'approvalRefused', reason: batch };
  }
  const need = money && approvalNeed(input.thresholds, money);
  if (need === undefined || money === undefined) return { kind: 'journal' };
  // Nobody to ask, or nothing a second person could approve as a number: refused.
  if (step?.kind !== 'ask' || money.amount <= 0 || money.currency === '') return { kind: 'approvalRefused', reason: need };
  return {
    kind: 'ask',
    why: need,
    request: {
      environment: money.environment,
      what: money.what,
      amount: money.amount,
      currency: money.currency,
      by: step.by,
      ...(step.reason !== undefined ? { reason: step.reason } : {}),
      ...(input.desk !== undefined ? { desk: input.desk } : {}),
    },
  };
}

/** What withdrawing or declining did: the request as it is now, or why nothing changed. */
export type RequestChange =
  { readonly kind: 'changed'; readonly request: ApprovalRequest } | { readonly kind: 'refused'; readonly reason: Phrase };

/**
 * How a pending request ends outside a journal's begin(): its requester withdraws it, anyone else declines it,
 * or, a batch's, anyone else approves it (its rows are journalled as the batch runs, each under the approval).
 */
export type Ending = 'withdrawn' | 'declined' | 'approved';

/** Who may end a pending request so: its requester withdraws it; anyone else declines it, or approves a batch. */
export function endingRefusal(
  request: ApprovalRequest | undefined,
  environment: string,
  by: RequestPerson,
  ending: Ending,
  now: number,
): Phrase | undefined {
  if (request === undefined) return phrase('approval.notFound');
  if (request.environment !== environment) return phrase('approval.otherEnvironment', { environment: request.environment });
  const state = requestState(request, now);
  if (state !== 'pending') return closed(request, state);
  const own = request.requestedBy.id === by.id;
  if (ending === 'withdrawn' && !own) return phrase('approval.notYours');
  if (ending !== 'withdrawn' && own) return phrase('approval.own');
  if (ending === 'approved' && request.what.action !== 'batch') return phrase('approval.onlyBatch');
  return undefined;
}

export const END_REQUEST = `UPDATE approval_requests SET state = ?, decided_by = ?, decided_login = ?, decided_name = ?, decided_at = ?
  WHERE id = ? AND state = 'pending' RETURNING ${APPROVAL_COLUMNS}`;

export const endValues = (id: number, ending: Ending, by: RequestPerson, now: number) => [
  ending,
  by.id,
  by.login,
  maskCardNumbers(by.name),
  now,
  id,
];

/** Which requests a list shows: of one environment, newest first, live ones or every one. */
export interface RequestFilter {
  readonly environment: string;
  /** Only those that may still be approved (pending and not expired). */
  readonly live?: boolean;
  readonly limit?: number;
}

export const listRequests = (f: RequestFilter, now: number) => ({
  sql: `SELECT ${APPROVAL_COLUMNS} FROM approval_requests WHERE environment = ?${f.live ? ` AND ${LIVE('?')}` : ''} ORDER BY id DESC LIMIT ?`,
  values: [f.environment, ...(f.live ? [now] : []), Math.min(f.limit ?? 200, 1000)],
});

/**
 * The approval requests of one store, outside any journal's transaction: lists for the screens, a request
 * withdrawn or declined, and a batch's request asked for or approved. A refund's or a charge's is asked for and
 * approved in the journals' begin().
 */
export interface ApprovalRequests {
  list(filter: RequestFilter, at: number): Promise<ApprovalRequest[]>;
  get(id: number): Promise<ApprovalRequest | undefined>;
  /** Ends a pending request of the environment (endingRefusal), on the row as it is in this write transaction. */
  end(
    id: number,
    environment: string,
    ending: Ending,
    by: RequestPerson,
    at: number,
    audited?: AuditedBy<ApprovalRequest>,
  ): Promise<RequestChange>;
  /**
   * Files a batch's request, in a write transaction under the batch's lock (the lock its rows take): the batch's
   * live request instead, when it has one.
   */
  askBatch(
    request: NewRequest & { readonly what: { readonly action: 'batch' } },
    why: Phrase,
    at: number,
    audited?: AuditedBy<ApprovalRequest>,
  ): Promise<BatchAsked>;
  /** The batch's latest request, in any state (as kept: a pending one may have expired since). */
  ofBatch(environment: string, batchId: string): Promise<ApprovalRequest | undefined>;
  /** What the batch's rows journalled so far (BATCH_SO_FAR), beside which its requests are kept. */
  batchSoFar(environment: string, batchId: string): Promise<BatchSoFar>;
  /** The time by this store's clock (a desk's own, or the team database's), for a desk whose clock says `at`. */
  now(at: number): Promise<number>;
}

/** What asking for a batch did: filed a request, or found the batch's live one. */
export type BatchAsked = Extract<ApprovalOutcome, { kind: 'requested' | 'awaiting' }>;

/** A batch row's facts from what its transaction read: BATCH_JOURNALLED's row and BATCH_APPROVED's, if any. */
export const toBatchFacts = (
  batchId: string,
  sum: { journalled: number | string } | undefined,
  approved: ApprovalRow | undefined,
): BatchFacts => ({ batchId, journalled: Number(sum?.journalled ?? 0), approved: approved && toRequest(approved) });

/** A desk's file: a batch row's facts, in its charge's write transaction (the file's lock is the batch's too). */
export const batchFactsIn = (db: Db, environment: string, batchId: string, currency: string, now: number): BatchFacts =>
  toBatchFacts(
    batchId,
    db.prepare(BATCH_JOURNALLED).get(environment, batchId, currency) as { journalled: number } | undefined,
    db.prepare(BATCH_APPROVED).get(environment, batchId, approvedSince(now)) as ApprovalRow | undefined,
  );

/**
 * A desk's file: the requests begin() decides on, inside its write transaction (BEGIN IMMEDIATE, the file's
 * lock). Expired requests are read as such here and marked so only when a new one is filed (fileRequest).
 */
export function readForBegin(
  db: Db,
  subject: RequestSubject,
  environment: string,
  step: ApprovalStep | undefined,
  now: number,
): Pick<BeginInput<unknown>, 'approving' | 'pending'> {
  const pending = pendingOn(subject);
  const row = step?.kind === 'approve' ? (db.prepare(REQUEST_BY_ID).get(step.requestId) as ApprovalRow | undefined) : undefined;
  return {
    approving: row && toRequest(row),
    pending: (db.prepare(pending.sql).all(...pending.values(environment, now)) as ApprovalRow[]).map(toRequest),
  };
}

/** A desk's file: an environment's thresholds setting as its JSON text (the operations journal's; charges read it with their facts). */
export const thresholdsIn = (db: Db, environment: string): string | undefined =>
  (db.prepare('SELECT value FROM settings WHERE key = ?').get(thresholdsKey(environment)) as { value: string } | undefined)?.value;

/**
 * A desk's file: files the request a decision asked for, in the journal's write transaction, with the asking's
 * audit entry in `log` when there is one.
 */
export function fileRequest(
  db: Db,
  request: NewRequest,
  now: number,
  log: AuditRepository,
  audited: AuditedBy<ApprovalRequest> | undefined,
): ApprovalRequest {
  const expire = expireOn(subjectOf(request.what));
  db.prepare(expire.sql).run(...expire.values(request.environment, now));
  const filed = toRequest(db.prepare(INSERT_REQUEST).get(...newRequestValues(request, now)) as ApprovalRow);
  if (audited) log.write(audited(filed));
  return filed;
}

/** A desk's file: marks the approved request with the row just journalled, and writes its entry, in the same write transaction. */
export function markApproved(
  db: Db,
  approving: { request: ApprovalRequest; by: RequestPerson },
  journalId: number,
  now: number,
  log: AuditRepository,
  audited: AuditedBy<ApprovalRequest> | undefined,
): void {
  const changed = db.prepare(APPROVE).run(...approveValues(approving.request.id, approving.by, journalId, now)).changes;
  // Read pending in this very transaction under the file's lock: nothing can have changed it since.
  if (changed !== 1) throw new Error(`Approval request ${approving.request.id} changed while it was approved`);
  if (audited) log.write(audited(approving.request));
}

export class SqliteApprovalRequests implements ApprovalRequests {
  /** `audit`: this file's log, where a step's entry is written in the step's transaction. */
  constructor(
    private readonly db: Db,
    private readonly audit: AuditRepository = new AuditRepository(db),
  ) {}

  list(filter: RequestFilter, at: number): Promise<ApprovalRequest[]> {
    return settled(() =>
      read(this.db, () => {
        const q = listRequests(filter, at);
        return (this.db.prepare(q.sql).all(...q.values) as ApprovalRow[]).map(toRequest);
      }),
    );
  }

  get(id: number): Promise<ApprovalRequest | undefined> {
    return settled(() => read(this.db, () => this.row(id)));
  }

  private row(id: number): ApprovalRequest | undefined {
    const r = this.db.prepare(REQUEST_BY_ID).get(id) as ApprovalRow | undefined;
    return r && toRequest(r);
  }

  end(
    id: number,
    environment: string,
    ending: Ending,
    by: RequestPerson,
    at: number,
    audited?: AuditedBy<ApprovalRequest>,
  ): Promise<RequestChange> {
    return settled(() =>
      write(this.db, (): RequestChange => {
        const refusal = endingRefusal(this.row(id), environment, by, ending, at);
        if (refusal !== undefined) return { kind: 'refused', reason: refusal };
        const request = toRequest(this.db.prepare(END_REQUEST).get(...endValues(id, ending, by, at)) as ApprovalRow);
        if (audited) this.audit.write(audited(request));
        return { kind: 'changed', request };
      }),
    );
  }

  askBatch(
    request: NewRequest & { readonly what: { readonly action: 'batch' } },
    why: Phrase,
    at: number,
    audited?: AuditedBy<ApprovalRequest>,
  ): Promise<BatchAsked> {
    return settled(() =>
      write(this.db, (): BatchAsked => {
        const live = pendingOn(subjectOf(request.what));
        const [held] = (this.db.prepare(live.sql).all(...live.values(request.environment, at)) as ApprovalRow[]).map(toRequest);
        if (held !== undefined) return { kind: 'awaiting', request: held };
        return { kind: 'requested', request: fileRequest(this.db, request, at, this.audit, audited), why };
      }),
    );
  }

  ofBatch(environment: string, batchId: string): Promise<ApprovalRequest | undefined> {
    return settled(() =>
      read(this.db, () => {
        const r = this.db.prepare(BATCH_LATEST).get(environment, batchId) as ApprovalRow | undefined;
        return r && toRequest(r);
      }),
    );
  }

  batchSoFar(environment: string, batchId: string): Promise<BatchSoFar> {
    return settled(() =>
      read(this.db, () =>
        toBatchSoFar(this.db.prepare(BATCH_SO_FAR).all(environment, batchId) as { currency: string; amount: number; charges: number }[]),
      ),
    );
  }

  now(at: number): Promise<number> {
    return Promise.resolve(at);
  }
}
