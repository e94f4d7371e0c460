/**
 * The merchants every sandbox starts with (the fixed sandbox contract in docs/sandbox.md).
 */
import type { Merchant, MerchantLimits } from './model.js';

export const SANDBOX_MERCHANT = {
  login: 'sandbox',
  apiUser: 'sandbox-api',
  password: 'sandbox-pass',
  token: 'sandbox-token',
} as const;

export const SIGNED_MERCHANT = {
  login: 'signed',
  apiUser: 'signed-api',
  password: 'signed-pass',
} as const;

export function seededMerchants(limits: MerchantLimits): Merchant[] {
  return [
    { ...SANDBOX_MERCHANT, signatureRequired: false, certificates: [], limits: { ...limits } },
    { ...SIGNED_MERCHANT, signatureRequired: true, certificates: [], limits: { ...limits } },
  ];
}
