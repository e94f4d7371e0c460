/**
 * The Orders list in Debian's Chromium through browser mode: time from navigation to an interactive list
 * with 1,000,000 cached orders against an empty cache, in the same run. Browser-mode hosts, each in its own
 * process on its own data folder (one whose app.sqlite holds the orders of the 90 days before now, written as
 * a sync writes, 1,000 a transaction; one new), navigated in turns, each navigation in a fresh context: first
 * a new host for each navigation (the first open after start, signed in just before), then two running hosts.
 *
 * "Interactive" is the first DOM change after which the list of today is shown (its table, with its first
 * rows when the period has any), the sync on open has ended ("Synced at ...") and the look-up box is
 * enabled: what a user waits for before filtering.
 *
 *   npm run bench:orders-screen [-- --orders 1000000 --runs 7 --dir FOLDER]   (--dir keeps the cache)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { signIn, startHost, stopHost } from './appHost.js';
import { shopFolder } from './shopOrders.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '7' },
    dir: { type: 'string' },
  },
});
const ORDERS = Number(values.orders);
const RUNS = Number(values.runs);
const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** As bench/ui.ts: tsx's keepNames wraps functions in __name(), which the page lacks. */
const NAME_SHIM = 'globalThis.__name = (f) => f;';

interface ProbeElement {
  readonly textContent: string | null;
  readonly disabled: boolean;
  readonly htmlFor: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): ProbeElement | null;
  querySelectorAll(selector: string): Iterable<ProbeElement>;
}
interface ProbeWindow {
  readonly document: ProbeElement & { getElementById(id: string): ProbeElement | null };
  readonly performance: { now(): number };
  readonly MutationObserver: new (f: () => void) => { observe(target: unknown, o: object): void; disconnect(): void };
  __interactiveAt?: number;
  __listAt?: number;
  __syncedAt?: number;
  __rows?: number;
}

/** Runs in the page before its scripts: notes performance.now() once the list is interactive (see above). */
function probeInteractive(): void {
  const w = globalThis as unknown as ProbeWindow;
  const observer = new w.MutationObserver(() => {
    if (w.__interactiveAt !== undefined) return;
    const mark = [...w.document.querySelectorAll('.sync-mark')].map((m) => m.textContent ?? '').join(' ');
    if (mark.includes('Synced')) w.__syncedAt ??= w.performance.now();
    const table = w.document.querySelector('.period-table');
    if (!table) return;
    const rows = Number(table.getAttribute('aria-rowcount') ?? '1') - 1;
    if (rows > 0 && !table.querySelector('[data-order-number]')) return;
    w.__listAt ??= w.performance.now();
    if (!mark.includes('Synced')) return;
    const label = [...w.document.querySelectorAll('label[for]')].find((l) => l.textContent === 'Order ID or order number');
    const input = label ? w.document.getElementById(label.htmlFor) : null;
    if (!input || input.disabled) return;
    w.__interactiveAt = w.performance.now();
    w.__rows = rows;
    observer.disconnect();
  });
  observer.observe(w.document, { childList: true, subtree: true, characterData: true, attributes: true });
}

function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}
const median = (xs: readonly number[]) => pct(xs, 50);

interface Timing {
  /** The list interactive (all of the above). */
  readonly ms: number;
  /** Its table first shown (with rows, if any), and the sync mark first saying "Synced". */
  readonly listMs: number;
  readonly syncedMs: number;
  readonly rows: number;
}

async function timeToInteractive(browser: Browser, url: string): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US', timezoneId: 'UTC' });
  await context.addInitScript({ content: NAME_SHIM });
  await context.addInitScript(probeInteractive);
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => (globalThis as unknown as ProbeWindow).__interactiveAt !== undefined, undefined, { timeout: 120_000 });
    if (errors.length > 0) throw new Error(`The page threw: ${errors.join('; ')}`);
    return page.evaluate(() => {
      const w = globalThis as unknown as ProbeWindow;
      return { ms: w.__interactiveAt!, listMs: w.__listAt ?? NaN, syncedMs: w.__syncedAt ?? NaN, rows: w.__rows! };
    });
  } finally {
    await context.close();
  }
}

