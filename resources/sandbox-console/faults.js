// @ts-check
/**
 * The Faults tab: the rules armed on gateway endpoints, each with the sandbox's own sentence of what it
 * does and how often it has struck, and a form that says what a new rule will do before it is armed.
 */
import { failureWords, read, write } from './api.js';
import { byId, endpointName, h, sayIn } from './dom.js';
import { createFreshness } from './fresh.js';
import { createTable } from './table.js';

/** @typedef {import('./api.js').FaultRule} FaultRule */

/**
 * The gateway paths the sandbox serves (main/sandbox/endpoints/index.ts); endpoints seen in the request
 * log are added to the choice as they appear.
 */
const GATEWAY_PATHS = [
  '/payment/rest/register.do',
  '/payment/rest/registerPreAuth.do',
  '/payment/rest/paymentorder.do',
  '/payment/rest/instantPayment.do',
  '/payment/rest/getOrderStatusExtended.do',
  '/payment/rest/deposit.do',
  '/payment/rest/reverse.do',
  '/payment/rest/refund.do',
  '/payment/rest/getBindings.do',
  '/payment/rest/getBindingsByCardOrId.do',
  '/payment/rest/bindCard.do',
  '/payment/rest/unBindCard.do',
  '/payment/rest/extendBinding.do',
  '/payment/rest/paymentOrderBinding.do',
  '/payment/recurrentPayment.do',
  '/payment/installmentPayment.do',
  '/payment/applepay/payment.do',
  '/payment/applepay/paymentDirect.do',
  '/payment/google/payment.do',
  '/payment/google/paymentDirect.do',
  '/payment/samsung/payment.do',
  '/payment/samsung/paymentDirect.do',
];

/**
 * @typedef {object} RuleDraft
 * @property {string} path
 * @property {string} mode
 * @property {number} count
 * @property {number} status
 * @property {number} retryAfterSec
 * @property {number} latencyMs
 */

/**
 * What a rule will do, said before the sandbox has it, in the words of the sandbox's own sentence for a
 * new rule (main/sandbox/console/faultWords.ts); the armed rule then shows the sandbox's sentence.
 * @param {RuleDraft} r
 */
export function previewRule(r) {
  const target = endpointName(r.path);
  // "Every request" takes the singular verb, as "the next 1 request" does.
  const one = r.count <= 1;
  /** @param {string} s @param {string} p */
  const verb = (s, p) => (one ? s : p);
  const its = one ? 'its' : 'their';
  const subject = r.count === 0 ? `Every request to ${target}` : `The next ${r.count} request${one ? '' : 's'} to ${target}`;
  /** @type {Record<string, string>} */
  const outcomes = {
    latency: `${verb('waits', 'wait')} ${r.latencyMs} ms, then ${verb('is', 'are')} handled normally`,
    status: `${verb('answers', 'answer')} HTTP ${r.status} without being processed`,
    throttle: `${verb('answers', 'answer')} 429 with Retry-After: ${r.retryAfterSec} without being processed`,
    reset: `${verb('is', 'are')} not processed: the connection is reset`,
    lost: `${verb('is', 'are')} processed, then ${its} answer is lost (connection reset)`,
    truncate: `${verb('is', 'are')} processed, then only half of ${its} answer is sent before the connection is reset`,
  };
  const outcome = outcomes[r.mode] ?? `meets a fault of the unknown mode ${r.mode}`;
  const delayed = r.mode !== 'latency' && r.latencyMs > 0;
  return `${subject} ${delayed ? `${verb('waits', 'wait')} ${r.latencyMs} ms, then ${outcome}` : outcome}`;
}

