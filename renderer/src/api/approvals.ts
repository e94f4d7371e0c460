/**
 * Four-eyes approvals (approvals.*): the requests of the environment in use, live ones (the workspace's first
 * view and the navigation's count) or all of them, and approving, withdrawing or declining one. Each person
 * reads their own lists (a request is `mine` for one person only), so the keys name the person. Main's
 * approvals.changed event marks them all stale (events.ts), here or at another desk of the team, and so does
 * every change made here; approving moves money, so the orders and charges read before are stale too.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalRequestView, ApprovalResult } from '../../../main/ipc/contract';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';
import { useOrdersStale } from './orders';

export const approvalKeys = {
  /** Everything read of the requests starts with this. */
  all: ['approvals'] as const,
  list: (personId: string | undefined, live: boolean) => ['approvals', personId, live] as const,
};

/** The requests the person may act on now (live), or every one, newest first; nothing is asked while `personId` is unknown. */
export const useApprovals = (personId: string | undefined, live: boolean, enabled = true) =>
  useQuery({
    queryKey: approvalKeys.list(personId, live),
    queryFn: () => call('approvals.list', { live }),
    enabled: enabled && personId !== undefined,
    staleTime: 0,
  });

/** Approves one request: main moves the money as the approver's, and answers what became of it. */
export function useApprove(screen?: ScreenHandlers<ApprovalResult, ApprovalRequestView>) {
  const queries = useQueryClient();
  const ordersStale = useOrdersStale();
  return useEntityMutation(
    (r: ApprovalRequestView) => call('approvals.approve', { id: r.id }),
    {
      onSuccess: () => ordersStale(),
      onSettled: () => queries.invalidateQueries({ queryKey: approvalKeys.all }),
    },
    screen,
  );
}

/** Withdraws one's own request, or declines another's; nothing moves. */
export function useApprovalClose(
  screen?: ScreenHandlers<ApprovalRequestView, { readonly how: 'withdraw' | 'decline'; readonly id: number }>,
) {
  const queries = useQueryClient();
  return useEntityMutation(
    ({ how, id }: { readonly how: 'withdraw' | 'decline'; readonly id: number }) => call(`approvals.${how}`, { id }),
    { onSettled: () => queries.invalidateQueries({ queryKey: approvalKeys.all }) },
    screen,
  );
}
