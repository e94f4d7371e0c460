/**
 * The text of an answer (its errorMessage, or the info of a payment that went through): what the refusal
 * is, with the detail it names as a value (a parameter, an amount, a status) or as words of the other
 * parts (a field rule, a reason).
 */
export const answer = {
  success: 'Success',
  processed: 'Your order is proceeded, redirecting...',
  missing: 'Missing mandatory parameter: {{name}}',
  wrong: 'Wrong value of parameter {{name}}: {{rule}} expected',
  accessDenied: 'Access denied',
  duplicate: 'Order number is duplicated, order with given order number is processed already',
  orderNotFound: 'Order not found',
  noOrderReference: 'orderId or orderNumber must be passed',
  unknownCurrency: 'Unknown currency: {{currency}}',
  invalidFeatures: 'Invalid features: {{features}}',
  wrongState: 'Operation not allowed in order status {{status}}: {{reason}}',
  wrongAmount: 'Wrong amount: {{reason}}',
  bindingNotFound: 'Binding not found',
  bindingInactive: 'Binding not found or already inactive',
  bindingActive: 'Binding not found or already active',
  noBindings: 'No binding found',
  noOrders: 'No orders found for the given period and states',
  merchantNotVisible: 'Access denied to the orders of merchant {{merchant}}',
  credentialRule: 'Stored credential cannot be used: {{reason}}',
  signature: 'Request signature rejected: {{reason}}',
  systemError: 'System error',
  overloadedRate: 'System overloaded: more than {{limit}} requests per second',
  overloadedConcurrency: 'System overloaded: more than {{limit}} simultaneous requests',
} as const;
