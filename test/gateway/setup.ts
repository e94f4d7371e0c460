/** A sandbox and clients pointed at it, for the gateway client's tests. */
import { GatewayClient, type ClientOptions } from '../../main/gateway/client.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { AUTH } from '../sandbox/client.js';

export { startSandbox, control, uniqueNumber, CARDS, RETURN_URL, AUTH } from '../sandbox/client.js';

export function clientFor(sb: Sandbox, options: Partial<ClientOptions> = {}): GatewayClient {
  return new GatewayClient({ baseUrl: sb.url, credentials: AUTH, retry: { baseDelayMs: 5, maxDelayMs: 50 }, ...options });
}