if (!existsSync(join(root, 'out/renderer/index.html'))) {
  console.log('Building the renderer (out/renderer is missing)…');
  if (spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'ignore' }).status !== 0)
    throw new Error('electron-vite build failed');
}
const base = values.dir ?? mkdtempSync(join(tmpdir(), 'bench-orders-screen-'));
const fullFolder = join(base, 'full');
const emptyFolder = mkdtempSync(join(tmpdir(), 'bench-orders-screen-empty-'));
shopFolder(fullFolder, ORDERS, Date.now(), 1000);

/** The first open after the host started: a new host process, signed in, then one navigation. */
async function firstOpen(browser: Browser, folder: string): Promise<Timing> {
  const host = await startHost(folder);
  try {
    await signIn(host);
    return await timeToInteractive(browser, host.openUrl);
  } finally {
    await stopHost(host);
  }
}

let browser: Browser | undefined;
try {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
  });
  const load = loadavg();
  // Each host in its own process, as the app runs: the first open after each start, then opens of a running host.
  const firstEmpty: Timing[] = [];
  const firstFull: Timing[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternating which goes first, so a slow patch of the shared machine weighs on both.
    if (i % 2 === 0) {
      firstEmpty.push(await firstOpen(browser, emptyFolder));
      firstFull.push(await firstOpen(browser, fullFolder));
    } else {
      firstFull.push(await firstOpen(browser, fullFolder));
      firstEmpty.push(await firstOpen(browser, emptyFolder));
    }
  }
  const full = await startHost(fullFolder);
  const empty = await startHost(emptyFolder);
  const onEmpty: Timing[] = [];
  const onFull: Timing[] = [];
  try {
    await signIn(full);
    await signIn(empty);
    // Warm-up of both hosts (first reads, the JIT, the page cache of the big file).
    await timeToInteractive(browser, empty.openUrl);
    await timeToInteractive(browser, full.openUrl);
    for (let i = 0; i < RUNS; i++) {
      const pair = i % 2 === 0 ? [empty, full] : [full, empty];
      for (const host of pair) (host === full ? onFull : onEmpty).push(await timeToInteractive(browser, host.openUrl));
    }
  } finally {
    await stopHost(full);
    await stopHost(empty);
  }
  console.log(
    `\nChromium ${browser.version()}, browser mode in its own process, ${availableParallelism()} cores, load average ${load.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log('ms since navigation start, medians (p95)        list shown      synced        interactive');
  const cell = (ts: readonly Timing[], f: (t: Timing) => number) =>
    `${median(ts.map(f)).toFixed(0)} (${pct(ts.map(f), 95).toFixed(0)})`.padStart(14);
  const row = (label: string, ts: readonly Timing[]) =>
    console.log(label.padEnd(44) + cell(ts, (t) => t.listMs) + cell(ts, (t) => t.syncedMs) + cell(ts, (t) => t.ms));
  const orders = `${ORDERS.toLocaleString('en-US')} cached orders (${onFull[0]!.rows.toLocaleString('en-US')} today)`;
  row(`first open after start, empty cache`, firstEmpty);
  row(`first open after start, ${orders}`, firstFull);
  row('open of a running host, empty cache', onEmpty);
  row(`open of a running host, ${orders}`, onFull);
  const ratio = (a: readonly Timing[], b: readonly Timing[]) => (median(a.map((t) => t.ms)) / median(b.map((t) => t.ms))).toFixed(2);
  console.log(`ratio of interactive medians, first open after start: ${ratio(firstFull, firstEmpty)} (target <= 1.2)`);
  console.log(`ratio of interactive medians, open of a running host: ${ratio(onFull, onEmpty)}`);
} finally {
  await browser?.close();
  rmSync(emptyFolder, { recursive: true, force: true });
  if (values.dir === undefined) rmSync(base, { recursive: true, force: true });
}
