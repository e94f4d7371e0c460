/**
 * Payments with a stored credential: paymentOrderBinding.do (common: tii F or U on a registered
 * order), recurrentPayment.do (registers and pays, tii R) and installmentPayment.do (pays the order
 * registered with register.do, or registers one; tii I).
 */
import { SPECS } from '../../protocol/endpoints.js';
import { type z } from 'zod';
import { refuse } from '../errors.js';
import {
  activeBinding,
  onePhaseOnly,
  requireAgreement,
  requireCategory,
  requireClient,
  requireCvcAsInitiated,
} from '../engine/credentials.js';
import { isPaidOrder, registerOrder, requirePayable, requirePaymentEmail } from '../engine/lifecycle.js';
import { payWithBinding } from '../engine/payment.js';
import { actionCodeDescription, message, words } from '../messages.js';
import { OrderStatus, type Binding, type Order } from '../state/model.js';
import { extendedStatus, redirectAfter } from '../views.js';
import { endpoint, type RequestContext } from './endpoint.js';
import { findOrder } from './orderOps.js';

type MitParams = z.output<typeof SPECS.recurrentPayment.request>;

/** A new one-phase order for a merchant-initiated stored-credential payment. */
function registerFor(ctx: RequestContext, p: MitParams, binding: Binding): Order {
  return registerOrder(ctx.core, {
    merchant: ctx.merchant.login,
    orderNumber: p.orderNumber,
    amount: p.amount,
    currency: p.currency,
    description: p.description,
    language: ctx.language,
    returnUrl: `${ctx.core.baseUrl()}/payment/finish.html`,
    clientId: binding.clientId,
    twoPhase: false,
  });
}

export const bindingPaymentEndpoints = [
  endpoint(SPECS.paymentOrderBinding, {
    handle: (ctx, p) => {
      const { language } = ctx;
      const order = findOrder(ctx, p.mdOrder);
      requirePayable(ctx.core, order, language);
      const binding = activeBinding(ctx.core, ctx.merchant.login, p.bindingId, language);
      requireClient(order.clientId, binding, language);
      requireCategory(binding, 'COMMON', 'paymentOrderBinding.do', language);
      requirePaymentEmail(p.email ?? order.email, language);
      const tii = p.tii ?? (p.cvc !== undefined ? 'F' : 'U');
      requireCvcAsInitiated(tii, p.cvc, language);
      if (tii === 'U' && order.twoPhase) refuse(5, 'credentialRule', language, { reason: onePhaseOnly('U') });
      payWithBinding(ctx.core, order, binding, p.cvc);
      return {
        errorCode: '0',
        info: isPaidOrder(order) ? message('processed', language) : actionCodeDescription(order.actionCode, language),
        redirect: redirectAfter(order, ctx.core.baseUrl()),
      };
    },
  }),
  endpoint(SPECS.recurrentPayment, {
    handle: (ctx, p) => {
      const binding = activeBinding(ctx.core, ctx.merchant.login, p.bindingId, ctx.language);
      requireCategory(binding, 'RECURRENT', 'recurrentPayment.do', ctx.language);
      requireAgreement(binding, ctx.core.clock.now(), p.amount, ctx.language);
      const order = registerFor(ctx, p, binding);
      payWithBinding(ctx.core, order, binding);
      return { success: true, data: { orderId: order.id }, orderStatus: extendedStatus(order, ctx.language) };
    },
  }),
  endpoint(SPECS.installmentPayment, {
    handle: (ctx, p) => {
      const { core, language } = ctx;
      const binding = activeBinding(core, ctx.merchant.login, p.bindingId, language);
      requireCategory(binding, 'INSTALLMENT', 'installmentPayment.do', language);
      requireAgreement(binding, core.clock.now(), p.amount, language);
      // Flow 6: the order registered with register.do is paid; with no such order, one is registered.
      let order = core.state.orderByNumber(ctx.merchant.login, p.orderNumber);
      if (order) {
        if (order.status !== OrderStatus.REGISTERED) refuse(1, 'duplicate', language);
        requirePayable(core, order, language);
        requireClient(order.clientId, binding, language);
        requirePaymentEmail(order.email, language);
        if (order.amount !== p.amount) {
          const reason = words('order.notRegisteredAmount', { amount: p.amount, registered: order.amount });
          refuse(5, 'wrongAmount', language, { reason });
        }
        if (p.currency !== undefined && p.currency !== order.currency)
          refuse(5, 'wrong', language, { name: 'currency', rule: words('order.registeredCurrency', { currency: order.currency }) });
        if (order.twoPhase) refuse(5, 'credentialRule', language, { reason: onePhaseOnly('I') });
      } else {
        order = registerFor(ctx, p, binding);
      }
      payWithBinding(core, order, binding);
      return {
        errorCode: '0',
        errorMessage: message('success', language),
        orderId: order.id,
        orderStatus: extendedStatus(order, language),
        error: false,
      };
    },
  }),
];
