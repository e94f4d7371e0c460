// @ts-check
/**
 * The control API the console reads and steers (docs: console-api.md, "Reads" and "Writes"). The page
 * is served by the sandbox itself, so every call is same-origin and carries the console's session cookie;
 * writes are JSON, as the control guard requires of every non-GET request.
 */

/**
 * @typedef {object} RequestRecord One gateway request as the sandbox logged it (secrets redacted).
 * @property {number} id
 * @property {number} at wall-clock ms
 * @property {number} sandboxAt sandbox-clock ms
 * @property {string} endpoint the path, e.g. /payment/rest/register.do
 * @property {string | null} merchant login, once authenticated
 * @property {string | null} orderId
 * @property {Record<string, unknown>} params
 * @property {number | null} httpStatus null: the connection was reset, the answer lost
 * @property {unknown} answer null once the log no longer keeps it (answerKept false)
 * @property {number} answerBytes the answer's JSON length
 * @property {boolean} answerKept false for an older answer the log let go (it keeps the newest 16 MB)
 * @property {string | null} errorCode the envelope's errorCode when not '0'
 * @property {{ id: number, mode: string } | null} fault
 * @property {number} durationMs
 */

/**
 * @typedef {object} OrderSummary
 * @property {string} orderId
 * @property {string} merchant
 * @property {string} orderNumber
 * @property {number} status
 * @property {number} actionCode
 * @property {number} amount minor units
 * @property {string} currency ISO 4217 numeric
 * @property {number} approvedAmount
 * @property {number} depositedAmount
 * @property {number} refundedAmount
 * @property {string} [clientId]
 * @property {string} [bindingId]
 * @property {string} [maskedPan]
 * @property {number} createdAt
 * @property {number} updatedAt
 */

/**
 * @typedef {object} OrderEvent
 * @property {number} at sandbox clock
 * @property {string} kind registered, acsStarted, held, deposited, declined, reversed, refunded, expired, autoDeposited, autoReversed
 * @property {number} [amount]
 * @property {'gateway' | 'console' | 'clock'} by
 */

/**
 * @typedef {OrderSummary & {
 *   history: OrderEvent[],
 *   refunds: { date: number, amount: number }[],
 *   twoPhase: boolean,
 *   expiresAt: number,
 *   description?: string | null,
 *   jsonParams?: Record<string, string> | null,
 * }} OrderDetail
 */

/**
 * @typedef {object} CallbackAttempt
 * @property {number} at
 * @property {number | null} httpStatus
 * @property {string | null} error
 * @property {number} durationMs
 */

/**
 * @typedef {object} CallbackDelivery
 * @property {number} id
 * @property {string} url
 * @property {string} operation
 * @property {string} mdOrder
 * @property {string} [orderNumber]
 * @property {number} [createdAt]
 * @property {'pending' | 'delivered' | 'failed' | 'skipped'} state
 * @property {number} attempts
 * @property {string} [lastError]
 * @property {CallbackAttempt[]} [attemptsLog]
 * @property {number | null} [nextAttemptAt]
 */

/**
 * @typedef {object} FaultRule
 * @property {number} id
 * @property {string} path
 * @property {string} mode
 * @property {number} count
 * @property {number} skip
 * @property {number} latencyMs
 * @property {number} status
 * @property {number} retryAfterSec
 * @property {number} seen
 * @property {number} applied
 * @property {string} [describe] what the rule does, in the sandbox's words
 */

/**
 * @typedef {object} Certificate
 * @property {string} id
 * @property {string} fingerprint256
 * @property {string} subject
 * @property {string} validTo
 */

/**
 * @typedef {object} Merchant
 * @property {string} login
 * @property {string} apiUser
 * @property {boolean} signatureRequired
 * @property {{ rps: number, concurrency: number }} limits
 * @property {string[]} currencies
 * @property {boolean} callbackChecksum
 * @property {Certificate[]} certificates
 */

/** @typedef {{ now: number, offsetMs: number }} ClockView */

/** A refusal or failure of the control API, with the sandbox's own words. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * @param {Response} res
 * @returns {Promise<any>}
 */
async function answer(res) {
  const text = await res.text();
  /** @type {any} */
  let body;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null; // not JSON: the status line says what happened
  }
  if (!res.ok) {
    const said = body && typeof body.error === 'string' ? body.error : `${res.status} ${res.statusText}`.trim();
    const hint = res.status === 401 ? ' (the console session ended: open a new link from the app or npm run sandbox)' : '';
    throw new ApiError(res.status, `${said}${hint}`);
  }
  return body;
}

/**
 * GET a control path (after /sandbox).
 * @param {string} path
 * @returns {Promise<any>}
 */
export async function read(path) {
  return answer(await fetch(`/sandbox${path}`, { headers: { accept: 'application/json' }, cache: 'no-store' }));
}

/**
 * A write to a control path (after /sandbox), always JSON.
 * @param {'POST' | 'PATCH' | 'DELETE'} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function write(method, path, body) {
  return answer(
    await fetch(`/sandbox${path}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body ?? {}),
    }),
  );
}

/**
 * Why something failed, in words for the page.
 * @param {unknown} err
 */
export function failureWords(err) {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return `The sandbox did not answer: ${err.message}`;
  return String(err);
}
