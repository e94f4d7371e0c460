/**
 * The interface's decision rules ("States and transitions") as functions over normalised answers.
 */
import { isPaid, OrderStatus, type PaidStatus } from '../domain/orderStatus.js';
import type { InstantPaymentResponse, OrderStatusView, WalletPaymentResponse } from './responses.js';

export function isOrderPaid(view: Pick<OrderStatusView, 'orderStatus'>): boolean {
  return isPaid(view.orderStatus);
}

export type InstantPaymentDecision =
  | { readonly kind: 'approved'; readonly orderId?: string; readonly orderStatus: 1 | 2 }
  | { readonly kind: 'declined'; readonly orderId?: string; readonly orderStatus?: number }
  /** 3-D Secure: send the cardholder to acsUrl (with paReq and termUrl for 3DS1, packedCReq as creq for 3DS2). */
  | {
      readonly kind: 'threeDS';
      readonly orderId?: string;
      readonly acsUrl: string;
      readonly paReq?: string;
      readonly termUrl?: string;
      readonly packedCReq?: string;
    }
  /** 3DS2 first step: run the 3DS method, then repeat with threeDSServerTransId and threeDSVer2MdOrder. */
  | {
      readonly kind: 'threeDSMethod';
      readonly orderId?: string;
      readonly threeDSServerTransId: string;
      readonly methodUrl?: string;
      readonly methodUrlServer?: string;
      readonly methodDataPacked?: string;
    };

/**
 * instantPayment.do's rules: errorCode other than 0 rejects (the client raises GatewayError for it);
 * status 1 or 2 without acsUrl approves; status 0 with acsUrl starts 3-D Secure; anything else rejects.
 * The 3DS2 first step (is3DSVer2 with threeDSServerTransId, no acsUrl) is the exchange's own next step.
 */
export function decideInstantPayment(r: InstantPaymentResponse & { errorCode?: string }): InstantPaymentDecision {
  const status = r.orderStatus?.orderStatus;
  if (r.errorCode !== undefined && Number(r.errorCode) !== 0) return { kind: 'declined', orderId: r.orderId, orderStatus: status };
  if (isPaid(status) && !r.acsUrl) return { kind: 'approved', orderId: r.orderId, orderStatus: status };
  if (status === OrderStatus.REGISTERED && r.acsUrl) {
    return { kind: 'threeDS', orderId: r.orderId, acsUrl: r.acsUrl, paReq: r.paReq, termUrl: r.termUrl, packedCReq: r.packedCReq };
  }
  if (status === OrderStatus.REGISTERED && r.is3DSVer2 && r.threeDSServerTransId) {
    return {
      kind: 'threeDSMethod',
      orderId: r.orderId,
      threeDSServerTransId: r.threeDSServerTransId,
      methodUrl: r.threeDSMethodUrl,
      methodUrlServer: r.threeDSMethodUrlServer,
      methodDataPacked: r.threeDSMethodDataPacked,
    };
  }
  return { kind: 'declined', orderId: r.orderId, orderStatus: status };
}

export type WalletPaymentDecision =
  { readonly kind: 'approved'; readonly orderStatus: PaidStatus } | { readonly kind: 'declined'; readonly orderStatus?: number };

/** Wallet payment.do's rules: success with status 1 or 2 approves; success otherwise, or failure, declines. */
export function decideWalletPayment(r: Partial<WalletPaymentResponse> & { success?: boolean; errorCode?: string }): WalletPaymentDecision {
  const status = r.orderStatus?.orderStatus;
  const processed = r.success === true || (r.success === undefined && r.errorCode !== undefined && Number(r.errorCode) === 0);
  if (processed && isPaid(status)) return { kind: 'approved', orderStatus: status };
  return { kind: 'declined', orderStatus: status };
}
