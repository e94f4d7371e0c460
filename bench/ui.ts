/**
 * The Orders screen in Debian's Chromium through browser mode (everything on loopback), measured in the page:
 *
 * 1. Time from navigation to an interactive Orders screen (search box shown and enabled, the environment
 *    answered by main, so a typed look-up works), in fresh browser contexts (nothing cached), side by side
 *    with the `load` event of the same index.html: the ratio is what the app adds over loading its files.
 * 2. Frame times (requestAnimationFrame deltas) while scrolling the batch results table: a sweep over the
 *    whole list at a steady fast pace and random jumps, on 100,000 rows and on 1,000 rows in alternating
 *    rounds in the same run, with an idle page as the floor. Each batch is a real one: pasted, looked up
 *    through the gateway client against the embedded sandbox, and loaded into the table.
 *
 *   npm run bench:ui [-- --runs 10 --rows 100000 --small 1000 --rounds 3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { openBrowserMode } from '../main/browserMode.js';
import type { Sandbox } from '../main/sandbox/index.js';
import { CARDS, payCard, paidOrder, register } from '../test/sandbox/client.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    rows: { type: 'string', default: '100000' },
    small: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
  },
});
const RUNS = Number(values.runs);
const ROWS = Number(values.rows);
const SMALL = Number(values.small);
const ROUNDS = Number(values.rounds);
/** One real order in this many rows, so that rows differ (status badges, amounts, cards). */
const REAL_EVERY = 50;
const SWEEP_MS = 3000;
const JUMPS = 90;
const IDLE_MS = 1000;
/**
 * One frame at 60 Hz. rAF timestamps step in whole vsync intervals with about 0.1 ms of jitter, so a frame
 * "over 16.7 ms" is one that missed a vsync: counted as a delta over 1.5 intervals (and over 2.5 for two).
 */
const FRAME_MS = 16.7;
const MISSED_ONE = 1.5 * FRAME_MS;
const MISSED_TWO = 2.5 * FRAME_MS;

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// ---- The few browser APIs the in-page code uses (this file is type-checked without the DOM library) ----

interface PageElement {
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  readonly textContent: string | null;
  readonly htmlFor: string;
  readonly disabled: boolean;
  getAttribute(name: string): string | null;
  getClientRects(): { readonly length: number };
  querySelectorAll(selector: string): Iterable<PageElement>;
  addEventListener(type: string, f: () => void, capture?: boolean): void;
  removeEventListener(type: string, f: () => void, capture?: boolean): void;
}
interface PageTiming {
  readonly name: string;
  readonly responseEnd: number;
  readonly transferSize: number;
  readonly initiatorType?: string;
  readonly domContentLoadedEventEnd: number;
  readonly loadEventEnd: number;
}
interface PageWindow {
  readonly document: PageElement & {
    readonly visibilityState: string;
    querySelector(selector: string): PageElement | null;
    getElementById(id: string): PageElement | null;
  };
  readonly performance: { now(): number; getEntriesByType(type: string): PageTiming[] };
  requestAnimationFrame(f: (t: number) => void): number;
  readonly MutationObserver: new (f: () => void) => { observe(target: unknown, o: object): void; disconnect(): void };
  readonly navigator: { readonly clipboard: { writeText(text: string): Promise<void> } };
  __interactiveAt?: number;
}

/**
 * tsx compiles with esbuild's keepNames, which wraps inner functions in `__name(...)`; Playwright sends a
 * function's source to the page, where that helper does not exist. An identity stands in for it.
 */
const NAME_SHIM = 'globalThis.__name = (f) => f;';

/**
 * Runs in the page before its own scripts: notes performance.now() at the first DOM change after which the
 * search box is visible and enabled and the environment badge says "Sandbox" (app.info answered).
 */
