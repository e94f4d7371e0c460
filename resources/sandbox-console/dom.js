// @ts-check
/**
 * Small DOM and formatting helpers of the developer console. Everything the sandbox sends is shown as
 * text (textContent), never parsed as HTML: parameters and answers carry whatever a client sent.
 */

/**
 * @typedef {object} Props
 * @property {string} [className]
 * @property {string} [text]
 * @property {Record<string, string | number | boolean | null | undefined>} [attrs] set when neither null, undefined nor false
 * @property {Record<string, (event: Event) => void>} [on]
 */

/** @typedef {Node | string | null | undefined | false} Child */

/**
 * An element with its attributes, listeners and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props} [props]
 * @param {Child[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  if (props.className) el.className = props.className;
  if (props.text !== undefined) el.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const [type, listener] of Object.entries(props.on ?? {})) el.addEventListener(type, listener);
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

/**
 * The element with this id, of the expected kind; a missing one is a bug in index.html, so it throws.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} kind
 * @returns {T}
 */
export function byId(id, kind) {
  const el = document.getElementById(id);
  if (!(el instanceof kind)) throw new Error(`index.html has no ${kind.name} #${id}`);
  return el;
}

/**
 * What became of the reader's last action, said in a result line: as done, or as an error.
 * @param {HTMLElement} line
 * @returns {(text: string, error: boolean) => void}
 */
export function sayIn(line) {
  return (text, error) => {
    line.textContent = text;
    line.classList.toggle('error', error);
  };
}

/** @param {number} n */
const two = (n) => String(n).padStart(2, '0');

/**
 * A wall-clock time as the reader's local HH:MM:SS.mmm (the request list's time column).
 * @param {number} ms
 */
