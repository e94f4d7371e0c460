/**
 * How the gateway shows an order and a binding in its responses: the extended status (also the
 * orderStatus object of wallet and stored-credential payments), instantPayment.do's capitalised
 * variant, and the binding record of getBindings.do.
 */
import type { Json } from './envelopes.js';
import { isPaidOrder } from './engine/lifecycle.js';
import { actionCodeDescription, message } from './messages.js';
import type { PaymentState } from '../protocol/requests/reports.js';
import { OrderStatus, type Binding, type Order } from './state/model.js';

/** paymentAmountInfo.paymentState of each status; the ACS reached (5) is still CREATED: nothing is authorised yet. */
export const PAYMENT_STATE: Record<OrderStatus, PaymentState> = {
  [OrderStatus.REGISTERED]: 'CREATED',
  [OrderStatus.HELD]: 'APPROVED',
  [OrderStatus.DEPOSITED]: 'DEPOSITED',
  [OrderStatus.REVERSED]: 'REVERSED',
  [OrderStatus.REFUNDED]: 'REFUNDED',
  [OrderStatus.ACS_STARTED]: 'CREATED',
  [OrderStatus.DECLINED]: 'DECLINED',
};

function bindingInfo(order: Order): Json | undefined {
  const bindingId = order.payment?.bindingId ?? order.createdBindingId;
  return bindingId && order.clientId ? { clientId: order.clientId, bindingId } : undefined;
}

/**
 * What the order was registered with (jsonParams), in the spec's { name: String [1..255], value:
 * String [1..1024] } shape; attributes that cannot take that shape (an empty value) are left out.
 */
function merchantOrderParams(order: Order): Json[] {
  return Object.entries(order.jsonParams ?? {})
    .filter(([name, value]) => name.length >= 1 && name.length <= 255 && value.length >= 1)
    .map(([name, value]) => ({ name, value: value.slice(0, 1024) }));
}

/**
 * The orderStatus object of a wallet payment's answer: cardAuthInfo only when the payment was
 * authorised, since its approvalCode (String [6]) is mandatory and a declined payment has none.
 */
export function walletOrderStatus(order: Order, language: string): Json {
  const view = extendedStatus(order, language);
  if (!order.payment?.authorization) delete view.cardAuthInfo;
  return view;
}

/** getOrderStatusExtended.do's answer; all dates are epoch milliseconds. */
export function extendedStatus(order: Order, language: string): Json {
  return { errorCode: '0', errorMessage: message('success', language), ...orderView(order, language) };
}

/** The order's fields of getOrderStatusExtended.do, without the envelope: also each order of getLastOrdersForMerchants.do. */
export function orderView(order: Order, language: string): Json {
  const payment = order.payment;
  const auth = payment?.authorization;
  const view: Json = {
    orderNumber: order.orderNumber,
    orderStatus: order.status,
    actionCode: order.actionCode,
    actionCodeDescription: actionCodeDescription(order.actionCode, language),
    amount: order.amount,
    currency: order.currency,
    date: order.createdAt,
    orderDescription: order.description ?? '',
    ip: order.ip,
    merchantOrderParams: merchantOrderParams(order),
    transactionAttributes: [],
    attributes: [{ name: 'mdOrder', value: order.id }],
    paymentAmountInfo: {
      paymentState: PAYMENT_STATE[order.status],
      approvedAmount: order.approvedAmount,
      depositedAmount: order.depositedAmount,
      refundedAmount: order.refundedAmount,
      totalAmount: order.amount,
    },
    refunds: order.refunds.map((r) => ({
      date: r.date,
      amount: r.amount,
      actionCode: r.actionCode,
      referenceNumber: r.referenceNumber,
    })),
    chargeback: false,
  };
  if (payment) {
    view.cardAuthInfo = {
      maskedPan: payment.card.maskedPan,
      pan: payment.card.maskedPan,
      expiration: Number(payment.card.expiry),
      cardholderName: payment.card.cardholderName,
      // String [6]: a payment never authorised has no code, so the field is left out rather than empty.
      ...(auth?.approvalCode ? { approvalCode: auth.approvalCode } : {}),
      paymentSystem: payment.card.paymentSystem,
      product: payment.card.paymentSystem === 'MASTERCARD' ? 'MCS' : 'CLASSIC',
      // A 3-D Secure attempt shows its protocol version even where it ended without an ECI (rejected).
      ...(payment.eci !== undefined || payment.threeDSVersion !== undefined
        ? {
            secureAuthInfo: {
              ...(payment.eci !== undefined ? { eci: Number(payment.eci) } : {}),
              ...(payment.threeDSVersion !== undefined ? { threeDSProtocolVersion: payment.threeDSVersion } : {}),
            },
          }
        : {}),
    };
    view.paymentWay = payment.paymentWay;
    view.bankInfo = { bankName: 'SANDBOX ISSUER', bankCountryCode: 'RU', bankCountryName: 'Russia' };
  }
  if (auth) {
    view.authDateTime = auth.authDateTime;
    view.terminalId = auth.terminalId;
    view.authRefNum = auth.authRefNum;
  }
  const binding = bindingInfo(order);
  if (binding) view.bindingInfo = binding;
  return view;
}

/** instantPayment.do's orderStatus object, with its capitalised keys. */
export function instantStatus(order: Order, language: string): Json {
  const payment = order.payment;
  const auth = payment?.authorization;
  const view: Json = {
    ErrorCode: '0',
    ErrorMessage: message('success', language),
    OrderNumber: order.orderNumber,
    OrderStatus: order.status,
    amount: order.amount,
    currency: order.currency,
    Ip: order.ip,
  };
  if (payment) {
    view.expiration = Number(payment.card.expiry);
    view.cardholderName = payment.card.cardholderName;
  }
  if (auth && payment) {
    view.Pan = payment.card.maskedPan;
    view.approvalCode = auth.approvalCode;
    view.authCode = 2;
    view.rrn = Number(auth.rrn);
    view.paymentNetRefNum = auth.paymentNetRefNum;
    if (order.twoPhase) view.approvedAmount = order.approvedAmount;
    if (order.depositedAmount > 0) view.depositAmount = order.depositedAmount;
  }
  return view;
}

export function bindingRecord(b: Binding): Json {
  return {
    bindingId: b.id,
    maskedPan: b.card.maskedPan,
    expiryDate: b.card.expiry,
    paymentWay: b.paymentWay,
    paymentSystem: b.card.paymentSystem,
    displayLabel: `${b.card.paymentSystem} ${b.card.maskedPan.slice(-4)}`,
    bindingCategory: b.category,
  };
}

/** A full address with a protocol (scheme://), as returnUrl and failUrl should be. */
const WITH_PROTOCOL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** The gateway default address a return address without a protocol gives way to: {base_url}/payment/<merchant>. */
export function defaultReturnAddress(baseUrl: string, merchant: string): string {
  return `${baseUrl}/payment/${encodeURIComponent(merchant)}`;
}

/**
 * Where the cardholder is sent after a payment: returnUrl, or failUrl (else returnUrl) when not paid;
 * an address without a protocol is replaced by the gateway default address, never followed as a relative path.
 */
export function redirectAfter(order: Order, baseUrl: string): string {
  const given = isPaidOrder(order) ? order.returnUrl : (order.failUrl ?? order.returnUrl);
  const target = WITH_PROTOCOL.test(given) ? given : defaultReturnAddress(baseUrl, order.merchant);
  return `${target}${target.includes('?') ? '&' : '?'}orderId=${encodeURIComponent(order.id)}`;
}
