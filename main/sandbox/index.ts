/** The sandbox gateway's public surface for the app, the tests and the command line. */
export { createSandbox, type Sandbox, type SandboxOptions } from './server.js';
export { SANDBOX_MERCHANT, SIGNED_MERCHANT } from './state/merchants.js';
export { TEST_CARDS, CHALLENGE_CODE, THREEDS1_PASSWORD, ISSUER_LIMIT } from './engine/cards.js';
export type { FaultRuleInput } from './http/faults.js';
export type { BindingSeed } from './demo.js';
