/** Every gateway endpoint the sandbox serves, by path. */
import { bindingPaymentEndpoints } from './bindingPayments.js';
import { bindingEndpoints } from './bindings.js';
import type { Endpoint } from './endpoint.js';
import { instantPaymentEndpoint } from './instantPayment.js';
import { lastOrdersEndpoint } from './lastOrders.js';
import { orderOpsEndpoints } from './orderOps.js';
import { paymentOrderEndpoint } from './paymentOrder.js';
import { registerEndpoints } from './register.js';
import { walletEndpointList } from './wallet.js';

export const ENDPOINTS: ReadonlyMap<string, Endpoint> = new Map(
  [
    ...registerEndpoints,
    paymentOrderEndpoint,
    instantPaymentEndpoint,
    ...walletEndpointList,
    ...bindingEndpoints,
    ...bindingPaymentEndpoints,
    ...orderOpsEndpoints,
    lastOrdersEndpoint,
  ].map((e) => [e.spec.path, e]),
);
