/**
 * register.do and registerPreAuth.do: register an order for one-phase or two-phase payment.
 */
import { z } from 'zod';
import { marketplace, orderBundle, payerBlocks, paymentFacilitator } from '../../protocol/blocks.js';
import * as f from '../../protocol/common.js';
import { dateTime19, optional } from '../../protocol/fields.js';
import { refuse } from '../errors.js';
import { registerOrder } from '../engine/lifecycle.js';
import type { Merchant } from '../state/model.js';
import { endpoint, type RequestContext } from './endpoint.js';

/** Merchant category codes the sandbox merchants are permitted (sandbox choice). */
export const ALLOWED_MCC = [4829, 5411, 5812, 5999, 7399];

/** Fields every registration shares (register.do, registerPreAuth.do, instantPayment.do). */
export const registrationFields = {
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

const registerSchema = z.object({
  ...registrationFields,
  orderNumber: f.orderNumber,
  cardholderName: optional(f.cardholderName),
});

const registerPreAuthSchema = registerSchema.extend({
  autocompletionDate: optional(dateTime19),
  autoReverseDate: optional(dateTime19),
});

/** Permission checks the gateway makes on registration fields (sandbox: no child merchants). */
export function checkPermissions(merchant: Merchant, p: { merchantLogin?: string; mcc?: number }, language: string): void {
  if (p.merchantLogin !== undefined && p.merchantLogin !== merchant.login) refuse(5, 'accessDenied', language);
  if (p.mcc !== undefined && !ALLOWED_MCC.includes(p.mcc)) refuse(5, 'wrong', language, 'mcc', `one of ${ALLOWED_MCC.join(', ')}`);
}

/** jsonParams values as the strings the processing center receives. */
export function attributeStrings(a: Record<string, string | number | boolean> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(a ?? {}).map(([k, v]) => [k, String(v)]));
}

function register(ctx: RequestContext, p: z.output<typeof registerSchema>, twoPhase: boolean) {
  checkPermissions(ctx.merchant, p, ctx.language);
  const order = registerOrder(ctx.core, {
    merchant: ctx.merchant.login,
    orderNumber: p.orderNumber,
    amount: p.amount,
    currency: p.currency,
    description: p.description,
    language: ctx.language,
    returnUrl: p.returnUrl,
    failUrl: p.failUrl,
    dynamicCallbackUrl: p.dynamicCallbackUrl,
    clientId: p.clientId,
    ip: p.ip,
    twoPhase,
    features: p.features,
    jsonParams: attributeStrings(p.jsonParams),
    sessionTimeoutSecs: p.sessionTimeoutSecs,
    expirationDate: p.expirationDate,
  });
  // As the vendor's samples: a successful registration answers orderId and formUrl, with errorCode "0".
  return {
    errorCode: '0',
    orderId: order.id,
    formUrl: `${ctx.core.baseUrl()}/payment/merchants/${ctx.merchant.login}/payment_${ctx.language}.html?mdOrder=${order.id}`,
  };
}

const featuresCode = (v: { path: string; kind: string }) => (v.path === 'features' && v.kind === 'wrong' ? 14 : undefined);

export const registerEndpoints = [
  endpoint({
    path: '/payment/rest/register.do',
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    schema: registerSchema,
    repeatable: ['features'],
    violationCode: featuresCode,
    handle: (ctx, p) => register(ctx, p, false),
  }),
  endpoint({
    path: '/payment/rest/registerPreAuth.do',
    body: 'form',
    auth: 'credentials',
    envelope: 'rest',
    schema: registerPreAuthSchema,
    repeatable: ['features'],
    violationCode: featuresCode,
    handle: (ctx, p) => register(ctx, p, true),
  }),
];