export function clockTime(ms) {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/**
 * A sandbox-clock time in UTC, as the gateway's dates are (YYYY-MM-DD HH:MM:SS UTC).
 * @param {number} ms
 */
export function utcTime(ms) {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * A sandbox-clock time in UTC without the year, for narrow columns (MM-DD HH:MM:SS).
 * @param {number} ms
 */
export function shortUtcTime(ms) {
  return new Date(ms).toISOString().slice(5, 19).replace('T', ' ');
}

/**
 * A duration in words: "3 d 4 h 5 min", "-2 h", "0 s".
 * @param {number} ms
 */
export function spanWords(ms) {
  const sign = ms < 0 ? '-' : '+';
  let left = Math.round(Math.abs(ms) / 1000);
  /** @type {string[]} */
  const parts = [];
  for (const [size, unit] of /** @type {const} */ ([
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'min'],
    [1, 's'],
  ])) {
    if (left >= size) {
      parts.push(`${Math.floor(left / size)} ${unit}`);
      left %= size;
    }
  }
  return parts.length === 0 ? '0 s' : `${sign}${parts.join(' ')}`;
}

/**
 * The sandbox's currencies (ISO 4217 numeric code → letters and minor-unit exponent), the same list as
 * main/sandbox/engine/currencies.ts: amounts travel in minor units and are shown in major units.
 * @type {Readonly<Record<string, { code: string, exponent: number }>>}
 */
export const CURRENCIES = {
  643: { code: 'RUB', exponent: 2 },
  840: { code: 'USD', exponent: 2 },
  978: { code: 'EUR', exponent: 2 },
  826: { code: 'GBP', exponent: 2 },
  933: { code: 'BYN', exponent: 2 },
  398: { code: 'KZT', exponent: 2 },
  '051': { code: 'AMD', exponent: 2 },
  156: { code: 'CNY', exponent: 2 },
  949: { code: 'TRY', exponent: 2 },
  392: { code: 'JPY', exponent: 0 },
  '048': { code: 'BHD', exponent: 3 },
};

/**
 * The letters and exponent of a currency; a code the page does not know is counted in minor units, and
 * says so, rather than guessing its decimals.
 * @param {string} numeric
 */
export function currencyOf(numeric) {
  return CURRENCIES[numeric] ?? { code: `minor units of currency ${numeric}`, exponent: 0 };
}

/**
 * An amount in minor units as "RUB 24.99", by integer arithmetic (no floating point on money).
 * @param {number} minor
 * @param {string} currency ISO 4217 numeric code
 */
export function money(minor, currency) {
  const known = CURRENCIES[currency];
  if (!known) return `${minor} ${currencyOf(currency).code}`;
  const { code, exponent } = known;
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = exponent > 0 ? `.${digits.slice(-exponent)}` : '';
  return `${minor < 0 ? '-' : ''}${code} ${whole}${fraction}`;
}

/**
 * What the reader typed in major units ("12.5") as integer minor units, or why it is not an amount.
 * @param {string} text
 * @param {string} currency ISO 4217 numeric code
 * @returns {{ ok: true, minor: number } | { ok: false, error: string }}
 */
export function parseAmount(text, currency) {
  const { code, exponent } = currencyOf(currency);
  const trimmed = text.trim().replace(/,/g, '');
  const shape = exponent > 0 ? new RegExp(`^(\\d+)(?:\\.(\\d{1,${exponent}}))?$`) : /^(\d+)()$/;
  const m = shape.exec(trimmed);
  if (!m) {
    return {
      ok: false,
      error:
        exponent > 0 ? `Write the amount in ${code} with at most ${exponent} decimals, e.g. 12.50` : `Write the amount in whole ${code}`,
    };
  }
  const minor = Number(`${m[1]}${(m[2] ?? '').padEnd(exponent, '0')}`);
  if (!Number.isSafeInteger(minor) || minor <= 0) return { ok: false, error: `The amount must be more than ${code} 0` };
  return { ok: true, minor };
}

/** Order statuses in words (orderStatus of the gateway's answers). */
const ORDER_STATUS = /** @type {Readonly<Record<number, string>>} */ ({
  0: 'Registered',
  1: 'Held',
  2: 'Deposited',
  3: 'Reversed',
  4: 'Refunded',
  5: '3-D Secure in progress',
  6: 'Declined',
});

/**
 * @param {{ status: number, refundedAmount: number }} order
 */
export function statusWords(order) {
  if (order.status === 2 && order.refundedAmount > 0) return 'Partly refunded';
  return ORDER_STATUS[order.status] ?? `Status ${order.status}`;
}

/** The tone of a status badge: which colour family says it. */
const STATUS_TONE = /** @type {Readonly<Record<number, string>>} */ ({
  0: 'neutral',
  1: 'info',
  2: 'success',
  3: 'warning',
  4: 'warning',
  5: 'neutral',
  6: 'danger',
});

/**
 * A status badge for an order.
 * @param {{ status: number, refundedAmount: number }} order
 */
export function statusBadge(order) {
  return h('span', { className: `badge tone-${STATUS_TONE[order.status] ?? 'neutral'}`, text: statusWords(order) });
}

/**
 * The endpoint as developers name it, as the sandbox's fault sentences do: register.do for the REST
 * paths, the whole path otherwise (/payment/google/payment.do and /payment/applepay/payment.do differ).
 * @param {string} path
 */
export function endpointName(path) {
  if (path === '*') return 'any endpoint';
  return path.startsWith('/payment/rest/') ? path.slice('/payment/rest/'.length) : path;
}

/**
 * JSON laid out for reading.
 * @param {unknown} value
 */
export function prettyJson(value) {
  return value === null || value === undefined ? '(none)' : JSON.stringify(value, null, 2);
}

/**
 * A scrollable block of formatted JSON, reachable by keyboard so it can be scrolled without a mouse.
 * @param {string} label
 * @param {unknown} value
 */
export function jsonBlock(label, value) {
  return h('pre', { className: 'json', text: prettyJson(value), attrs: { tabindex: 0, 'aria-label': label } });
}

/**
 * A definition list from label/value pairs; pairs whose value is undefined are left out.
 * @param {[string, Child][]} pairs
 */
export function facts(pairs) {
  const dl = h('dl', { className: 'facts' });
  for (const [label, value] of pairs) {
    if (value === undefined) continue;
    dl.append(h('dt', { text: label }), h('dd', {}, value === null ? '—' : value));
  }
  return dl;
}
