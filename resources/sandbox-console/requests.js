// @ts-check
/**
 * The Requests tab: what the gateway received and answered, newest first, like a browser's network
 * panel. Rows arrive live; the page keeps as many as the sandbox does (2,000) and filters them here.
 */
import { read } from './api.js';
import { byId, clockTime, endpointName, facts, h, jsonBlock, utcTime } from './dom.js';
import { createTable, selectsOnClick } from './table.js';

/** @typedef {import('./api.js').RequestRecord} RequestRecord */

/** What the sandbox keeps (its ring buffer); the page keeps no more. */
const KEPT = 2000;

export function createRequests() {
  const table = createTable('req', {
    noun: 'requests',
    none: 'No requests yet. They appear here as clients call the gateway.',
    noMatch: 'No request matches these filters.',
  });
  const detail = byId('req-detail', HTMLElement);
  const endpointSelect = byId('req-endpoint', HTMLSelectElement);
  const endpointText = byId('req-endpoint-text', HTMLInputElement);
  const orderText = byId('req-order', HTMLInputElement);
  const merchantText = byId('req-merchant', HTMLInputElement);

  /** Newest first. @type {RequestRecord[]} */
  let records = [];
  /** @type {Set<number>} */
  const ids = new Set();
  /** @type {Set<string>} */
  const endpoints = new Set();
  /** @type {number | null} */
  let selected = null;

  /** @param {RequestRecord} r */
  function matches(r) {
    const endpoint = endpointSelect.value;
    const text = endpointText.value.trim().toLowerCase();
    const order = orderText.value.trim().toLowerCase();
    const merchant = merchantText.value.trim().toLowerCase();
    return (
      (!endpoint || r.endpoint === endpoint) &&
      (!text || r.endpoint.toLowerCase().includes(text)) &&
      (!order || (r.orderId ?? '').toLowerCase().includes(order)) &&
      (!merchant || (r.merchant ?? '').toLowerCase().includes(merchant))
    );
  }

  /** @param {RequestRecord} r */
  function statusCell(r) {
    if (r.httpStatus === null)
      return h('td', { className: 'num tone-text-danger', text: 'reset', attrs: { title: 'Connection reset: no answer' } });
    return h('td', { className: `num${r.httpStatus >= 400 ? ' tone-text-danger' : ''}`, text: String(r.httpStatus) });
  }

  /** @param {RequestRecord} r */
  function row(r) {
    const tr = h(
      'tr',
      { attrs: { 'data-testid': 'request-row', 'data-id': r.id, 'aria-current': r.id === selected ? 'true' : null } },
      h('td', { className: 'mono', text: clockTime(r.at) }),
      h('td', { text: r.merchant ?? '—' }),
      h(
        'td',
        {},
        h('button', {
          className: 'link',
          text: endpointName(r.endpoint),
          attrs: { type: 'button', title: r.endpoint },
          on: { click: () => select(r.id) },
        }),
      ),
      h('td', { className: 'mono ellipsis', text: r.orderId ?? '—', attrs: { title: r.orderId } }),
      statusCell(r),
      h('td', { className: r.errorCode ? 'tone-text-danger' : 'muted', text: r.errorCode ?? '—' }),
      h('td', { className: 'num', text: `${r.durationMs} ms` }),
      h(
        'td',
        {},
        r.fault
          ? h('span', {
              className: 'badge tone-warning',
              text: `#${r.fault.id} ${r.fault.mode}`,
              attrs: { title: `fault rule #${r.fault.id}` },
            })
          : '',
      ),
    );
    return selectsOnClick(tr, () => select(r.id));
  }

  function render() {
    table.show(records.filter(matches).map(row), records.length);
  }

  /** @param {string} endpoint */
  function noteEndpoint(endpoint) {
    if (endpoints.has(endpoint)) return;
    endpoints.add(endpoint);
    const options = [...endpoints].sort().map((e) => h('option', { text: endpointName(e), attrs: { value: e } }));
    const current = endpointSelect.value;
    endpointSelect.replaceChildren(h('option', { text: 'All endpoints', attrs: { value: '' } }), ...options);
    endpointSelect.value = current;
  }

  /** @param {number} id */
  function select(id) {
    selected = id;
    table.markSelected(id);
    const r = records.find((x) => x.id === id);
    if (!r) return;
    detail.replaceChildren(
      h('h2', { text: `${endpointName(r.endpoint)} · request #${r.id}` }),
      facts([
        ['Endpoint', h('span', { className: 'mono', text: r.endpoint })],
        ['Received', `${new Date(r.at).toLocaleString()} (sandbox clock ${utcTime(r.sandboxAt)})`],
        ['Merchant', r.merchant],
        ['Order', r.orderId === null ? null : h('span', { className: 'mono', text: r.orderId })],
        ['HTTP status', r.httpStatus === null ? 'none: the connection was reset, the answer lost' : String(r.httpStatus)],
        ['Error code', r.errorCode],
        ['Duration', `${r.durationMs} ms`],
        ['Fault', r.fault ? `rule #${r.fault.id} (${r.fault.mode})` : undefined],
      ]),
      h('h3', { text: 'Parameters' }),
      jsonBlock('Parameters (secrets and card numbers redacted)', r.params),
      h('h3', { text: 'Answer' }),
      r.answerKept || r.answerBytes === 0
        ? jsonBlock('Answer', r.answer)
        : h('p', {
            className: 'muted',
            text: `Not kept: the log keeps the newest 16 MB of answers, and this one (${Math.ceil(r.answerBytes / 1024)} KB) is older.`,
          }),
    );
  }

  for (const input of [endpointSelect, endpointText, orderText, merchantText]) input.addEventListener('input', render);

  return {
    /** Reads the sandbox's log afresh (at start and after a reconnect), keeping what arrived meanwhile. */
    async load() {
      /** @type {{ requests: RequestRecord[] }} */
      const { requests } = await read('/requests?limit=1000');
      const merged = new Map(records.map((r) => [r.id, r]));
      for (const r of requests) merged.set(r.id, r);
      records = [...merged.values()].sort((a, b) => b.id - a.id).slice(0, KEPT);
      ids.clear();
      for (const r of records) {
        ids.add(r.id);
        noteEndpoint(r.endpoint);
      }
      render();
    },
    /** @param {RequestRecord} r a request that just happened */
    add(r) {
      if (ids.has(r.id)) return;
      ids.add(r.id);
      noteEndpoint(r.endpoint);
      records.unshift(r);
      // The newest can arrive before an older one read by load(): keep the list in id order.
      if (records.length > 1 && records[1] && records[1].id > r.id) records.sort((a, b) => b.id - a.id);
      while (records.length > KEPT) {
        const gone = records.pop();
        if (gone) {
          ids.delete(gone.id);
          table.rows.querySelector(`tr[data-id="${gone.id}"]`)?.remove();
        }
      }
      if (records[0] === r) {
        if (matches(r)) table.rows.prepend(row(r));
      } else render();
      table.counted(records.length);
    },
    reset() {
      records = [];
      ids.clear();
      selected = null;
      detail.replaceChildren(h('p', { className: 'muted', text: 'Select a request to see its parameters and answer.' }));
      render();
    },
  };
}
