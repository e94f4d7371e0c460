/**
 * Wallet payments: /payment/{applepay,google,samsung}/payment.do (the merchant passes the wallet's
 * token as received) and paymentDirect.do (the merchant passes the payment data it decrypted itself).
 *
 * Sandbox tokens (docs/sandbox.md, "Sandbox tokens"), both Base64 of JSON:
 * - payment.do: {"pan","expiry":"YYYYMM","cryptogram","amount","currency"?,"cardholderName"?}
 * - paymentDirect.do, the decrypted shape: {"applicationPrimaryAccountNumber","applicationExpirationDate":
 *   "YYMMDD","currencyCode","transactionAmount","cardholderName"?,"paymentData":{"onlinePaymentCryptogram",
 *   "eciIndicator"?}}; transactionAmount must be 0 with VERIFY.
 */
import { ruleWords } from '../ruleWords.js';
import { SPECS, WALLETS, type Wallet } from '../../protocol/endpoints.js';
import { z } from 'zod';
import * as f from '../../protocol/common.js';
import { optional, str, yyyymm } from '../../protocol/fields.js';
import { formatPath } from '../../protocol/violations.js';
import { refuse } from '../errors.js';
import { words } from '../messages.js';
import { luhnValid } from '../../domain/cardNumbers.js';
import { cardRecord, type CardFingerprint } from '../engine/cards.js';
import { credentialIntent } from '../engine/credentials.js';
import { registerOrder, requirePaymentEmail } from '../engine/lifecycle.js';
import { payDirect } from '../engine/payment.js';
import type { CardRecord, PaymentWay } from '../state/model.js';
import { walletOrderStatus } from '../views.js';
import { endpoint, type RequestContext } from './endpoint.js';
import { LUHN_RULE } from './cardData.js';
import { checkPermissions } from './register.js';

const WALLET_WAYS: Record<Wallet, PaymentWay> = { applepay: 'APPLE_PAY', google: 'GOOGLE_PAY', samsung: 'SAMSUNG_PAY' };

const panRule = str(12, 19, /^[0-9]+$/, 'a card number of 12 to 19 digits');

// cardAuthInfo.cardholderName is String [1..26] of Latin letters, full stop and space: the token's holder must fit it.
const holderRule = str(1, 26, /^[A-Za-z. ]+$/, 'String [1..26]: Latin letters, full stop, space');

const walletToken = z.object({
  pan: panRule,
  expiry: yyyymm,
  cryptogram: str(1, 512),
  amount: f.amount,
  currency: optional(f.currency),
  cardholderName: optional(holderRule),
  eci: optional(str(2, 2, /^[0-9]{2}$/)),
});

const decryptedToken = z.object({
  applicationPrimaryAccountNumber: panRule,
  applicationExpirationDate: str(6, 6, /^[0-9]{2}(0[1-9]|1[0-2])[0-9]{2}$/, 'YYMMDD'),
  currencyCode: f.currency,
  transactionAmount: f.amount,
  cardholderName: optional(holderRule),
  paymentData: z.object({ onlinePaymentCryptogram: str(1, 512), eciIndicator: optional(str(1, 2, /^[0-9]+$/)) }),
});

/** Decodes a sandbox token: Base64 of JSON (paymentDirect.do also takes the JSON itself). */
function decodeToken<T extends z.ZodType>(token: string, schema: T, language: string, allowPlainJson: boolean): z.output<T> {
  let value: unknown;
  const text = allowPlainJson && token.trimStart().startsWith('{') ? token : Buffer.from(token, 'base64').toString('utf8');
  try {
    value = JSON.parse(text);
  } catch {
    refuse(5, 'wrong', language, { name: 'paymentToken', rule: words('card.walletToken') });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = formatPath(issue.path);
    // A field missing inside the token makes the token wrong (5), not a parameter missing (4); any other
    // rule is the spec's notation from main/protocol.
    const rule = issue.message === 'missing' ? words('card.present') : ruleWords(issue.message);
    refuse(5, 'wrong', language, { name: `paymentToken${where ? `.${where}` : ''}`, rule });
  }
  return parsed.data;
}