function probeInteractive(): void {
  const w = globalThis as unknown as PageWindow;
  const observer = new w.MutationObserver(() => {
    if (w.__interactiveAt !== undefined) return;
    if (w.document.querySelector('.env-badge')?.textContent !== 'Sandbox') return;
    const label = [...w.document.querySelectorAll('label[for]')].find((l) => l.textContent === 'Order ID or order number');
    const input = label ? w.document.getElementById(label.htmlFor) : null;
    if (!input || input.disabled || input.getClientRects().length === 0) return;
    w.__interactiveAt = w.performance.now();
    observer.disconnect();
  });
  observer.observe(w.document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/** Navigation timing and the probe's mark, all in ms since navigation start. */
function readLoadTimes() {
  const w = globalThis as unknown as PageWindow;
  const nav = w.performance.getEntriesByType('navigation')[0]!;
  const resources = w.performance.getEntriesByType('resource');
  return {
    domContentLoaded: nav.domContentLoadedEventEnd,
    load: nav.loadEventEnd,
    interactive: w.__interactiveAt ?? NaN,
    appInfo: resources.find((r) => r.name.endsWith('/ipc/app.info'))?.responseEnd ?? NaN,
    scriptBytes: resources.filter((r) => r.initiatorType === 'script').reduce((n, r) => n + r.transferSize, 0),
  };
}

interface ScrollPlan {
  /** Pixels per frame in the sweep, bouncing at either end. */
  readonly step: number;
  readonly sweepMs: number;
  readonly jumps: number;
  readonly idleMs: number;
  readonly seed: number;
}

/**
 * Runs in the page: frame deltas (rAF timestamps) while idle, while sweeping the results table with a
 * fixed step per frame, and while jumping to random positions, one scroll per frame; plus how long the
 * synchronous part of each scroll took (the virtualiser's listener, which renders with React's flushSync),
 * timed between a capturing listener on the document and a listener on the scroller added after it.
 */
async function scrollFrames(plan: ScrollPlan) {
  const w = globalThis as unknown as PageWindow;
  const el = w.document.querySelector('[data-testid="batch-scroller"]')!;
  const max = el.scrollHeight - el.clientHeight;
  const frame = () => new Promise<number>((resolve) => w.requestAnimationFrame(resolve));
  let seed = plan.seed >>> 0;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let scrollStart = 0;
  const render: number[] = [];
  const before = () => (scrollStart = w.performance.now());
  const after = () => render.push(w.performance.now() - scrollStart);
  w.document.addEventListener('scroll', before, true);
  el.addEventListener('scroll', after);

  el.scrollTop = 0;
  await frame();
  await frame();
  const idle: number[] = [];
  let last = await frame();
  for (const start = last; last - start < plan.idleMs;) {
    const t = await frame();
    idle.push(t - last);
    last = t;
  }

  const sweep: number[] = [];
  let position = 0;
  let direction = 1;
  for (const start = last; last - start < plan.sweepMs;) {
    position += direction * plan.step;
    if (position > max) {
      position = 2 * max - position;
      direction = -1;
    }
    if (position < 0) {
      position = -position;
      direction = 1;
    }
    el.scrollTop = Math.max(0, Math.min(max, position));
    const t = await frame();
    sweep.push(t - last);
    last = t;
  }

  const jumps: number[] = [];
  for (let i = 0; i < plan.jumps; i++) {
    el.scrollTop = Math.round(random() * max);
    const t = await frame();
    jumps.push(t - last);
    last = t;
  }

  // The far end is really reachable, and only a window of rows is in the DOM.
  el.scrollTop = max;
  await frame();
  await frame();
  const rowIndexes = [...el.querySelectorAll('[role="row"]')].map((r) => Number(r.getAttribute('aria-rowindex')));
  w.document.removeEventListener('scroll', before, true);
  el.removeEventListener('scroll', after);
  return {
    idle,
    sweep,
    jumps,
    render,
    lastRowIndex: Math.max(...rowIndexes),
    rowsInDom: rowIndexes.length,
    scrollHeight: el.scrollHeight,
    visibility: w.document.visibilityState,
  };
}

// ---- Node side ----

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
/** Nearest-rank percentile. */
function pct(xs: readonly number[], p: number): number {
  const s = sorted(xs);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
const median = (xs: readonly number[]) => pct(xs, 50);
const ms = (x: number, digits = 1) => `${x.toFixed(digits)} ms`;
const share = (xs: readonly number[], over: number) => xs.filter((x) => x > over).length / Math.max(1, xs.length);
const pad = (s: string, n: number) => s.padStart(n);
const num = (x: number) => x.toLocaleString('en-US');

function ensureBuilt(): void {
  if (existsSync(join(root, 'out/renderer/index.html'))) return;
  console.log('Building the renderer (out/renderer is missing)…');
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'ignore' });
  if (r.status !== 0) throw new Error('electron-vite build failed');
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    locale: 'en-US',
    timezoneId: 'UTC',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await context.addInitScript({ content: NAME_SHIM });
  return context;
}

/** What the pages threw; any of it fails the run at the end. */
const pageErrors: string[] = [];

async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(url);
  await page.getByText('Sandbox', { exact: true }).waitFor();
  return page;
}

