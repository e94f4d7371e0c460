/**
 * Four-eyes approvals (issue 29): the requests of the environment open now, and approving, withdrawing or
 * declining one. A refund or a manual charge above its threshold becomes a request through its own channel
 * (orders.refund, orders.reverse, charges.create answer awaitingApproval). Whether a request may be approved is
 * decided by the journal, in the transaction that would journal its action: the requester never approves their
 * own, whatever a screen or a crafted call says.
 */
import { z } from 'zod';
import type { ApprovalRequestView } from '../../services/views.js';
import type { ChargeResult } from '../../services/views.js';
import type { OperationResult } from './orders.js';
import type { Phrase } from '../../phrases/phrase.js';
import { reads, writes, type Declarations } from './shared.js';

export type { ApprovalRequestView } from '../../services/views.js';

const requestId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What approving did: the refund's or the charge's result, the batch approved to run, or why nothing was tried. */
export type ApprovalResult =
  | { readonly action: 'refund'; readonly result: OperationResult }
  | { readonly action: 'charge'; readonly result: ChargeResult }
  /** A batch runs at the desk that has its file, when it is run there (charges.runBatch). */
  | { readonly action: 'batch'; readonly request: ApprovalRequestView }
  | { readonly action: 'none'; readonly reason: Phrase };

export const approvalsChannels = {
  /** live: only those that may still be approved (the badge counts them); otherwise every one, newest first. */
  'approvals.list': reads('finance', z.strictObject({ live: z.boolean(), limit: z.number().int().min(1).max(1000).optional() })).answers<
    ApprovalRequestView[]
  >(),
  'approvals.approve': writes('finance', z.strictObject({ id: requestId })).answers<ApprovalResult>(),
  /** By the person who asked. */
  'approvals.withdraw': writes('finance', z.strictObject({ id: requestId })).answers<ApprovalRequestView>(),
  /** By anyone else. */
  'approvals.decline': writes('finance', z.strictObject({ id: requestId })).answers<ApprovalRequestView>(),
} satisfies Declarations;
