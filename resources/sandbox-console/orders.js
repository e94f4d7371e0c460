// @ts-check
/**
 * The Orders tab: the sandbox's orders with their state and history, and the life-cycle moves a
 * gateway would make (pay, decline, hold, deposit, reverse, refund, expire). The buttons offered are
 * those the order's state allows; the sandbox still decides, and its refusal is shown beside them.
 */
import { ApiError, failureWords, read, write } from './api.js';
import { byId, currencyOf, facts, h, money, parseAmount, sayIn, statusBadge, shortUtcTime, statusWords, utcTime } from './dom.js';
import { createFreshness } from './fresh.js';
import { createTable, selectsOnClick } from './table.js';

/** @typedef {import('./api.js').OrderSummary} OrderSummary */
/** @typedef {import('./api.js').OrderDetail} OrderDetail */
/** @typedef {'pay' | 'hold' | 'decline' | 'deposit' | 'reverse' | 'refund' | 'expire'} Action */
/** @typedef {import('./fresh.js').Freshness} Freshness */
/** @typedef {(path: string) => Promise<any>} Reader */

/** @type {Readonly<Record<Action, { label: string, takesAmount: boolean, hint: string }>>} */
const ACTIONS = {
  pay: { label: 'Pay', takesAmount: false, hint: 'paid with the no-3DS test card: deposited, or held if two-phase' },
  hold: { label: 'Hold', takesAmount: false, hint: 'authorised and held (two-phase orders)' },
  decline: { label: 'Decline', takesAmount: false, hint: "declined with the issuer's decline code" },
  expire: { label: 'Expire', takesAmount: false, hint: 'declined as a session timing out (-2007)' },
  deposit: { label: 'Deposit', takesAmount: true, hint: 'blank: the whole hold' },
  reverse: { label: 'Reverse', takesAmount: false, hint: 'the hold released' },
  refund: { label: 'Refund', takesAmount: true, hint: 'blank: what is left' },
};

/**
 * The moves the order's state allows (console-api.md, "Writes").
 * @param {OrderDetail} o
 * @returns {Action[]}
 */
export function actionsFor(o) {
  switch (o.status) {
    case 0:
    case 5:
      return o.twoPhase ? ['pay', 'hold', 'decline', 'expire'] : ['pay', 'decline', 'expire'];
    case 1:
      return ['deposit', 'reverse'];
    case 2:
      return o.refundedAmount < o.depositedAmount ? ['refund'] : [];
    default:
      return [];
  }
}

/**
 * Reads the list into the orders shown (by orderId). An order a live update changed while the list was
 * being read keeps the update: the answer's copy of it is older. A list answered after a later read of it
 * is dropped whole.
 * @param {Map<string, OrderSummary>} shown
 * @param {Freshness} freshness
 * @param {Reader} get
 * @returns {Promise<boolean>} whether the answer was taken
 */
export async function readOrderList(shown, freshness, get) {
  const token = freshness.start('list');
  /** @type {{ orders: OrderSummary[] }} */
  const { orders: list } = await get('/orders?limit=500');
  if (!freshness.fresh(token)) return false;
  for (const o of list) if (freshness.fresh(token, o.orderId)) shown.set(o.orderId, { ...shown.get(o.orderId), ...o });
  return true;
}

/**
 * Reads one order with its history; undefined when a live update of it (or a later read of an order) came
 * while it was read: that update queues a read of its own, which shows the newer state.
 * @param {Freshness} freshness
 * @param {Reader} get
 * @param {string} orderId
 * @returns {Promise<OrderDetail | undefined>}
 */
export async function readOrder(freshness, get, orderId) {
  const token = freshness.start('order');
  /** @type {{ order: OrderDetail }} */
  const { order } = await get(`/orders/${encodeURIComponent(orderId)}`);
  return freshness.fresh(token, orderId) ? order : undefined;
}

/**
 * A live update of an order, into the orders shown: it is newer than any read still on its way.
 * @param {Map<string, OrderSummary>} shown
 * @param {Freshness} freshness
 * @param {OrderSummary} o
 */
export function takeOrderUpdate(shown, freshness, o) {
  freshness.update(o.orderId);
  shown.set(o.orderId, { ...shown.get(o.orderId), ...o });
}

/** History kinds in words. */
const KIND_WORDS = /** @type {Readonly<Record<string, string>>} */ ({
  registered: 'Registered',
  acsStarted: '3-D Secure started',
  held: 'Held',
  deposited: 'Deposited',
  declined: 'Declined',
  reversed: 'Reversed',
  refunded: 'Refunded',
  expired: 'Expired (session timed out)',
  autoDeposited: 'Deposited automatically (autocompletionDate)',
  autoReversed: 'Reversed automatically (autoReverseDate)',
});

const BY_WORDS = { gateway: 'gateway', console: 'console', clock: 'clock' };

