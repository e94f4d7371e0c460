/** Request schemas of the wallet endpoints: payment.do and paymentDirect.do (the same for every wallet). */
import { z } from 'zod';
import { marketplace, payerBlocks, paymentFacilitator } from '../blocks.js';
import * as f from '../common.js';
import { bool, dateTime19, oneOf, optional, phone, str } from '../fields.js';

const sharedFields = {
  orderNumber: f.orderNumber,
  description: optional(f.description),
  language: optional(f.language),
  additionalParameters: optional(f.additionalParameters),
  preAuth: optional(bool),
  autocompletionDate: optional(dateTime19),
  autoReverseDate: optional(dateTime19),
  paymentToken: str(1, 8192),
  // Wallet requests allow only the empty value, CI, RI and II.
  tii: optional(oneOf(['CI', 'RI', 'II'] as const, 'CI, RI or II (or empty)')),
  clientId: optional(f.clientId),
  email: optional(f.email),
  mcc: optional(f.mcc),
  mvv: optional(f.mvv),
  paymentFacilitator: optional(paymentFacilitator),
  marketplace: optional(marketplace),
  threeDSProtocolVersion: optional(f.threeDSProtocolVersion),
  externalScaExemptionIndicator: optional(str(1, 255)),
  ip: optional(f.ip),
};

export const walletPaymentRequest = z.object({ ...sharedFields, merchant: f.merchantLogin, phone: optional(phone) });

export const walletPaymentDirectRequest = z.object({
  ...sharedFields,
  merchant: optional(f.merchantLogin),
  feeInput: optional(f.feeInput),
  features: optional(f.features),
  originalPaymentNetRefNum: optional(str(1, 36)),
  originalPaymentDate: optional(str(1, 13, /^[0-9]+$/, 'Unix time in milliseconds')),
  ...payerBlocks,
});
