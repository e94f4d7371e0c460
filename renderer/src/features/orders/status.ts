import { OrderStatus } from '../../../../main/domain/orderStatus';
import { i18n } from '../../i18n';

/** How an order status looks: a tone for its colour. The words come from main with the order. */
export type Tone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

const TONES: Readonly<Record<number, Tone>> = {
  [OrderStatus.REGISTERED]: 'neutral',
  [OrderStatus.HELD]: 'info',
  [OrderStatus.DEPOSITED]: 'success',
  [OrderStatus.REVERSED]: 'warning',
  [OrderStatus.REFUNDED]: 'warning',
  [OrderStatus.ACS_STARTED]: 'neutral',
  [OrderStatus.DECLINED]: 'danger',
  // Newer builds' "payment pending" and "partly completed" (domain/orderStatus.ts).
  7: 'neutral',
  8: 'warning',
};

export const statusTone = (status: number | undefined): Tone => (status === undefined ? 'neutral' : (TONES[status] ?? 'neutral'));

/**
 * The gateway's payment ways (docs/gateway-facts.md, "Looking an order up"), by their key in the catalogue
 * (`orders:paymentWays.<key>`).
 */
const PAYMENT_WAYS = {
  CARD: 'card',
  CARD_BINDING: 'storedCard',
  APPLE_PAY: 'applePay',
  GOOGLE_PAY: 'googlePay',
  SAMSUNG_PAY: 'samsungPay',
} as const;

/** How the order was paid, in words; a way the catalogue does not know is said with the gateway's name for it. */
export function paymentWayWords(way: string): string {
  const key = PAYMENT_WAYS[way as keyof typeof PAYMENT_WAYS] as (typeof PAYMENT_WAYS)[keyof typeof PAYMENT_WAYS] | undefined;
  return key ? i18n.t(`orders:paymentWays.${key}`) : i18n.t('orders:paymentWays.other', { way });
}

/** The 3-D Secure result in words, from the ECI the gateway reports. */
export function eciWords(eci: number | undefined): string {
  if (eci === undefined) return i18n.t('orders:eci.none');
  const code = String(eci).padStart(2, '0');
  if (eci === 5 || eci === 2) return i18n.t('orders:eci.authenticated', { eci: code });
  if (eci === 6 || eci === 1) return i18n.t('orders:eci.attempted', { eci: code });
  return i18n.t('orders:eci.notAuthenticated', { eci: code });
}