/** One navigation in a fresh context; the first run also checks that a typed look-up answers. */
async function timeToInteractive(browser: Browser, url: string, checkLookup: boolean) {
  const context = await newContext(browser);
  await context.addInitScript(probeInteractive);
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => (globalThis as unknown as PageWindow).__interactiveAt !== undefined);
    const times = await page.evaluate(readLoadTimes);
    if (checkLookup) {
      await page.getByLabel('Order ID or order number').fill('bench-nobody');
      await page.getByLabel('Order ID or order number').press('Enter');
      await page.getByText('No order has the orderId or orderNumber').waitFor({ timeout: 10_000 });
    }
    return times;
  } finally {
    await context.close();
  }
}

/**
 * Pastes the numbers into the batch box (Ctrl+V from the clipboard, as support would; Playwright's fill()
 * types through the editor and takes about a minute for 5,000 lines), starts the look-up, and waits until
 * the table shows every row.
 */
async function runBatch(page: Page, numbers: readonly string[]) {
  const text = numbers.join('\n');
  await page.getByRole('button', { name: 'Batch look-up' }).click();
  await page.evaluate((t) => (globalThis as unknown as PageWindow).navigator.clipboard.writeText(t), text);
  const box = page.getByLabel(/Order IDs or order numbers/);
  await box.focus();
  const pasting = performance.now();
  await page.keyboard.press('Control+V');
  const pasted = await box.evaluate((e) => (e as unknown as { value: string }).value.length);
  const pasteMs = performance.now() - pasting;
  if (pasted !== text.length) throw new Error(`The paste gave ${pasted} characters, not ${text.length}`);
  const started = performance.now();
  await page.getByRole('button', { name: 'Start the look-up' }).click();
  await page.getByRole('heading', { name: 'Batch finished' }).waitFor({ timeout: 15 * 60_000 });
  const finished = performance.now();
  const count = num(numbers.length);
  await page.getByText(`Showing ${count} of ${count} rows`).waitFor({ timeout: 5 * 60_000 });
  const shown = performance.now();
  const found = Number((await page.locator('[data-count="found"]').textContent())?.replace(/,/g, ''));
  return { pasteMs, lookupMs: finished - started, tableMs: shown - finished, found };
}

/** Real orders in three states: charged, declined, registered. Returns their order numbers. */
async function makeRealOrders(sandbox: Sandbox, n: number): Promise<string[]> {
  const numbers = Array.from({ length: n }, (_, i) => `bench-real-${i}`);
  for (let i = 0; i < n; i += 25) {
    await Promise.all(
      numbers.slice(i, i + 25).map(async (orderNumber, k) => {
        const kind = (i + k) % 3;
        if (kind === 0) return paidOrder(sandbox, { orderNumber });
        const orderId = await register(sandbox, { orderNumber });
        if (kind === 1) await payCard(sandbox, orderId, CARDS.declined);
      }),
    );
  }
  return numbers;
}

/** `n` numbers, one real order in every REAL_EVERY, the rest unknown to the sandbox. */
function batchNumbers(n: number, prefix: string, real: readonly string[]): string[] {
  return Array.from({ length: n }, (_, i) => (i % REAL_EVERY === 0 ? real[(i / REAL_EVERY) % real.length]! : `${prefix}-${i}`));
}