export function createOrders() {
  const table = createTable('order', { noun: 'orders', none: 'No orders yet.', noMatch: 'No order matches this search.' });
  const detail = byId('order-detail', HTMLElement);
  const search = byId('order-search', HTMLInputElement);

  /** By orderId. @type {Map<string, OrderSummary>} */
  const orders = new Map();
  /** @type {string | null} */
  let selected = null;
  /** What was last said about an action on the selected order: one node, kept across live re-renders. */
  const result = h('p', { className: 'result', attrs: { id: 'order-result', role: 'status' } });
  const say = sayIn(result);
  /** An action is on its way: no second one (a double click must not refund twice). */
  let busy = false;
  /** The amount typed for the selected order, kept when a live update redraws the detail. */
  let amountText = '';
  let refreshQueued = false;
  /** Reads (and a move's answer) that come back after a live update of the same order are not shown over it. */
  const freshness = createFreshness();

  /** @param {OrderSummary} o */
  function matches(o) {
    const q = search.value.trim().toLowerCase();
    return !q || [o.orderNumber, o.orderId, o.merchant].some((v) => v.toLowerCase().includes(q));
  }

  /** @param {OrderSummary} o */
  function row(o) {
    const tr = h(
      'tr',
      { attrs: { 'data-testid': 'order-row', 'data-id': o.orderId, 'aria-current': o.orderId === selected ? 'true' : null } },
      h(
        'td',
        {},
        h('button', { className: 'link', text: o.orderNumber, attrs: { type: 'button' }, on: { click: () => void select(o.orderId) } }),
      ),
      h('td', { className: 'mono ellipsis', text: o.orderId, attrs: { title: o.orderId } }),
      h('td', { text: o.merchant }),
      h('td', {}, statusBadge(o)),
      h('td', { className: 'num', text: money(o.amount, o.currency) }),
      h('td', {
        className: 'muted mono',
        text: shortUtcTime(o.updatedAt ?? o.createdAt),
        attrs: { title: utcTime(o.updatedAt ?? o.createdAt) },
      }),
    );
    return selectsOnClick(tr, () => void select(o.orderId));
  }

  function render() {
    const list = [...orders.values()].sort((a, b) => (b.updatedAt ?? b.createdAt) - (a.updatedAt ?? a.createdAt)).filter(matches);
    table.show(list.map(row), orders.size);
  }

  /** @param {OrderDetail} o */
  function showDetail(o) {
    const { code } = currencyOf(o.currency);
    const allowed = actionsFor(o);
    const amountInput = h('input', {
      attrs: {
        id: 'order-amount',
        type: 'text',
        inputmode: 'decimal',
        size: 10,
        autocomplete: 'off',
        'aria-describedby': 'order-amount-hint',
      },
    });
    amountInput.value = amountText;
    amountInput.addEventListener('input', () => (amountText = amountInput.value));
    const needsAmount = allowed.some((a) => ACTIONS[a].takesAmount);
    const buttons = allowed.map((a) =>
      h('button', {
        text: ACTIONS[a].label,
        className: a === 'refund' || a === 'reverse' || a === 'decline' || a === 'expire' ? 'danger' : '',
        attrs: { type: 'button', title: ACTIONS[a].hint, disabled: busy },
        on: { click: () => void act(o, a) },
      }),
    );
    const history = o.history ?? [];
    const typing = document.activeElement?.id === 'order-amount';
    detail.replaceChildren(
      h('div', { className: 'card-head' }, h('h2', { text: `Order ${o.orderNumber}` }), statusBadge(o)),
      facts([
        ['Order ID', h('span', { className: 'mono', text: o.orderId })],
        ['Merchant', o.merchant],
        ['Amount', money(o.amount, o.currency)],
        ['Approved', money(o.approvedAmount, o.currency)],
        ['Deposited', money(o.depositedAmount, o.currency)],
        ['Refunded', money(o.refundedAmount, o.currency)],
        ['Payment', o.twoPhase ? 'two-phase (hold, then deposit)' : 'one-phase'],
        ['Card', o.maskedPan ? h('span', { className: 'mono', text: o.maskedPan }) : undefined],
        ['Action code', String(o.actionCode)],
        ['Registered', utcTime(o.createdAt)],
        ['Updated', o.updatedAt ? utcTime(o.updatedAt) : undefined],
        ['Session expires', o.expiresAt ? utcTime(o.expiresAt) : undefined],
        ['Description', o.description || undefined],
        ['Client', o.clientId],
        ['Binding', o.bindingId ? h('span', { className: 'mono', text: o.bindingId }) : undefined],
        [
          'jsonParams',
          o.jsonParams && Object.keys(o.jsonParams).length > 0
            ? h('span', { className: 'mono', text: JSON.stringify(o.jsonParams) })
            : undefined,
        ],
      ]),
      h('h3', { text: 'Move it' }),
      allowed.length === 0
        ? h('p', { className: 'muted', text: `A ${statusWords(o).toLowerCase()} order has no further moves.` })
        : h(
            'div',
            { className: 'actions', attrs: { role: 'group', 'aria-label': 'Order actions' } },
            needsAmount &&
              h(
                'span',
                { className: 'field' },
                h('label', { text: `Amount in ${code}`, attrs: { for: 'order-amount' } }),
                amountInput,
                h('span', { className: 'muted small', text: 'blank: the whole amount', attrs: { id: 'order-amount-hint' } }),
              ),
            h('div', { className: 'buttons' }, ...buttons),
          ),
      result,
      h('h3', { text: 'History' }),
      history.length === 0
        ? h('p', { className: 'muted', text: 'No history recorded (orders saved before the console kept none).' })
        : h(
            'table',
            { className: 'grid compact' },
            h('caption', { className: 'visually-hidden', text: 'Order history, oldest first' }),
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                h('th', { text: 'Sandbox time (UTC)', attrs: { scope: 'col' } }),
                h('th', { text: 'Event', attrs: { scope: 'col' } }),
                h('th', { text: 'Amount', attrs: { scope: 'col', class: 'num' } }),
                h('th', { text: 'By', attrs: { scope: 'col' } }),
              ),
            ),
            h(
              'tbody',
              {},
              ...history.map((e) =>
                h(
                  'tr',
                  {},
                  h('td', { className: 'muted mono', text: shortUtcTime(e.at), attrs: { title: utcTime(e.at) } }),
                  h('td', { text: KIND_WORDS[e.kind] ?? e.kind }),
                  h('td', { className: 'num', text: e.amount === undefined ? '' : money(e.amount, o.currency) }),
                  h('td', { text: BY_WORDS[e.by] ?? e.by }),
                ),
              ),
            ),
          ),
    );
    // A live update must not take the amount field from under the reader's fingers.
    if (typing) amountInput.focus();
  }

  /**
   * @param {OrderDetail} o
   * @param {Action} action
   */
  async function act(o, action) {
    if (busy) return;
    /** @type {{ action: Action, amount?: number }} */
    const body = { action };
    if (ACTIONS[action].takesAmount && amountText.trim() !== '') {
      const parsed = parseAmount(amountText, o.currency);
      if (!parsed.ok) return say(parsed.error, true);
      body.amount = parsed.minor;
    }
    busy = true;
    for (const b of detail.querySelectorAll('.actions button')) if (b instanceof HTMLButtonElement) b.disabled = true;
    say(`${ACTIONS[action].label}: sending…`, false);
    try {
      const token = freshness.start('move');
      /** @type {{ order: OrderDetail }} */
      const { order } = await write('POST', `/orders/${encodeURIComponent(o.orderId)}/actions`, body);
      busy = false;
      say(`${ACTIONS[action].label}: done. The order is now ${statusWords(order).toLowerCase()}.`, false);
      amountText = '';
      // The live update of the move (or of a later change) may have come first and is newer than this
      // answer: the detail is read again rather than drawn from the answer (its buttons come back too).
      if (freshness.fresh(token, order.orderId)) {
        orders.set(order.orderId, order);
        render();
        if (selected === order.orderId) showDetail(order);
      } else if (selected === order.orderId) await refresh();
    } catch (err) {
      busy = false;
      const label = ACTIONS[action].label;
      say(err instanceof ApiError ? `${label} refused: ${err.message}` : `${label}: ${failureWords(err)}`, true);
      // The order may have moved since it was shown: show it as the sandbox has it now.
      await refresh();
    }
  }

  /** @param {string} orderId */
  async function select(orderId) {
    if (selected !== orderId) {
      say('', false);
      amountText = '';
    }
    selected = orderId;
    table.markSelected(orderId);
    await refresh();
  }

  /** Re-reads the selected order (its history is not in the list's summaries). */
  async function refresh() {
    const id = selected;
    if (id === null) return;
    try {
      const order = await readOrder(freshness, read, id);
      if (selected !== id || order === undefined) return;
      // The list's row is the same order: both say the same, whichever was read last.
      orders.set(order.orderId, order);
      render();
      showDetail(order);
    } catch (err) {
      if (selected !== id) return;
      detail.replaceChildren(h('p', { className: 'result error', text: `Order ${id}: ${failureWords(err)}` }));
    }
  }

  search.addEventListener('input', render);

  return {
    async load() {
      if (await readOrderList(orders, freshness, read)) render();
      await refresh();
    },
    /** @param {OrderSummary} o an order that was registered or changed */
    update(o) {
      takeOrderUpdate(orders, freshness, o);
      render();
      // Several changes of one order come in a burst (payment, then callback): read it once after them.
      if (o.orderId === selected && !refreshQueued) {
        refreshQueued = true;
        setTimeout(() => {
          refreshQueued = false;
          void refresh();
        }, 50);
      }
    },
    reset() {
      orders.clear();
      freshness.forget();
      selected = null;
      detail.replaceChildren(
        h('p', { className: 'muted', text: 'Select an order to see its history and move it through its life cycle.' }),
      );
      render();
    },
  };
}
