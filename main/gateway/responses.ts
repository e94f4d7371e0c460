/**
 * One normalised shape per endpoint's successful answer: the fields the interface and its extensions
 * name, each with its type; keys the spec does not name (and the envelope's own errorCode and
 * errorMessage, already read) are left out. Every field but those a caller depends on (an orderId after
 * registration) is optional, because gateway builds leave fields out.
 */
import { z } from 'zod';

/**
 * Fields the interface types as Integer are numbers, and String fields strings, as the spec says; checking
 * the plain types keeps parsing cheap on the hot path. The few fields whose type the interface itself
 * gives inconsistently (an expiry "Integer [6]" written as YYYYMM, the acquirer's rrn) take either.
 */
const int = z.number().int();
const text = z.string();
const numberOrText = z.union([z.string(), z.number().transform(String)]);
const nameValue = z.object({ name: z.string(), value: numberOrText });

export const cardAuthInfo = z.object({
  maskedPan: z.string().optional(),
  pan: z.string().optional(),
  expiration: numberOrText.optional(),
  cardholderName: z.string().optional(),
  approvalCode: z.string().optional(),
  paymentSystem: z.string().optional(),
  product: z.string().optional(),
  secureAuthInfo: z.object({ eci: int.optional(), threeDSProtocolVersion: z.string().optional() }).optional(),
});

export const paymentAmountInfo = z.object({
  paymentState: z.string().optional(),
  approvedAmount: int.optional(),
  depositedAmount: int.optional(),
  refundedAmount: int.optional(),
  totalAmount: int.optional(),
});

/** getOrderStatusExtended.do, and the orderStatus object of wallet and stored-credential payments. */
export const orderStatusView = z.object({
  orderNumber: text.optional(),
  /** Absent when the gateway does not know the order. */
  orderStatus: int.optional(),
  actionCode: int.optional(),
  actionCodeDescription: z.string().optional(),
  amount: int.optional(),
  currency: text.optional(),
  date: int.optional(),
  orderDescription: z.string().optional(),
  ip: z.string().optional(),
  merchantOrderParams: z.array(nameValue).optional(),
  attributes: z.array(nameValue).optional(),
  cardAuthInfo: cardAuthInfo.optional(),
  bindingInfo: z.object({ clientId: numberOrText.optional(), bindingId: z.string().optional() }).optional(),
  authDateTime: int.optional(),
  terminalId: z.string().optional(),
  authRefNum: z.string().optional(),
  paymentAmountInfo: paymentAmountInfo.optional(),
  bankInfo: z
    .looseObject({ bankName: z.string().optional(), bankCountryCode: z.string().optional(), bankCountryName: z.string().optional() })
    .optional(),
  refunds: z
    .array(z.object({ date: int.optional(), amount: int, actionCode: int.optional(), referenceNumber: numberOrText.optional() }))
    .optional(),
  chargeback: z.boolean().optional(),
  paymentWay: z.string().optional(),
  transactionAttributes: z.array(nameValue).optional(),
  operations: z
    .array(z.object({ amount: int.optional(), cardHolder: z.string().optional(), authCode: numberOrText.optional() }))
    .optional(),
});
export type OrderStatusView = z.output<typeof orderStatusView>;

/** The gateway's orderId of an order status answer: it travels as the attribute mdOrder. */
export function orderIdOf(view: Pick<OrderStatusView, 'attributes'>): string | undefined {
  return view.attributes?.find((a) => a.name === 'mdOrder')?.value;
}

/** instantPayment.do's orderStatus, after its capitalised keys are folded. */
export const instantOrderStatus = z.object({
  errorCode: numberOrText.optional(),
  errorMessage: z.string().optional(),
  orderNumber: text.optional(),
  orderStatus: int.optional(),
  expiration: numberOrText.optional(),
  cardholderName: z.string().optional(),
  approvedAmount: int.optional(),
  depositAmount: int.optional(),
  currency: text.optional(),
  approvalCode: z.string().optional(),
  pan: z.string().optional(),
  amount: int.optional(),
  ip: z.string().optional(),
  rrn: numberOrText.optional(),
  paymentNetRefNum: z.string().optional(),
});