function frameRow(label: string, frames: readonly number[], render?: readonly number[]): string {
  return (
    label.padEnd(22) +
    pad(num(frames.length), 7) +
    pad(median(frames).toFixed(1), 8) +
    pad(pct(frames, 95).toFixed(1), 7) +
    pad(pct(frames, 99).toFixed(1), 7) +
    pad(Math.max(...frames).toFixed(1), 7) +
    pad(`${(share(frames, MISSED_ONE) * 100).toFixed(1)}%`, 9) +
    pad(`${(share(frames, MISSED_TWO) * 100).toFixed(1)}%`, 9) +
    (render ? pad(median(render).toFixed(2), 9) + pad(pct(render, 95).toFixed(2), 7) + pad(Math.max(...render).toFixed(1), 7) : '')
  );
}

ensureBuilt();
const dataFolder = mkdtempSync(join(tmpdir(), 'bench-ui-'));
let browser: Browser | undefined;
const mode = await openBrowserMode({ dataFolder, log: () => {} });
try {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
  });
  const url = mode.host.openUrl;

  // ---- 1. Navigation to an interactive Orders screen ----
  await timeToInteractive(browser, url, true); // warm-up (the host's first reads, the JIT), and the look-up check
  const runs: Awaited<ReturnType<typeof timeToInteractive>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await timeToInteractive(browser, url, false));
  const col = (f: (r: (typeof runs)[number]) => number) => runs.map(f);
  const loads = col((r) => r.load);
  const interactives = col((r) => r.interactive);
  if (interactives.some((x) => !Number.isFinite(x))) throw new Error('The probe never saw an interactive Orders screen');

  console.log(`\nChromium ${browser.version()}, browser mode on ${mode.host.origin}, ${availableParallelism()} cores`);
  console.log(
    `\nNavigation to an interactive Orders screen: ${RUNS} runs, each in a fresh context (no cache), in-page clocks` +
      ` (ms since navigation start)`,
  );
  console.log(`${''.padEnd(44)}${pad('median', 8)}${pad('p95', 8)}`);
  const timeRow = (label: string, xs: number[]) =>
    console.log(`${label.padEnd(44)}${pad(median(xs).toFixed(1), 8)}${pad(pct(xs, 95).toFixed(1), 8)}`);
  timeRow(
    'index.html DOMContentLoaded',
    col((r) => r.domContentLoaded),
  );
  timeRow('index.html load (every file fetched and run)', loads);
  timeRow(
    'app.info answered (resource timing)',
    col((r) => r.appInfo),
  );
  timeRow('Orders screen interactive', interactives);
  console.log(
    `ratio interactive/load: ${(median(interactives) / median(loads)).toFixed(2)} (medians); ` +
      `scripts ${(runs[0]!.scriptBytes / 1024).toFixed(0)} KB over the wire`,
  );

  // ---- 2. Frame times while scrolling the batch results ----
  const sandbox = mode.core.sandbox;
  const t0 = performance.now();
  const real = await makeRealOrders(sandbox, Math.ceil(ROWS / REAL_EVERY));
  const setupMs = performance.now() - t0;
  const smallContext = await newContext(browser);
  const largeContext = await newContext(browser);
  const small = await openPage(smallContext, url);
  const large = await openPage(largeContext, url);
  const smallBatch = await runBatch(small, batchNumbers(SMALL, 'bench-small', real));
  const largeBatch = await runBatch(large, batchNumbers(ROWS, 'bench', real));
  console.log(
    `\nBatch look-ups through the UI against the embedded sandbox (${num(real.length)} real orders made first, in ${(setupMs / 1000).toFixed(1)} s;` +
      ` one row in ${REAL_EVERY} is one of them, the rest are unknown numbers)`,
  );
  for (const [rows, b] of [
    [SMALL, smallBatch],
    [ROWS, largeBatch],
  ] as const) {
    console.log(
      `${pad(num(rows), 9)} numbers: pasted in ${ms(b.pasteMs, 0)}, looked up in ${(b.lookupMs / 1000).toFixed(1)} s ` +
        `(${num(Math.round(rows / (b.lookupMs / 1000)))}/s, ${num(b.found)} found), table shown ${ms(b.tableMs, 0)} after "Batch finished"`,
    );
  }

  // The same pace on both lists: the 100,000-row list swept end to end in SWEEP_MS at 60 frames a second.
  const largeHeight = await large.getByTestId('batch-scroller').evaluate((e) => (e as unknown as PageElement).scrollHeight);
  const step = Math.ceil(largeHeight / ((SWEEP_MS / 1000) * 60));
  const results = { small: [] as Awaited<ReturnType<typeof scrollFrames>>[], large: [] as Awaited<ReturnType<typeof scrollFrames>>[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [key, page] of [
      ['small', small],
      ['large', large],
    ] as const) {
      await page.bringToFront();
      const plan: ScrollPlan = { step, sweepMs: SWEEP_MS, jumps: JUMPS, idleMs: IDLE_MS, seed: 1000 + round };
      const r = await page.evaluate(scrollFrames, plan);
      const rows = key === 'small' ? SMALL : ROWS;
      if (r.lastRowIndex !== rows + 1)
        throw new Error(`Scrolled to the end of ${rows} rows but the last row shown is ${r.lastRowIndex - 1}`);
      if (r.visibility !== 'visible') throw new Error(`The page was ${r.visibility} while measured`);
      results[key].push(r);
    }
  }
  const all = (key: 'small' | 'large', f: (r: Awaited<ReturnType<typeof scrollFrames>>) => number[]) => results[key].flatMap(f);
  const scrolled = (key: 'small' | 'large') => all(key, (r) => [...r.sweep, ...r.jumps]);
  const renders = (key: 'small' | 'large') => all(key, (r) => r.render);

  console.log(
    `\nFrame times while scrolling the results table, in the page (rAF deltas, ms), ${ROUNDS} rounds per list, alternating;` +
      `\neach round: ${IDLE_MS / 1000} s idle, a ${SWEEP_MS / 1000} s sweep at ${num(step)} px a frame (the ${num(ROWS)}-row list end to end,` +
      ` bouncing at the ends), ${JUMPS} random jumps, one scroll a frame.` +
      `\n">16.7ms": frames that missed a vsync (delta > ${MISSED_ONE.toFixed(1)} ms), ">33.4ms": two (> ${MISSED_TWO.toFixed(1)} ms);` +
      ` "render": the scroll's synchronous work (virtualiser + React flushSync), median, p95, max`,
  );
  console.log(
    `${''.padEnd(22)}${pad('frames', 7)}${pad('median', 8)}${pad('p95', 7)}${pad('p99', 7)}${pad('max', 7)}` +
      `${pad('>16.7ms', 9)}${pad('>33.4ms', 9)}${pad('render', 9)}${pad('p95', 7)}${pad('max', 7)}`,
  );
  console.log(frameRow('idle page (floor)', [...all('small', (r) => r.idle), ...all('large', (r) => r.idle)]));
  for (const [key, rows] of [
    ['small', SMALL],
    ['large', ROWS],
  ] as const) {
    console.log(
      frameRow(
        `${num(rows)} rows: sweep`,
        all(key, (r) => r.sweep),
      ),
    );
    console.log(
      frameRow(
        `${num(rows)} rows: jumps`,
        all(key, (r) => r.jumps),
      ),
    );
    console.log(frameRow(`${num(rows)} rows: all`, scrolled(key), renders(key)));
  }
  const mean = (xs: readonly number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
  const sample = results.large[0]!;
  console.log(
    `ratio ${num(ROWS)}/${num(SMALL)} rows: p95 frame ${(pct(scrolled('large'), 95) / pct(scrolled('small'), 95)).toFixed(2)}, ` +
      `mean frame ${(mean(scrolled('large')) / mean(scrolled('small'))).toFixed(2)}, ` +
      `p95 render ${(pct(renders('large'), 95) / pct(renders('small'), 95)).toFixed(2)} ` +
      `(${sample.rowsInDom} rows in the DOM at a time; the table is ${(sample.scrollHeight / 1e6).toFixed(2)} M px high)`,
  );
  await smallContext.close();
  await largeContext.close();
  if (pageErrors.length > 0) throw new Error(`The page threw: ${pageErrors.join('; ')}`);
} finally {
  await browser?.close();
  await mode.close();
  rmSync(dataFolder, { recursive: true, force: true });
}
