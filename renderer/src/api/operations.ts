/**
 * Operations on an order (charge a hold, release it, give money back) and the refund plan the dialog shows
 * before one: how money would go back now, reversed or refunded. Whatever was sent changes main's copy of
 * the order, so every view of the looked-up orders is marked stale (orders.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnvironmentName, OperationResult, RefundPlan } from '../../../main/ipc/contract';
import type { RefundWay } from '../../../main/domain/refundWay';
import { call } from './client';
import { useEntityMutation, type ScreenHandlers } from './mutation';
import { useOrdersStale } from './orders';

export const operationKeys = {
  refundPlan: (orderId: string) => ['operations', 'refundPlan', orderId] as const,
};

/** How money on the order would go back now; asked anew each time the dialog opens (the day may have ended, another desk may have refunded). */
export const useRefundPlan = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: operationKeys.refundPlan(orderId),
    queryFn: () => call('orders.refundPlan', { orderId }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

/** One operation as the dialog confirmed it: release is a hold's reversal; a refund says the way it expects. */
export type Operation =
  | { readonly action: 'release'; readonly environment: EnvironmentName; readonly orderId: string; readonly reason?: string }
  | {
      readonly action: 'deposit';
      readonly environment: EnvironmentName;
      readonly orderId: string;
      readonly amount: number;
      readonly reason?: string;
    }
  | {
      readonly action: 'refund';
      readonly environment: EnvironmentName;
      readonly orderId: string;
      readonly amount: number;
      readonly way: RefundWay;
      readonly confirmRepeat?: boolean;
      readonly reason?: string;
    };

function send(operation: Operation): Promise<OperationResult> {
  switch (operation.action) {
    case 'release': {
      const { action: _, ...input } = operation;
      return call('orders.reverse', input);
    }
    case 'deposit': {
      const { action: _, ...input } = operation;
      return call('orders.deposit', input);
    }
    case 'refund': {
      const { action: _, ...input } = operation;
      return call('orders.refund', input);
    }
  }
}

/**
 * Sends an operation. Where nothing was sent (a repeat to confirm, a way that changed) the dialog stays: a
 * changed way is put where the dialog reads the plan. Where something was sent, the looked-up orders are
 * stale; a reversal the gateway refused makes the plan stale too (the dialog offers the refund).
 */
export function useOrderOperation(screen?: ScreenHandlers<OperationResult, Operation>) {
  const queries = useQueryClient();
  const ordersStale = useOrdersStale();
  return useEntityMutation(
    send,
    {
      onSuccess: (r, { action, orderId }) => {
        if (r.outcome === 'needsConfirmation') return;
        if (r.outcome === 'wayChanged' && r.plan) {
          queries.setQueryData<RefundPlan>(operationKeys.refundPlan(orderId), {
            chance: r.plan.chance,
            ...(r.plan.reversible !== undefined ? { reversible: r.plan.reversible } : {}),
          });
          return;
        }
        if (r.outcome === 'refused' && r.operation === 'reverse' && action !== 'release')
          void queries.invalidateQueries({ queryKey: operationKeys.refundPlan(orderId) });
        ordersStale();
      },
    },
    screen,
  );
}