/** The 3-D Secure fields a card payment's answer may carry. */
const threeDSFields = {
  info: z.string().optional(),
  redirect: z.string().optional(),
  acsUrl: z.string().optional(),
  paReq: z.string().optional(),
  termUrl: z.string().optional(),
  packedCReq: z.string().optional(),
  is3DSVer2: z.boolean().optional(),
  threeDSServerTransId: z.string().optional(),
  threeDSMethodUrl: z.string().optional(),
  threeDSMethodUrlServer: z.string().optional(),
  threeDSMethodDataPacked: z.string().optional(),
  threeDSMethodUrlServerDirect: z.string().optional(),
};

export const registerResponse = z.object({
  orderId: z.string().min(1).max(36),
  formUrl: z.string().optional(),
  /** Set when a retried registration was found already made (its first answer was lost); no formUrl then. */
  recovered: z.boolean().optional(),
});
export const paymentOrderResponse = z.object(threeDSFields);
export const instantPaymentResponse = z.object({
  ...threeDSFields,
  orderId: z.string().optional(),
  orderStatus: instantOrderStatus.optional(),
});
export const walletPaymentResponse = z.object({
  data: z.object({ orderId: z.string() }),
  orderStatus: orderStatusView.optional(),
});
export const recurrentPaymentResponse = walletPaymentResponse;
export const installmentPaymentResponse = z.object({ orderId: z.string(), orderStatus: orderStatusView.optional() });

export const bindingRecord = z.object({
  bindingId: z.string(),
  maskedPan: z.string().optional(),
  expiryDate: numberOrText.optional(),
  paymentWay: z.string().optional(),
  paymentSystem: z.string().optional(),
  displayLabel: z.string().optional(),
  bindingCategory: z.string().optional(),
});
export type BindingRecord = z.output<typeof bindingRecord>;
export const bindingsResponse = z.object({ bindings: z.array(bindingRecord).default([]) });

/**
 * getLastOrdersForMerchants.do: one page of a period's orders, each with getOrderStatusExtended.do's fields.
 * totalCount is what paging stops at, so an answer without it is not trusted.
 */
export const lastOrdersResponse = z.object({
  totalCount: int.nonnegative(),
  page: int.nonnegative().optional(),
  pageSize: int.positive().optional(),
  orderStatuses: z.array(orderStatusView).default([]),
});
export type LastOrdersResponse = z.output<typeof lastOrdersResponse>;

/**
 * The same answer as the Orders list reads it (services/orderSync.ts): each order with only the fields
 * the list keeps, checked as the full view checks them. Why a second reading: a sync reads pages of 200
 * orders back to back, and checking and copying every field of the full view was most of its own cost.
 */
export const listedOrder = orderStatusView
  .pick({
    orderNumber: true,
    orderStatus: true,
    actionCode: true,
    date: true,
    orderDescription: true,
    attributes: true,
    authDateTime: true,
  })
  .extend({
    // What the list's table takes (store/migrations.ts): a numeric currency code, no amount below zero. An
    // answer with anything else is refused naming the field, rather than failing the write of its page.
    amount: int.nonnegative().optional(),
    currency: text.regex(/^\d{1,3}$/).optional(),
    cardAuthInfo: cardAuthInfo.pick({ maskedPan: true, pan: true, paymentSystem: true, cardholderName: true }).optional(),
    bindingInfo: z.object({ clientId: numberOrText.optional() }).optional(),
    // What moved on the order (domain/orderMoney.ts): the hold, the capture, the refunds.
    paymentAmountInfo: z
      .object({
        approvedAmount: int.nonnegative().optional(),
        depositedAmount: int.nonnegative().optional(),
        refundedAmount: int.nonnegative().optional(),
      })
      .optional(),
    refunds: z.array(z.object({ date: int.optional(), amount: int })).optional(),
  });
export type ListedOrder = z.output<typeof listedOrder>;
export const lastOrdersListResponse = lastOrdersResponse.pick({ totalCount: true }).extend({
  orderStatuses: z.array(listedOrder).default([]),
});

/** deposit.do, reverse.do, refund.do, unBindCard.do, bindCard.do, extendBinding.do: nothing beyond the verdict. */
export const acknowledgement = z.object({});

export type RegisterResponse = z.output<typeof registerResponse>;
export type PaymentOrderResponse = z.output<typeof paymentOrderResponse>;
export type InstantPaymentResponse = z.output<typeof instantPaymentResponse>;
export type WalletPaymentResponse = z.output<typeof walletPaymentResponse>;
export type InstallmentPaymentResponse = z.output<typeof installmentPaymentResponse>;
export type BindingsResponse = z.output<typeof bindingsResponse>;
export type Acknowledgement = z.output<typeof acknowledgement>;
