/**
 * register.do and registerPreAuth.do: register an order for one-phase or two-phase payment.
 */
import type { z } from 'zod';
import { SPECS } from '../../protocol/endpoints.js';
import { refuse } from '../errors.js';
import { registerOrder } from '../engine/lifecycle.js';
import { words } from '../messages.js';
import type { Merchant } from '../state/model.js';
import { endpoint, type RequestContext } from './endpoint.js';

/** Merchant category codes the sandbox merchants are permitted (sandbox choice). */
export const ALLOWED_MCC = [4829, 5411, 5812, 5999, 7399];

/** Permission checks the gateway makes on registration fields (sandbox: no child merchants). */
export function checkPermissions(merchant: Merchant, p: { merchantLogin?: string; mcc?: number }, language: string): void {
  if (p.merchantLogin !== undefined && p.merchantLogin !== merchant.login) refuse(5, 'accessDenied', language);
  if (p.mcc !== undefined && !ALLOWED_MCC.includes(p.mcc)) {
    refuse(5, 'wrong', language, { name: 'mcc', rule: words('order.oneOfValues', { values: ALLOWED_MCC.join(', ') }) });
  }
}

/** jsonParams values as the strings the processing center receives. */
export function attributeStrings(a: Record<string, string | number | boolean> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(a ?? {}).map(([k, v]) => [k, String(v)]));
}

type Registered = z.output<typeof SPECS.registerPreAuth.request>;

/** What an order is registered with, from the fields register.do and instantPayment.do take alike. */
export function registration(
  ctx: RequestContext,
  p: Pick<
    Registered,
    | 'amount'
    | 'currency'
    | 'description'
    | 'returnUrl'
    | 'failUrl'
    | 'dynamicCallbackUrl'
    | 'clientId'
    | 'ip'
    | 'features'
    | 'jsonParams'
    | 'email'
    | 'sessionTimeoutSecs'
    | 'expirationDate'
    | 'autocompletionDate'
    | 'autoReverseDate'
  >,
  orderNumber: string,
  twoPhase: boolean,
): Parameters<typeof registerOrder>[1] {
  return {
    merchant: ctx.merchant.login,
    orderNumber,
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
    email: p.email,
    sessionTimeoutSecs: p.sessionTimeoutSecs,
    expirationDate: p.expirationDate,
    autocompletionDate: p.autocompletionDate,
    autoReverseDate: p.autoReverseDate,
  };
}

function register(ctx: RequestContext, p: z.output<typeof SPECS.registerPreAuth.request>, twoPhase: boolean) {
  checkPermissions(ctx.merchant, p, ctx.language);
  const order = registerOrder(ctx.core, registration(ctx, p, p.orderNumber, twoPhase));
  // As the vendor's samples: a successful registration answers orderId and formUrl, with errorCode "0".
  return {
    errorCode: '0',
    orderId: order.id,
    formUrl: `${ctx.core.baseUrl()}/payment/merchants/${ctx.merchant.login}/payment_${ctx.language}.html?mdOrder=${order.id}`,
  };
}

const featuresCode = (v: { path: string; kind: string }) => (v.path === 'features' && v.kind === 'wrong' ? 14 : undefined);

export const registerEndpoints = [
  endpoint(SPECS.register, { violationCode: featuresCode, handle: (ctx, p) => register(ctx, p, false) }),
  endpoint(SPECS.registerPreAuth, { violationCode: featuresCode, handle: (ctx, p) => register(ctx, p, true) }),
];
