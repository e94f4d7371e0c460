/**
 * getOrderStatusExtended.do, and the operations after payment: deposit.do, reverse.do, refund.do.
 */
import { SPECS } from '../../protocol/endpoints.js';
import { refuse } from '../errors.js';
import { deposit, expireIfDue, refund, reverse } from '../engine/lifecycle.js';
import { message } from '../messages.js';
import type { Order } from '../state/model.js';
import { extendedStatus } from '../views.js';
import { endpoint, type RequestContext } from './endpoint.js';

export function findOrder(ctx: RequestContext, orderId: string): Order {
  const order = ctx.core.state.orderById(ctx.merchant.login, orderId);
  if (!order) refuse(6, 'orderNotFound', ctx.language);
  return expireIfDue(ctx.core, order);
}

const ok = (ctx: RequestContext) => ({ errorCode: '0', errorMessage: message('success', ctx.language) });

export const orderOpsEndpoints = [
  endpoint(SPECS.getOrderStatusExtended, {
    handle: (ctx, p) => {
      if (p.merchantLogin !== undefined && p.merchantLogin !== ctx.merchant.login) refuse(5, 'accessDenied', ctx.language);
      // If both are given, orderId wins.
      let order: Order | undefined;
      if (p.orderId !== undefined) order = ctx.core.state.orderById(ctx.merchant.login, p.orderId);
      else if (p.orderNumber !== undefined) order = ctx.core.state.orderByNumber(ctx.merchant.login, p.orderNumber);
      else refuse(1, 'noOrderReference', ctx.language);
      if (!order) refuse(6, 'orderNotFound', ctx.language);
      return extendedStatus(expireIfDue(ctx.core, order), ctx.language);
    },
  }),
  endpoint(SPECS.deposit, {
    handle: (ctx, p) => {
      deposit(ctx.core, findOrder(ctx, p.orderId), p.amount, ctx.language);
      return ok(ctx);
    },
  }),
  endpoint(SPECS.reverse, {
    handle: (ctx, p) => {
      reverse(ctx.core, findOrder(ctx, p.orderId), p.amount, ctx.language);
      return ok(ctx);
    },
  }),
  endpoint(SPECS.refund, {
    handle: (ctx, p) => {
      refund(ctx.core, findOrder(ctx, p.orderId), p, ctx.language);
      return ok(ctx);
    },
  }),
];
