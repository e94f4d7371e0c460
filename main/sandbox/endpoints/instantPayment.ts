/**
 * instantPayment.do: registers an order and pays it in one request, with card data, a seToken or a
 * stored credential. The second part of a 3DS2 payment passes threeDSVer2MdOrder and pays that order.
 */
import { SPECS } from '../../protocol/endpoints.js';
import { type z } from 'zod';
import { refuse } from '../errors.js';
import { credentialIntent } from '../engine/credentials.js';
import { NOT_WAITING_FOR_PAYMENT, registerOrder, requirePaymentEmail } from '../engine/lifecycle.js';
import { payWithBinding, payWithCard, type CardOutcome } from '../engine/payment.js';
import type { Json } from '../envelopes.js';
import { message, words } from '../messages.js';
import { OrderStatus, type Order } from '../state/model.js';
import { instantStatus } from '../views.js';
import { instantPaymentBinding } from './bindingPayments.js';
import { cardFrom, cardFromSeToken, externalAuthentication, threeDSFields } from './cardData.js';
import { endpoint, type RequestContext } from './endpoint.js';
import { findOrder } from './orderOps.js';
import { checkPermissions, registration } from './register.js';

type Params = z.output<typeof SPECS.instantPayment.request>;

const HOLDER = 'CARD HOLDER';

function answer(ctx: RequestContext, order: Order, outcome: CardOutcome): Json {
  return {
    errorCode: '0',
    orderId: order.id,
    ...(outcome.kind === 'settled' ? { info: message('processed', ctx.language) } : {}),
    ...threeDSFields(ctx.core, order, outcome, ctx.language),
    orderStatus: instantStatus(order, ctx.language),
  };
}

/** The second part of a 3DS2 instant payment: the order already exists and waits for the repeated request. */
function continueOrder(ctx: RequestContext, p: Params, orderId: string): Json {
  const order = findOrder(ctx, orderId);
  if (order.status !== OrderStatus.REGISTERED)
    refuse(7, 'wrongState', ctx.language, { status: order.status, reason: NOT_WAITING_FOR_PAYMENT });
  if (p.threeDSServerTransId === undefined) refuse(4, 'missing', ctx.language, { name: 'threeDSServerTransId' });
  if (p.amount !== order.amount) {
    refuse(5, 'wrongAmount', ctx.language, { reason: words('order.notOrderAmount', { amount: p.amount, ordered: order.amount }) });
  }
  requirePaymentEmail(p.email ?? order.email, ctx.language);
  const { card, cvc } =
    p.seToken !== undefined
      ? cardFromSeToken(ctx.core.fingerprint, p.seToken, undefined, p.cardholderName ?? HOLDER, ctx.language)
      : cardFrom(ctx.core.fingerprint, p.pan!, p.expiry!, p.cardholderName ?? HOLDER, p.cvc, 'pan', ctx.language);
  const outcome = payWithCard(ctx.core, {
    order,
    card,
    cvc,
    paymentWay: 'CARD',
    threeDSServerTransId: p.threeDSServerTransId,
    language: ctx.language,
  });
  return answer(ctx, order, outcome);
}

function instantPayment(ctx: RequestContext, p: Params): Json {
  const { core, merchant, language } = ctx;
  if (p.threeDSVer2MdOrder !== undefined) return continueOrder(ctx, p, p.threeDSVer2MdOrder);
  checkPermissions(merchant, p, language);
  requirePaymentEmail(p.email, language);

  // Without a stored credential, the PAN, else the seToken, carries the card.
  const binding = instantPaymentBinding(ctx, p);
  const card = binding
    ? undefined
    : p.seToken !== undefined
      ? cardFromSeToken(ctx.core.fingerprint, p.seToken, undefined, p.cardholderName ?? HOLDER, language)
      : cardFrom(ctx.core.fingerprint, p.pan!, p.expiry!, p.cardholderName ?? HOLDER, p.cvc, 'pan', language);

  const order = registerOrder(core, registration(ctx, p, p.orderNumber ?? core.ids.referenceDigits(16), p.preAuth ?? false));

  if (binding) {
    payWithBinding(core, order, binding, p.cvc);
    return answer(ctx, order, { kind: 'settled' });
  }
  const credential = credentialIntent(order, p.tii, p.jsonParams ?? {}, p.bindingNotNeeded ?? false, 'jsonParams', language);
  const outcome = payWithCard(core, {
    order,
    card: card!.card,
    cvc: card!.cvc,
    paymentWay: 'CARD',
    credential,
    tii: p.tii,
    external: externalAuthentication(p.jsonParams, p.threeDSProtocolVersion, language),
    language,
  });
  return answer(ctx, order, outcome);
}

export const instantPaymentEndpoint = endpoint(SPECS.instantPayment, {
  handle: instantPayment,
});