export function createFaults() {
  const table = createTable('fault');
  const form = byId('fault-form', HTMLFormElement);
  const path = byId('fault-path', HTMLSelectElement);
  const mode = byId('fault-mode', HTMLSelectElement);
  const count = byId('fault-count', HTMLInputElement);
  const status = byId('fault-status', HTMLSelectElement);
  const statusField = byId('fault-status-field', HTMLElement);
  const retry = byId('fault-retry', HTMLInputElement);
  const retryField = byId('fault-retry-field', HTMLElement);
  const latency = byId('fault-latency', HTMLInputElement);
  const preview = byId('fault-preview', HTMLElement);
  const say = sayIn(byId('fault-result', HTMLElement));

  /** @type {Set<string>} */
  const paths = new Set(GATEWAY_PATHS);

  function fillPaths() {
    const current = path.value || '*';
    path.replaceChildren(
      h('option', { text: '* (every endpoint)', attrs: { value: '*' } }),
      ...[...paths]
        .sort((a, b) => endpointName(a).localeCompare(endpointName(b)))
        .map((p) => h('option', { text: endpointName(p), attrs: { value: p } })),
    );
    path.value = current;
  }

  /**
   * The form's rule, or why it is not one.
   * @returns {{ ok: true, rule: RuleDraft } | { ok: false, error: string }}
   */
  function draft() {
    /** @type {[HTMLInputElement, string, number, number][]} */
    const numbers = [
      [count, 'Requests affected', 0, 1_000_000],
      [retry, 'Retry-After', 0, 3600],
      [latency, 'Delay', 0, 600_000],
    ];
    for (const [input, name, min, max] of numbers) {
      const n = Number(input.value);
      if (input.value.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
        return { ok: false, error: `${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}` };
      }
    }
    return {
      ok: true,
      rule: {
        path: path.value,
        mode: mode.value,
        count: Number(count.value),
        status: Number(status.value),
        retryAfterSec: Number(retry.value),
        latencyMs: Number(latency.value),
      },
    };
  }

  function showPreview() {
    statusField.hidden = mode.value !== 'status';
    retryField.hidden = mode.value !== 'throttle';
    const d = draft();
    preview.textContent = d.ok ? `Will do: ${previewRule(d.rule)}.` : d.error;
    preview.classList.toggle('error', !d.ok);
  }

  /** @param {FaultRule} r */
  function row(r) {
    return h(
      'tr',
      { attrs: { 'data-testid': 'fault-row', 'data-id': r.id } },
      h('td', { className: 'mono', text: `#${r.id}` }),
      h('td', { text: r.describe ?? previewRule(r) }),
      h('td', { className: 'num', text: String(r.seen) }),
      h('td', { className: 'num', text: String(r.applied) }),
      h(
        'td',
        {},
        h('button', {
          text: 'Remove',
          attrs: { type: 'button', 'aria-label': `Remove rule #${r.id}` },
          on: { click: () => void remove(r.id) },
        }),
      ),
    );
  }

  /** @param {FaultRule[]} rules */
  function render(rules) {
    table.show(rules.map(row));
  }

  /** @param {number} id */
  async function remove(id) {
    try {
      await write('DELETE', `/faults/${id}`);
      say(`Rule #${id} removed.`, false);
      await load();
    } catch (err) {
      say(failureWords(err), true);
    }
  }

  /**
   * A read whose answer comes after a newer update (the rule struck while the list was being read) or
   * after a later read is dropped rather than shown over it. The update carries every rule: the whole view.
   */
  const freshness = createFreshness();

  async function load() {
    const token = freshness.start();
    /** @type {{ rules: FaultRule[] }} */
    const { rules } = await read('/faults');
    if (freshness.fresh(token)) render(rules);
  }

  form.addEventListener('input', showPreview);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const d = draft();
    if (!d.ok) return say(d.error, true);
    const { path: p, mode: m, count: c, latencyMs } = d.rule;
    const rule = {
      path: p,
      mode: m,
      count: c,
      latencyMs,
      ...(m === 'status' ? { status: d.rule.status } : {}),
      ...(m === 'throttle' ? { retryAfterSec: d.rule.retryAfterSec } : {}),
    };
    void write('POST', '/faults', { rules: [rule] })
      .then(async (/** @type {{ rules: FaultRule[] }} */ armed) => {
        const first = armed.rules[0];
        say(first ? `Armed rule #${first.id}: ${first.describe ?? previewRule(first)}.` : 'Armed.', false);
        await load();
      })
      .catch((err) => say(failureWords(err), true));
  });
  byId('fault-clear', HTMLButtonElement).addEventListener('click', () => {
    void write('DELETE', '/faults')
      .then(async () => {
        say('All faults cleared.', false);
        await load();
      })
      .catch((err) => say(failureWords(err), true));
  });

  fillPaths();
  showPreview();

  return {
    load,
    /** @param {{ rules: FaultRule[] }} data the rules as they are now */
    update(data) {
      freshness.update();
      render(data.rules);
    },
    /** @param {string} endpoint a path seen in the request log */
    notePath(endpoint) {
      if (paths.has(endpoint)) return;
      paths.add(endpoint);
      fillPaths();
    },
  };
}
