/** A sandbox and clients pointed at it, for the gateway client's tests. */
import { GatewayClient, type ClientOptions } from '../../main/gateway/client.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { AUTH, CARDS } from '../sandbox/client.js';

export { startSandbox, control, uniqueNumber, CARDS, RETURN_URL, AUTH } from '../sandbox/client.js';

export function clientFor(sb: Sandbox, options: Partial<ClientOptions> = {}): GatewayClient {
  return new GatewayClient({ baseUrl: sb.url, credentials: AUTH, retry: { baseDelayMs: 5, maxDelayMs: 50 }, ...options });
}

/** A card the sandbox pays without 3DS, with the fields a payment form sends with it. */
export const PAYING_CARD = { $PAN: CARDS.noThreeDS, $CVC: '123', $EXPIRY: '203012', TEXT: 'CARD HOLDER', language: 'en' } as const;

/** Pays the order with that card. */
export const payOrder = (client: GatewayClient, orderId: string) => client.paymentOrder({ MDORDER: orderId, ...PAYING_CARD });
