/**
 * getOrderStatusExtended.do, and the operations after payment: deposit.do, reverse.do, refund.do.
 */
import { z } from 'zod';
import * as f from '../../protocol/common.js';
import { optional, str } from '../../protocol/fields.js';
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

const statusSchema = z.object({
  orderId: optional(f.orderId),
  orderNumber: optional(f.orderNumber),
  language: optional(f.language),
  merchantLogin: optional(f.merchantLogin),
});

const depositSchema = z.object({ orderId: f.orderId, amount: f.amount, language: optional(f.language) });
const reverseSchema = z.object({ orderId: f.orderId, amount: optional(f.amount), language: optional(f.language) });
const refundSchema = z.object({
  orderId: f.orderId,
  amount: f.amount,
  externalRefundId: optional(str(1, 36)),
  expectedDepositedAmount: optional(f.amount),
  language: optional(f.language),
});

const ok = (ctx: RequestContext) => ({ errorCode: '0', errorMessage: message('success', ctx.language) });

export const orderOpsEndpoints = [
  endpoint({
    path: '/payment/rest/getOrderStatusExtended.do',
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    schema: statusSchema,
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
  endpoint({
    path: '/payment/rest/deposit.do',
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    schema: depositSchema,
    handle: (ctx, p) => {
      deposit(ctx.core, findOrder(ctx, p.orderId), p.amount, ctx.language);
      return ok(ctx);
    },
  }),
  endpoint({
    path: '/payment/rest/reverse.do',
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    schema: reverseSchema,
    handle: (ctx, p) => {
      reverse(ctx.core, findOrder(ctx, p.orderId), p.amount, ctx.language);
      return ok(ctx);
    },
  }),
  endpoint({
    path: '/payment/rest/refund.do',
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    schema: refundSchema,
    handle: (ctx, p) => {
      refund(ctx.core, findOrder(ctx, p.orderId), p, ctx.language);
      return ok(ctx);
    },
  }),
];
