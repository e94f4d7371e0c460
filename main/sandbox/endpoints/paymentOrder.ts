/**
 * paymentorder.do: pays a registered order with card data, in internal 3DS server mode (the two-step
 * 3DS2 exchange, or 3DS1 with acsUrl/paReq/termUrl) or external mode (eci/cavv/xid in jsonParams).
 */
import { z } from 'zod';
import { clientBrowserInfo, marketplace, payerBlocks, paymentFacilitator } from '../../protocol/blocks.js';
import * as f from '../../protocol/common.js';
import { bool, digits, optional, str, yyyymm } from '../../protocol/fields.js';
import { refuse } from '../errors.js';
import { credentialIntent } from '../engine/credentials.js';
import { requirePayable } from '../engine/lifecycle.js';
import { payDirect, payWithCard } from '../engine/payment.js';
import { actionCodeDescription, message } from '../messages.js';
import { OrderStatus } from '../state/model.js';
import { redirectAfter } from '../views.js';
import { cardFrom, cardFromSeToken, externalAuthentication, threeDSFields } from './cardData.js';
import { endpoint } from './endpoint.js';
import { findOrder } from './orderOps.js';

const SUBSEQUENT_MIT = new Set(['U', 'R', 'I']);

const schema = z
  .object({
    MDORDER: f.orderId,
    $PAN: optional(str(1, 19, /^[0-9]+$/, 'Integer [1..19]')),
    $CVC: optional(f.cvc),
    YYYY: optional(digits(4, 4)),
    MM: optional(str(2, 2, /^(0[1-9]|1[0-2])$/, 'Integer [2], a month 01..12')),
    $EXPIRY: optional(yyyymm),
    seToken: optional(str(1, 8192)),
    TEXT: str(1, 512),
    language: f.language,
    ip: optional(f.ip),
    bindingNotNeeded: optional(bool),
    jsonParams: optional(f.jsonParams),
    threeDSSDK: optional(bool),
    email: optional(f.email),
    mcc: optional(f.mcc),
    mvv: optional(f.mvv),
    originalSchemeTransactionId: optional(str(1, 22)),
    originalPaymentNetRefNum: optional(str(1, 36)),
    originalPaymentDate: optional(str(1, 13, /^[0-9]+$/, 'Unix time in milliseconds')),
    tii: optional(f.tii),
    externalScaExemptionIndicator: optional(str(1, 255)),
    paymentFacilitator: optional(paymentFacilitator),
    marketplace: optional(marketplace),
    clientBrowserInfo: optional(clientBrowserInfo),
    threeDSServerTransId: optional(str(1, 36)),
    // A sample second request spells it with a capital D; both are accepted.
    threeDSServerTransID: optional(str(1, 36)),
    threeDSVer2FinishUrl: optional(f.url),
    threeDSMethodNotificationUrl: optional(f.url),
    threeDSProtocolVersion: optional(f.threeDSProtocolVersion),
    ...payerBlocks,
  })
  .superRefine((p, ctx) => {
    if (p.seToken !== undefined) return;
    const missing = (path: string) => ctx.addIssue({ code: 'custom', message: 'missing', path: [path] });
    if (p.$PAN === undefined) missing('$PAN');
    if (p.$EXPIRY === undefined && (p.YYYY === undefined || p.MM === undefined)) missing(p.YYYY === undefined ? '$EXPIRY' : 'MM');
    const mit = p.tii !== undefined && SUBSEQUENT_MIT.has(p.tii);
    if (p.$CVC === undefined && !mit) missing('$CVC');
  });

export const paymentOrderEndpoint = endpoint({
  path: '/payment/rest/paymentorder.do',
  body: 'form',
  auth: 'userPassword',
  envelope: 'restNumeric',
  schema,
  handle: (ctx, p) => {
    const { core, language } = ctx;
    const order = findOrder(ctx, p.MDORDER);
    const transId = p.threeDSServerTransId ?? p.threeDSServerTransID;
    if (transId === undefined) requirePayable(core, order, language);
    else if (order.status !== OrderStatus.REGISTERED)
      refuse(7, 'wrongState', language, order.status, 'the order is not waiting for payment');

    const { card, cvc } =
      p.seToken !== undefined
        ? cardFromSeToken(p.seToken, order.id, p.TEXT, language)
        : cardFrom(p.$PAN!, p.$EXPIRY ?? `${p.YYYY}${p.MM}`, p.TEXT, p.$CVC, '$PAN', language);

    if (p.tii !== undefined && SUBSEQUENT_MIT.has(p.tii)) {
      // Merchant-initiated payment with card data the merchant keeps: no CVC, no 3-D Secure, one phase.
      if (order.twoPhase) refuse(5, 'credentialRule', language, `tii ${p.tii} is allowed for one-phase payments only`);
      if (p.$CVC !== undefined) refuse(5, 'wrong', language, '$CVC', `nothing: a merchant-initiated payment (tii ${p.tii}) carries no CVC`);
      payDirect(core, order, { card, paymentWay: 'CARD' });
    } else {
      const credential = credentialIntent(
        order,
        p.tii,
        { ...order.jsonParams, ...p.jsonParams },
        p.bindingNotNeeded ?? false,
        'jsonParams',
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
      });
      if (outcome.kind !== 'settled') return { errorCode: 0, ...threeDSFields(core, order, outcome, language) };
    }
    const paid = order.status === OrderStatus.HELD || order.status === OrderStatus.DEPOSITED;
    return {
      errorCode: 0,
      info: paid ? message('processed', language) : actionCodeDescription(order.actionCode, language),
      redirect: redirectAfter(order),
    };
  },
});
