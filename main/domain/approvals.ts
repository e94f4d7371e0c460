/**
 * Four-eyes approvals: the amounts above which money moved by one person waits for a second person's yes.
 * An administrator sets them per environment and per currency, in that currency's minor units, for each kind of
 * action separately (a refund of 500.00 may need a second person where a charge of 500.00 does not). An action
 * above its threshold becomes a request that another finance person or administrator approves within
 * REQUEST_LIFETIME_MS; the journal decides which, in the transaction that would journal the action.
 *
 * This module imports nothing: the store, the services and the IPC layer all read the same words.
 */

/**
 * What a second person may have to approve: a refund, a manual charge, or a batch file's charges together (their
 * total in each currency, over the batch threshold of that currency).
 */
export const APPROVAL_ACTIONS = ['refund', 'charge', 'batch'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** How long a request may be approved: after this it is expired, and approving it is refused. */
export const REQUEST_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The longest reason a requester may give (the contract and the table say the same). */
export const MAX_REQUEST_REASON = 200;

/** The thresholds of one environment: by currency (ISO 4217 numeric), by action, in minor units. */
export type Thresholds = Readonly<Record<string, Partial<Readonly<Record<ApprovalAction, number>>>>>;

/** Where an environment's thresholds are kept among the settings (shared by a team, as its maximums are). */
export const thresholdsKey = (environment: string): string => `approvalThresholds.${environment}`;

/** Whether an action of `amount` minor units needs a second person, and above what. */
export function thresholdOver(
  thresholds: Thresholds | undefined,
  action: ApprovalAction,
  currency: string,
  amount: number,
): number | undefined {
  const threshold = thresholds?.[currency]?.[action];
  return threshold !== undefined && amount > threshold ? threshold : undefined;
}

/**
 * Where a request is in its life. Only `pending` may be approved, withdrawn or declined; every other state is
 * final. A pending request past its expiry reads as `expired` (requestState): nothing has to run at the moment it
 * expires, and no desk's timer decides it.
 */
export const REQUEST_STATES = ['pending', 'approved', 'withdrawn', 'declined', 'expired'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** A request's state at `now`, on the clock of the store that keeps it. */
export const requestState = (r: { readonly state: RequestState; readonly expiresAt: number }, now: number): RequestState =>
  r.state === 'pending' && r.expiresAt <= now ? 'expired' : r.state;
