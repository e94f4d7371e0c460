/**
 * Request schemas of the stored-credential endpoints: listing and management (getBindings.do,
 * getBindingsByCardOrId.do, unBindCard.do, bindCard.do, extendBinding.do) and payments
 * (paymentOrderBinding.do, recurrentPayment.do, installmentPayment.do).
 */
import { z } from 'zod';
import * as f from '../common.js';
import { bool, oneOf, optional, yyyymm } from '../fields.js';

export const getBindingsRequest = z.object({
  clientId: f.clientId,
  bindingId: optional(f.bindingId),
  bindingType: optional(oneOf(['C', 'R', 'I'] as const)),
  showExpired: optional(bool),
  language: optional(f.language),
});

export const getBindingsByCardOrIdRequest = z.object({
  pan: optional(f.pan),
  bindingId: optional(f.bindingId),
  showExpired: optional(bool),
  language: optional(f.language),
});

export const bindingRequest = z.object({ bindingId: f.bindingId, language: optional(f.language) });
export const extendBindingRequest = z.object({ bindingId: f.bindingId, newExpiry: yyyymm, language: optional(f.language) });

export const paymentOrderBindingRequest = z.object({
  mdOrder: f.orderId,
  bindingId: f.bindingId,
  cvc: optional(f.cvc),
  ip: optional(f.ip),
  language: optional(f.language),
  tii: optional(oneOf(['F', 'U'] as const, 'F or U (common credentials)')),
  email: optional(f.email),
});

/** recurrentPayment.do and installmentPayment.do take the same fields. */
export const storedCredentialPaymentRequest = z.object({
  orderNumber: f.orderNumber,
  language: optional(f.language),
  bindingId: f.bindingId,
  amount: f.amount,
  currency: optional(f.currency),
  description: optional(f.description),
  additionalParameters: optional(f.additionalParameters),
});
