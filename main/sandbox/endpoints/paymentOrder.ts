/**
 * paymentorder.do: pays a registered order with card data, in internal 3DS server mode (the two-step
 * 3DS2 exchange, or 3DS1 with acsUrl/paReq/termUrl) or external mode (eci/cavv/xid in jsonParams).
 */
import { SPECS } from '../../protocol/endpoints.js';
import { SUBSEQUENT_MIT } from '../../protocol/requests/orders.js';
import { refuse } from '../errors.js';
import { credentialIntent, noCvc, onePhaseOnly } from '../engine/credentials.js';
import { isPaidOrder, NOT_WAITING_FOR_PAYMENT, requirePayable, requirePaymentEmail } from '../engine/lifecycle.js';
import { payDirect, payWithCard } from '../engine/payment.js';
import { actionCodeDescription, message } from '../messages.js';
import { OrderStatus } from '../state/model.js';
import { redirectAfter } from '../views.js';
import { cardFrom, cardFromSeToken, externalAuthentication, threeDSFields } from './cardData.js';
import { endpoint } from './endpoint.js';
import { findOrder } from './orderOps.js';

export const paymentOrderEndpoint = endpoint(SPECS.paymentOrder, {
  handle: (ctx, p) => {
    const { core, language } = ctx;
    const order = findOrder(ctx, p.MDORDER);
    const transId = p.threeDSServerTransId ?? p.threeDSServerTransID;
    if (transId === undefined) requirePayable(core, order, language);
    else if (order.status !== OrderStatus.REGISTERED)
      refuse(7, 'wrongState', language, { status: order.status, reason: NOT_WAITING_FOR_PAYMENT });
    requirePaymentEmail(p.email ?? order.email, language);

    const { card, cvc } =
      p.seToken !== undefined
        ? cardFromSeToken(core.fingerprint, p.seToken, order.id, p.TEXT, language)
        : cardFrom(core.fingerprint, p.$PAN!, p.$EXPIRY ?? `${p.YYYY}${p.MM}`, p.TEXT, p.$CVC, '$PAN', language);

    if (p.tii !== undefined && SUBSEQUENT_MIT.has(p.tii)) {
      // Merchant-initiated payment with card data the merchant keeps: no CVC, no 3-D Secure, one phase.
      if (order.twoPhase) refuse(5, 'credentialRule', language, { reason: onePhaseOnly(p.tii) });
      if (p.$CVC !== undefined) refuse(5, 'wrong', language, { name: '$CVC', rule: noCvc(p.tii) });
      payDirect(core, order, { card, paymentWay: 'CARD' });
    } else {
      const credential = credentialIntent(
        order,
        p.tii,
        { ...order.jsonParams, ...p.jsonParams },
        p.bindingNotNeeded ?? false,
        'jsonParams',
        language,
      );
      const outcome = payWithCard(core, {
        order,
        card,
        cvc,
        paymentWay: 'CARD',
        credential,
        tii: p.tii,
        threeDSServerTransId: transId,
        external: externalAuthentication(p.jsonParams, p.threeDSProtocolVersion, language),
        language,
      });
      if (outcome.kind !== 'settled') return { errorCode: 0, ...threeDSFields(core, order, outcome, language) };
    }
    const paid = isPaidOrder(order);
    return {
      errorCode: 0,
      info: paid ? message('processed', language) : actionCodeDescription(order.actionCode, language),
      redirect: redirectAfter(order, core.baseUrl()),
    };
  },
});
