// @ts-check
/**
 * The sandbox's developer console: five tabs over the control API, kept current by the sandbox's event
 * stream (GET /sandbox/events, authenticated by the console's session cookie). After a lost connection
 * every list is read again, since events sent meanwhile are gone.
 */
import { failureWords } from './api.js';
import { createCallbacks } from './callbacks.js';
import { createClock } from './clock.js';
import { byId } from './dom.js';
import { createFaults } from './faults.js';
import { createOrders } from './orders.js';
import { createRequests } from './requests.js';

const live = byId('live-status', HTMLElement);
byId('origin', HTMLElement).textContent = location.host;

/** @param {string} text @param {'live' | 'waiting' | 'down'} state */
function status(text, state) {
  if (live.textContent !== text) live.textContent = text;
  live.dataset.state = state;
}

setUpTabs();

const requests = createRequests();
const orders = createOrders();
const callbacks = createCallbacks();
const faults = createFaults();
const clock = createClock();

/** Reads every list afresh; a failure is said in the status line rather than thrown away. */
async function loadAll() {
  const results = await Promise.allSettled([requests.load(), orders.load(), callbacks.load(), faults.load(), clock.load()]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed && failed.status === 'rejected') status(`Could not read the sandbox: ${failureWords(failed.reason)}`, 'down');
}

/**
 * The live feed. EventSource reconnects by itself after a dropped connection; when the sandbox refuses
 * the stream outright (closed, or the session gone) it stops, so the page tries again every few seconds.
 */
function connect() {
  const source = new EventSource('/sandbox/events');
  let lost = false;
  source.addEventListener('open', () => {
    status('Live', 'live');
    if (lost) {
      lost = false;
      void loadAll();
    }
  });
  source.addEventListener('error', () => {
    lost = true;
    if (source.readyState === EventSource.CLOSED) {
      status('Disconnected: retrying in 5 s (if the sandbox restarted, open a new console link)', 'down');
      source.close();
      setTimeout(() => {
        connect();
        void loadAll();
      }, 5000);
    } else status('Reconnecting…', 'waiting');
  });
  /**
   * @param {string} type
   * @param {(data: any) => void} handle
   */
  const on = (type, handle) =>
    source.addEventListener(type, (event) => {
      if (!(event instanceof MessageEvent)) return;
      try {
        handle(JSON.parse(event.data));
      } catch (err) {
        console.error(`console: bad ${type} event`, err);
      }
    });
  on('request', (r) => {
    requests.add(r);
    faults.notePath(r.endpoint);
  });
  on('order', (o) => orders.update(o));
  on('callback', (d) => callbacks.update(d));
  on('faults', (f) => faults.update(f));
  on('clock', (c) => clock.clock(c));
  on('merchant', (m) => clock.merchant(m));
  on('reset', () => {
    requests.reset();
    orders.reset();
    callbacks.reset();
    void loadAll();
  });
}

connect();
void loadAll();

/** Tabs as the ARIA pattern has them: click or arrow keys move between them, one tab stop for the row. */
function setUpTabs() {
  const tabs = [...byId('tablist', HTMLElement).querySelectorAll('[role="tab"]')].filter((t) => t instanceof HTMLButtonElement);
  /** @param {HTMLButtonElement} tab @param {boolean} focus */
  const choose = (tab, focus) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !on;
    }
    if (focus) tab.focus();
    history.replaceState(null, '', `#${tab.id.replace(/^tab-/, '')}`);
  };
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => choose(tab, false));
    tab.addEventListener('keydown', (e) => {
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      const next = tabs[(to + tabs.length) % tabs.length];
      if (next) choose(next, true);
    });
  });
  const wanted = tabs.find((t) => t.id === `tab-${location.hash.slice(1)}`);
  if (wanted) choose(wanted, false);
}
