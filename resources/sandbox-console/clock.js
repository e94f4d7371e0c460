// @ts-check
/**
 * The Clock & merchants tab: the sandbox's time (the machine's plus an offset that tests move), ways to
 * move it, and the merchants with their signature rule, limits and signing certificates.
 */
import { failureWords, read, write } from './api.js';
import { byId, h, sayIn, spanWords, utcTime } from './dom.js';
import { createFreshness, listRead } from './fresh.js';

/** @typedef {import('./api.js').ClockView} ClockView */
/** @typedef {import('./api.js').Merchant} Merchant */
/** @typedef {import('./fresh.js').Freshness} Freshness */
/** @typedef {(path: string) => Promise<any>} Reader */

/** The clock's key among the tab's items; merchants are keyed by their login. */
const CLOCK = 'clock';
const merchantKey = (/** @type {string} */ login) => `merchant:${login}`;

/**
 * Reads the sandbox clock; undefined when a live update of it (a move from a test or another console) or
 * a later read came while it was read: the update is newer.
 * @param {Freshness} freshness
 * @param {Reader} get
 * @returns {Promise<ClockView | undefined>}
 */
export async function readClock(freshness, get) {
  const token = freshness.start(CLOCK);
  /** @type {ClockView} */
  const c = await get('/clock');
  return freshness.fresh(token, CLOCK) ? c : undefined;
}

/**
 * Reads the merchants into those shown (by login), keeping a merchant a live update changed or added
 * while the list was being read (fresh.js, listRead).
 * @type {import('./fresh.js').ListRead<string, Merchant>}
 */
export const readMerchants = listRead({
  reader: 'merchants',
  path: '/merchants',
  field: 'merchants',
  keyOf: (m) => m.login,
  itemKey: merchantKey,
});

export function createClock() {
  const now = byId('clock-now', HTMLElement);
  const offset = byId('clock-offset', HTMLElement);
  const amount = byId('clock-amount', HTMLInputElement);
  const unit = byId('clock-unit', HTMLSelectElement);
  const at = byId('clock-at', HTMLInputElement);
  const say = sayIn(byId('clock-result', HTMLElement));
  const merchantRows = byId('merchant-rows', HTMLTableSectionElement);

  /** The sandbox clock's distance from this machine's, as the sandbox last said. */
  let offsetMs = 0;
  /** By login. @type {Map<string, Merchant>} */
  const merchants = new Map();
  /** A read or a move's answer that comes back after a newer live update is not shown over it. */
  const freshness = createFreshness();

  function tick() {
    now.textContent = utcTime(Date.now() + offsetMs);
  }

  /** @param {ClockView} c */
  function showClock(c) {
    offsetMs = c.offsetMs;
    // The field starts at the sandbox's time, so moving it is an edit rather than typing a date from nothing.
    if (!at.value) at.value = new Date(c.now).toISOString().slice(0, 19);
    offset.textContent = c.offsetMs === 0 ? 'In step with this machine.' : `${spanWords(c.offsetMs)} from this machine's clock.`;
    tick();
  }

  /** @param {{ advanceMs: number } | { setEpochMs: number }} body */
  async function move(body) {
    try {
      const token = freshness.start('move');
      /** @type {ClockView} */
      const c = await write('POST', '/clock', body);
      if (freshness.fresh(token, CLOCK)) showClock(c);
      say(`The sandbox clock is now ${utcTime(c.now)}.`, false);
    } catch (err) {
      say(failureWords(err), true);
    }
  }

  byId('clock-advance', HTMLFormElement).addEventListener('submit', (e) => {
    e.preventDefault();
    const n = Number(amount.value);
    if (!Number.isInteger(n) || n < 1) return say('Advance by a whole number of at least 1.', true);
    void move({ advanceMs: n * Number(unit.value) });
  });
  byId('clock-set', HTMLFormElement).addEventListener('submit', (e) => {
    e.preventDefault();
    // datetime-local has no zone; the field is labelled UTC, as the gateway's dates are.
    const ms = at.value ? Date.parse(`${at.value}Z`) : NaN;
    if (Number.isNaN(ms)) return say('Give a date and time to set the clock to.', true);
    void move({ setEpochMs: ms });
  });

  /** @param {Merchant} m */
  function row(m) {
    const limit = (/** @type {number} */ n) => (n === 0 ? 'unlimited' : String(n));
    return h(
      'tr',
      { attrs: { 'data-testid': 'merchant-row' } },
      h('td', { className: 'mono', text: m.login }),
      h('td', { className: 'mono', text: m.apiUser }),
      h('td', { text: m.signatureRequired ? 'required' : 'not required' }),
      h('td', { text: `${limit(m.limits.rps)} req/s · ${limit(m.limits.concurrency)} at once` }),
      h('td', { text: m.callbackChecksum ? 'signed' : 'none' }),
      h(
        'td',
        {},
        m.certificates.length === 0
          ? h('span', { className: 'muted', text: 'none uploaded' })
          : h(
              'ul',
              { className: 'certs' },
              ...m.certificates.map((c) =>
                h(
                  'li',
                  {},
                  h('div', { text: c.subject.replace(/\n/g, ', ') }),
                  h('div', { className: 'mono muted ellipsis', text: c.fingerprint256, attrs: { title: c.fingerprint256 } }),
                  h('div', { className: 'muted', text: `valid to ${c.validTo}` }),
                ),
              ),
            ),
      ),
    );
  }

  function renderMerchants() {
    merchantRows.replaceChildren(...[...merchants.values()].sort((a, b) => a.login.localeCompare(b.login)).map(row));
  }

  setInterval(tick, 1000);

  return {
    async load() {
      const [c, taken] = await Promise.all([readClock(freshness, read), readMerchants(merchants, freshness, read)]);
      if (c) showClock(c);
      if (taken) renderMerchants();
    },
    /** @param {ClockView} c */
    clock(c) {
      freshness.update(CLOCK);
      showClock(c);
    },
    /** @param {Merchant} m */
    merchant(m) {
      freshness.update(merchantKey(m.login));
      merchants.set(m.login, m);
      renderMerchants();
    },
  };
}
