/**
 * Request schemas of the order endpoints (register.do, registerPreAuth.do, paymentorder.do,
 * instantPayment.do, getOrderStatusExtended.do, deposit.do, reverse.do, refund.do), without the
 * authentication fields, which every request carries the same way.
 */
import { z } from 'zod';
import { clientBrowserInfo, marketplace, orderBundle, payerBlocks, paymentFacilitator } from '../blocks.js';
import * as f from '../common.js';
import { bool, dateTime19, digits, optional, str, yyyymm } from '../fields.js';

/** Fields every registration shares (register.do, registerPreAuth.do, instantPayment.do). */
const registrationFields = {
  amount: f.amount,
  currency: optional(f.currency),
  language: optional(f.language),
  description: optional(f.description),
  ip: optional(f.ip),
  clientId: optional(f.clientId),
  merchantLogin: optional(f.merchantLogin),
  jsonParams: optional(f.jsonParams),
  sessionTimeoutSecs: optional(f.sessionTimeoutSecs),
  expirationDate: optional(f.expirationDate),
  bindingId: optional(f.bindingId),
  features: optional(f.features),
  postAddress: optional(f.postAddress),
  marketplace: optional(marketplace),
  orderBundle: optional(orderBundle),
  feeInput: optional(f.feeInput),
  email: optional(f.email),
  mcc: optional(f.mcc),
  mvv: optional(f.mvv),
  paymentFacilitator: optional(paymentFacilitator),
  dynamicCallbackUrl: optional(f.url),
  returnUrl: f.url,
  failUrl: optional(f.url),
  ...payerBlocks,
};

export const registerRequest = z.object({
  ...registrationFields,
  orderNumber: f.orderNumber,
  cardholderName: optional(f.cardholderName),
});

export const registerPreAuthRequest = registerRequest.extend({
  autocompletionDate: optional(dateTime19),
  autoReverseDate: optional(dateTime19),
});

/** Merchant-initiated subsequent payments: no CVC, no 3-D Secure. */
export const SUBSEQUENT_MIT: ReadonlySet<string> = new Set(['U', 'R', 'I']);

const missing = (ctx: z.RefinementCtx, path: string) => ctx.addIssue({ code: 'custom', message: 'missing', path: [path] });

export const paymentOrderRequest = z
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
    // Without a seToken the card data is mandatory: $PAN, an expiry ($EXPIRY or YYYY and MM), and $CVC
    // unless the payment is merchant-initiated.
    if (p.seToken !== undefined) return;
    if (p.$PAN === undefined) missing(ctx, '$PAN');
    if (p.$EXPIRY === undefined && (p.YYYY === undefined || p.MM === undefined)) missing(ctx, p.YYYY === undefined ? '$EXPIRY' : 'MM');
    if (p.$CVC === undefined && !(p.tii !== undefined && SUBSEQUENT_MIT.has(p.tii))) missing(ctx, '$CVC');
  });

export const instantPaymentRequest = z
  .object({
    ...registrationFields,
    orderNumber: optional(f.orderNumber),
    bindingNotNeeded: optional(bool),
    originalSchemeTransactionId: optional(str(1, 22)),
    preAuth: optional(bool),
    pan: optional(f.pan),
    cvc: optional(f.cvc),
    cardholderName: optional(str(2, 45, /^[A-Za-z .'-]+$/, 'String [2..45]: Latin letters, space, full stop, hyphen, apostrophe')),
    autocompletionDate: optional(dateTime19),
    autoReverseDate: optional(dateTime19),
    seToken: optional(str(1, 8192)),
    expiry: optional(yyyymm),
    threeDSServerTransId: optional(str(1, 36)),
    threeDSVer2FinishUrl: optional(f.url),
    threeDSMethodNotificationUrl: optional(f.url),
    threeDSSDK: optional(bool),
    threeDSProtocolVersion: optional(f.threeDSProtocolVersion),
    tii: optional(f.tii),
    originalPaymentNetRefNum: optional(str(1, 36)),
    originalPaymentDate: optional(str(1, 13, /^[0-9]+$/, 'Unix time in milliseconds')),
    externalScaExemptionIndicator: optional(str(1, 255)),
    clientBrowserInfo: optional(clientBrowserInfo),
    threeDSVer2MdOrder: optional(f.orderId),
  })
  .superRefine((p, ctx) => {
    // pan, bindingId or seToken; a pan needs an expiry.
    if (p.pan === undefined && p.bindingId === undefined && p.seToken === undefined) missing(ctx, 'pan');
    else if (p.pan !== undefined && p.expiry === undefined && p.seToken === undefined) missing(ctx, 'expiry');
  });

export const orderStatusRequest = z.object({
  orderId: optional(f.orderId),
  orderNumber: optional(f.orderNumber),
  language: optional(f.language),
  merchantLogin: optional(f.merchantLogin),
});

export const depositRequest = z.object({ orderId: f.orderId, amount: f.amount, language: optional(f.language) });
export const reverseRequest = z.object({ orderId: f.orderId, amount: optional(f.amount), language: optional(f.language) });
export const refundRequest = z.object({
  orderId: f.orderId,
  amount: f.amount,
  externalRefundId: optional(str(1, 36)),
  expectedDepositedAmount: optional(f.amount),
  language: optional(f.language),
});