function walletCard(fingerprint: CardFingerprint, pan: string, expiry: string, holder: string | undefined, language: string): CardRecord {
  if (!luhnValid(pan)) refuse(5, 'wrong', language, { name: 'paymentToken.pan', rule: LUHN_RULE });
  return cardRecord(pan, expiry, holder ?? 'CARD HOLDER', fingerprint);
}

interface WalletPayment {
  readonly card: CardRecord;
  readonly amount: number;
  readonly currency?: string;
  readonly eci: string;
  readonly verifyOnly: boolean;
}

function pay(
  ctx: RequestContext,
  p: z.output<typeof SPECS.applepay.payment.request> | z.output<typeof SPECS.applepay.paymentDirect.request>,
  way: PaymentWay,
  w: WalletPayment,
) {
  const { core, merchant, language } = ctx;
  if (p.tii !== undefined && !p.clientId) refuse(4, 'missing', language, { name: 'clientId' });
  if (w.verifyOnly && !p.clientId) refuse(4, 'missing', language, { name: 'clientId' });
  checkPermissions(merchant, p, language);
  requirePaymentEmail(p.email, language);
  const order = registerOrder(core, {
    merchant: merchant.login,
    orderNumber: p.orderNumber,
    amount: w.amount,
    currency: w.currency,
    description: p.description,
    language,
    returnUrl: `${core.baseUrl()}/payment/finish.html`,
    clientId: p.clientId,
    ip: p.ip,
    email: p.email,
    twoPhase: p.preAuth ?? false,
    features: w.verifyOnly ? ['VERIFY'] : [],
    autocompletionDate: p.autocompletionDate,
    autoReverseDate: p.autoReverseDate,
  });
  const extra = p.additionalParameters ?? {};
  // Wallet installment credentials carry no total: the plan allows `installments` payments of at most this amount each.
  const attributes =
    extra.installments !== undefined && extra.totalInstallmentAmount === undefined
      ? { ...extra, totalInstallmentAmount: Number(extra.installments) * Math.max(w.amount, 1) }
      : extra;
  const tii = p.tii ?? (w.verifyOnly ? 'CI' : undefined);
  const credential = credentialIntent(order, tii, attributes, false, 'additionalParameters', language);
  payDirect(core, order, { card: w.card, paymentWay: way, eci: w.eci }, { credential });
  return { success: true, data: { orderId: order.id }, orderStatus: walletOrderStatus(order, language) };
}

function walletEndpoints(wallet: Wallet, way: PaymentWay) {
  return [
    endpoint(SPECS[wallet].payment, {
      handle: (ctx, p) => {
        const t = decodeToken(p.paymentToken, walletToken, ctx.language, false);
        const card = walletCard(ctx.core.fingerprint, t.pan, t.expiry, t.cardholderName, ctx.language);
        return pay(ctx, p, way, { card, amount: t.amount, currency: t.currency, eci: t.eci ?? '05', verifyOnly: false });
      },
    }),
    endpoint(SPECS[wallet].paymentDirect, {
      handle: (ctx, p) => {
        if (p.merchant !== undefined && p.merchant !== ctx.merchant.login) refuse(5, 'accessDenied', ctx.language);
        const t = decodeToken(p.paymentToken, decryptedToken, ctx.language, true);
        const features = p.features ?? [];
        // Features in a direct payment (VERIFY) need a zero transactionAmount.
        if (features.length > 0 && t.transactionAmount !== 0) {
          const rule = words('order.zeroWithFeatures', { features: features.join(', ') });
          refuse(5, 'wrong', ctx.language, { name: 'paymentToken.transactionAmount', rule });
        }
        const expiry = `20${t.applicationExpirationDate.slice(0, 4)}`;
        const card = walletCard(ctx.core.fingerprint, t.applicationPrimaryAccountNumber, expiry, t.cardholderName, ctx.language);
        const eci = (t.paymentData.eciIndicator ?? '05').padStart(2, '0');
        return pay(ctx, p, way, {
          card,
          amount: t.transactionAmount,
          currency: t.currencyCode,
          eci,
          verifyOnly: features.includes('VERIFY'),
        });
      },
    }),
  ];
}

export const walletEndpointList = WALLETS.flatMap((wallet) => walletEndpoints(wallet, WALLET_WAYS[wallet]));
