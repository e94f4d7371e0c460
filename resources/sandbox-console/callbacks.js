// @ts-check
/**
 * The Callbacks tab: each notification the sandbox sent a merchant (or is still trying to), with the
 * merchant's answer to every attempt and when the next retry is due.
 */
import { read } from './api.js';
import { clockTime, h, utcTime } from './dom.js';
import { createFreshness, listRead } from './fresh.js';
import { createTable } from './table.js';

/** @typedef {import('./api.js').CallbackDelivery} CallbackDelivery */
/** @typedef {import('./api.js').CallbackAttempt} CallbackAttempt */

const STATE_TONE = { pending: 'info', delivered: 'success', failed: 'danger', skipped: 'neutral' };

/** @param {CallbackAttempt} a */
function attemptWords(a) {
  const said = a.httpStatus !== null ? `HTTP ${a.httpStatus}` : (a.error ?? 'no answer');
  return `${said} in ${a.durationMs} ms`;
}

/** @param {CallbackDelivery} d */
function lastAnswer(d) {
  const last = d.attemptsLog?.at(-1);
  if (last) return attemptWords(last);
  return d.lastError ?? (d.state === 'skipped' ? 'not sent' : '—');
}

/**
 * Reads the deliveries into those shown (by id), keeping a delivery a live update changed or created
 * while the list was being read (fresh.js, listRead).
 * @type {import('./fresh.js').ListRead<number, CallbackDelivery>}
 */
export const readCallbacks = listRead({ reader: 'list', path: '/callbacks', field: 'deliveries', keyOf: (d) => d.id, itemKey: String });

export function createCallbacks() {
  const table = createTable('callback');
  /** By id. @type {Map<number, CallbackDelivery>} */
  const deliveries = new Map();
  const freshness = createFreshness();

  /** @param {CallbackDelivery} d */
  function attemptsCell(d) {
    const log = d.attemptsLog ?? [];
    if (log.length === 0) return h('td', { className: 'num', text: String(d.attempts) });
    return h(
      'td',
      {},
      h(
        'details',
        {},
        h('summary', { text: `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}` }),
        h('ol', { className: 'attempts' }, ...log.map((a) => h('li', { text: `${clockTime(a.at)} · ${attemptWords(a)}` }))),
      ),
    );
  }

  /** @param {CallbackDelivery} d */
  function row(d) {
    return h(
      'tr',
      { attrs: { 'data-testid': 'callback-row', 'data-id': d.id } },
      h('td', { className: 'mono', text: d.createdAt ? clockTime(d.createdAt) : '—' }),
      h(
        'td',
        {},
        h('div', { text: d.orderNumber ?? '' }),
        h('div', { className: 'mono muted ellipsis', text: d.mdOrder, attrs: { title: d.mdOrder } }),
      ),
      h('td', { text: d.operation }),
      h('td', { className: 'mono ellipsis wide', text: d.url, attrs: { title: d.url } }),
      h('td', {}, h('span', { className: `badge tone-${STATE_TONE[d.state] ?? 'neutral'}`, text: d.state })),
      attemptsCell(d),
      h('td', { className: d.state === 'failed' ? 'tone-text-danger' : '', text: lastAnswer(d) }),
      h('td', { className: 'muted', text: d.nextAttemptAt ? utcTime(d.nextAttemptAt) : '—' }),
    );
  }

  function render() {
    table.show([...deliveries.values()].sort((a, b) => b.id - a.id).map(row));
  }

  return {
    async load() {
      if (await readCallbacks(deliveries, freshness, read)) render();
    },
    /** @param {CallbackDelivery} d a delivery created or changed */
    update(d) {
      const before = table.rows.querySelector(`tr[data-id="${d.id}"]`);
      freshness.update(String(d.id));
      deliveries.set(d.id, d);
      if (!before) return render();
      const after = row(d);
      // A retry must not fold the attempts the reader opened.
      const details = after.querySelector('details');
      if (details && before.querySelector('details')?.open) details.open = true;
      before.replaceWith(after);
    },
    reset() {
      deliveries.clear();
      freshness.forget();
      render();
    },
  };
}
