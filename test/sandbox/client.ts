/**
 * A thin HTTP helper for talking to a sandbox in tests: real requests, no knowledge of the sandbox's
 * internals. (The typed gateway client arrives separately and is tested against the sandbox too.)
 */
import { randomUUID } from 'node:crypto';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../main/sandbox/index.js';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const AUTH = { userName: 'sandbox-api', password: 'sandbox-pass' } as const;
export const TOKEN = { token: 'sandbox-token' } as const;

export const CARDS = {
  noThreeDS: '4444555511113333',
  frictionless: '4111111111111111',
  challenge: '5555555555555599',
  threeDS1: '4012001038166662',
  declined: '5168494895055780',
} as const;

export const RETURN_URL = 'https://shop.example/return';
export const FAIL_URL = 'https://shop.example/fail';

export function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return createSandbox({ log: () => {}, ...options });
}

export const uniqueNumber = (prefix = 'order') => `${prefix}-${randomUUID().slice(0, 18)}`;

/** Form encoding as the gateway takes it: nested objects as JSON strings, arrays as repeated names. */
export function formBody(params: Record<string, unknown>): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) out.append(k, String(item));
    else if (typeof v === 'object' && v !== null) out.append(k, JSON.stringify(v));
    else out.append(k, String(v));
  }
  return out.toString();
}

export async function postForm(sb: Sandbox, path: string, params: Record<string, unknown>): Promise<Json> {
  const res = await fetch(sb.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody(params),
  });
  return (await res.json()) as Json;
}

export async function postJson(sb: Sandbox, path: string, body: unknown): Promise<Json> {
  const res = await fetch(sb.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as Json;
}

/** The headers every control API request needs: the sandbox's per-launch token, and JSON. */
export function controlHeaders(sb: Pick<Sandbox, 'controlToken'>): Record<string, string> {
  return { authorization: `Bearer ${sb.controlToken}`, 'content-type': 'application/json' };
}

export async function control(sb: Sandbox, method: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${sb.url}/sandbox${path}`, {
    method,
    headers: controlHeaders(sb),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Json;
}

/** Resolves once the gateway has a request its fault rule `rule` applies to (seen, and being held back, say). */
export async function faultSeen(sb: Sandbox, rule: number): Promise<void> {
  while (!((await control(sb, 'GET', '/faults')).rules as { id: number; seen: number }[]).some((r) => r.id === rule && r.seen > 0))
    await new Promise((r) => setTimeout(r, 20));
}

/** What register.do answers (orderId and formUrl, or a refusal) for an order of 1.00 unless `extra` says otherwise. */
export function registration(sb: Sandbox, extra: Record<string, unknown> = {}, path = '/payment/rest/register.do'): Promise<Json> {
  return postForm(sb, path, { ...AUTH, orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL, ...extra });
}

/** Registers an order of 100.00 unless `extra` says otherwise; returns its orderId. */
export async function register(sb: Sandbox, extra: Record<string, unknown> = {}, path = '/payment/rest/register.do'): Promise<string> {
  const r = await registration(sb, { amount: 10_000, ...extra }, path);
  if (!r.orderId) throw new Error(`register failed: ${JSON.stringify(r)}`);
  return r.orderId as string;
}

/** A cardholder paying with a card on the payment page at an order's formUrl; the redirect is not followed. */
export function payOnPage(formUrl: string, pan: string): Promise<Response> {
  return fetch(formUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pan, expiry: '12/30', cvc: '123', holder: 'CARD HOLDER' }).toString(),
    redirect: 'manual',
  });
}

export function payCard(sb: Sandbox, orderId: string, pan: string, extra: Record<string, unknown> = {}): Promise<Json> {
  return postForm(sb, '/payment/rest/paymentorder.do', {
    ...AUTH,
    MDORDER: orderId,
    $PAN: pan,
    $CVC: '123',
    $EXPIRY: '203012',
    TEXT: 'CARD HOLDER',
    language: 'en',
    ...extra,
  });
}

export function status(sb: Sandbox, params: Record<string, unknown>): Promise<Json> {
  return postForm(sb, '/payment/rest/getOrderStatusExtended.do', { ...AUTH, ...params });
}

/** Registers and pays an order with the no-3DS card; returns its orderId. */
export async function paidOrder(sb: Sandbox, extra: Record<string, unknown> = {}, path?: string): Promise<string> {
  const orderId = await register(sb, extra, path);
  const r = await payCard(sb, orderId, CARDS.noThreeDS);
  if (r.errorCode !== 0) throw new Error(`payment failed: ${JSON.stringify(r)}`);
  return orderId;
}

/** Follows one redirect hop without following it in the HTTP client. */
export async function getNoFollow(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, redirect: 'manual' });
}

/** A wallet's payment token as the sandbox reads it: the token's JSON in base64. */
export const base64Json = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

/** The cryptogram the sandbox's wallet tokens carry. */
export const WALLET_CRYPTOGRAM = 'AgAAAAAAAIR8CQrXcIhbQAAAAAA=';

/** A wallet payment's token (Apple Pay, Google Pay, Samsung Pay payment.do) for a card, 15.00 EUR unless `extra` says otherwise. */
export const walletToken = (pan: string, extra: Record<string, unknown> = {}) =>
  base64Json({ pan, expiry: '203012', cryptogram: WALLET_CRYPTOGRAM, amount: 1_500, currency: '978', ...extra });

/** A wallet's payment.do (applepay, google, samsung) for the sandbox merchant, with a new order number unless `extra` gives one. */
export function walletPayment(sb: Sandbox, wallet: string, paymentToken: string, extra: Record<string, unknown> = {}): Promise<Json> {
  return postJson(sb, `/payment/${wallet}/payment.do`, { merchant: 'sandbox', orderNumber: uniqueNumber(), paymentToken, ...extra });
}

/** A direct wallet payment's token: the card as the wallet decrypted it, for an amount in euro cents. */
export function decryptedWalletToken(transactionAmount: number, pan: string = CARDS.noThreeDS, eciIndicator?: string): string {
  return base64Json({
    applicationPrimaryAccountNumber: pan,
    applicationExpirationDate: '301231',
    currencyCode: '978',
    transactionAmount,
    paymentData: { onlinePaymentCryptogram: WALLET_CRYPTOGRAM, ...(eciIndicator !== undefined ? { eciIndicator } : {}) },
  });
}

/** An order as the sandbox's control API lists it (GET /orders): its record, amounts in minor units. */
export interface SandboxOrder {
  readonly orderId: string;
  readonly orderNumber: string;
  readonly merchant: string;
  readonly status: number;
  readonly amount: number;
  readonly currency: string;
  /** What the sandbox's record says moved: held by an authorisation, deposited, refunded (minor units). */
  readonly approvedAmount: number;
  readonly depositedAmount: number;
  readonly refundedAmount: number;
  readonly clientId?: string | null;
  readonly maskedPan?: string | null;
  readonly createdAt: number | string;
}

/** When the sandbox created the order, in ms since the epoch (its control API may write it as ISO text). */
export const createdAtOf = (o: Pick<SandboxOrder, 'createdAt'>): number =>
  typeof o.createdAt === 'number' ? o.createdAt : Date.parse(o.createdAt);
