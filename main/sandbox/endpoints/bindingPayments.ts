/**
 * Payments with a stored credential: paymentOrderBinding.do (common: tii F or U on a registered
 * order), recurrentPayment.do (registers and pays, tii R) and installmentPayment.do (pays the order
 * registered with register.do, or registers one; tii I); and the binding an instantPayment.do with
 * bindingId pays with.
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
type InstantParams = z.output<typeof SPECS.instantPayment.request>;

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

/**
 * The binding an instantPayment.do pays with: its bindingId, unless a PAN or a seToken overrides it. It is
 * checked as the other stored-credential payments check theirs: tii F (the customer, with the CVC) or U,
 * R, I (the merchant, one-phase, no CVC), the binding's category by tii, its owner, and what its
 * agreement allows.
 */
export function instantPaymentBinding(ctx: RequestContext, p: InstantParams): Binding | undefined {
  if (p.pan !== undefined || p.seToken !== undefined || p.bindingId === undefined) return undefined;
  const { core, language } = ctx;
  const binding = activeBinding(core, ctx.merchant.login, p.bindingId, language);
  const tii = p.tii ?? (p.cvc !== undefined ? 'F' : 'U');
  if (tii !== 'F' && tii !== 'U' && tii !== 'R' && tii !== 'I') {
    refuse(5, 'wrong', language, { name: 'tii', rule: words('credential.storedTii') });
  }
  if (tii !== 'F' && p.preAuth) refuse(5, 'credentialRule', language, { reason: onePhaseOnly(tii) });
  requireCvcAsInitiated(tii, p.cvc, language);
  const category = tii === 'R' ? 'RECURRENT' : tii === 'I' ? 'INSTALLMENT' : 'COMMON';
  requireCategory(binding, category, 'instantPayment.do', language, tii);
  requireClient(p.clientId, binding, language);
  // The same agreement rules as recurrentPayment.do and installmentPayment.do.
  requireAgreement(binding, core.clock.now(), p.amount, language);
  return binding;
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
