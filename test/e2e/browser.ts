/**
 * The UI under test, for real: the app in browser mode (the same core and IPC contract as the Electron
 * window) on a random loopback port, over real SQLite files and the real keychain, with its embedded
 * sandbox, driven by Playwright in Debian's Chromium. Screenshots go to test-results/screenshots/.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnable } from '../../scripts/runnable.mjs';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { openBrowserMode, type BrowserMode } from '../../main/browserMode.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import type { Vault } from '../../main/vault/vault.js';
import { ADMIN, ensureAdministrator, PASSWORD } from './people.js';

export { ADMIN, ensureAdministrator, PASSWORD };

const root = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Why the browser tests cannot run here, if they cannot; CI sets REQUIRE_BROWSER so that this fails instead.
 * `npm test` says so once for all files (SKIPS_ANNOUNCED); a file run alone says so itself.
 */
export function browserMissing(): string | undefined {
  if (runnable(CHROMIUM)) return undefined;
  const reason = `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`;
  if (process.env.REQUIRE_BROWSER) throw new Error(reason);
  if (!process.env.SKIPS_ANNOUNCED) console.log(`UI tests skipped: ${reason}`);
  return reason;
}

/** The built renderer; built once if a test run starts without it. */
export function ensureBuilt(): void {
  if (existsSync(join(root, 'out/renderer/index.html'))) return;
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'ignore' });
  if (r.status !== 0) throw new Error('electron-vite build failed');
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-dev-shm-usage',
      // The run's gnome-keyring is the app's keychain under test: Chromium keeps its own secrets in its
      // profile instead of asking that Secret Service (a browser at every UI test, several at once).
      '--password-store=basic',
    ],
  });
}

/** Who a page signs in as: a login and its password. */
export interface Credentials {
  readonly login: string;
  readonly password: string;
}

/**
 * Adds a person with this role through the core, as ADMIN adds them in People (ADMIN must be there): the
 * person as the tests sign in with them, PASSWORD theirs.
 */
export async function addPerson(
  mode: BrowserMode,
  login: string,
  role: 'support' | 'finance' | 'administrator',
  displayName = `${role[0]!.toUpperCase()}${role.slice(1)} ${login}`,
): Promise<Credentials> {
  const admin = (await mode.core.people.list()).find((p) => p.login === ADMIN.login);
  if (!admin) throw new Error('The data folder has no ADMIN to add people with');
  await mode.core.people.addBy(admin, { login, displayName, role, password: PASSWORD });
  return { login, password: PASSWORD };
}

export interface AppUnderTest {
  readonly mode: BrowserMode;
  readonly page: Page;
  readonly sandbox: Sandbox;
  readonly dataFolder: string;
  close(): Promise<void>;
}

/**
 * Opens the app on a data folder (a fresh one unless given) in a new page of the browser. A test that keeps
 * credentials of an environment another test file also uses can give the app its own keychain service,
 * since the files run in parallel over one keychain.
 */
export async function openApp(
  browser: Browser,
  dataFolder = mkdtempSync(join(tmpdir(), 'backoffice-ui-')),
  options: {
    readonly vault?: Vault;
    /** The embedded sandbox seeded with demo data on first run, as `npm start` does. */ readonly demo?: boolean;
  } = {},
): Promise<AppUnderTest> {
  ensureBuilt();
  const mode = await openBrowserMode({
    dataFolder,
    log: () => {},
    ...(options.vault ? { vault: options.vault } : {}),
    ...(options.demo ? { demo: true } : {}),
  });
  await ensureAdministrator(mode);
  const opened = await openPage(browser, mode.host.openUrl);
  return {
    mode,
    page: opened.page,
    sandbox: mode.core.sandbox,
    dataFolder,
    close: async () => {
      try {
        await opened.close();
      } finally {
        await mode.close();
      }
    },
  };
}

/** The window every UI test's page opens in. */
const WINDOW = { width: 1280, height: 860 } as const;

/**
 * A page of the app served at this address (by openApp, or by a process of its own), in a fresh context as
 * every UI test sees it: 1280 px wide, US English, UTC, signed in through the sign-in screen (as ADMIN unless
 * told) where the desk has nobody signed in yet. Closing it fails if the page threw.
 */
export async function openPage(
  browser: Browser,
  url: string,
  who: Credentials = ADMIN,
): Promise<{ readonly page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({
    viewport: WINDOW,
    acceptDownloads: true,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  // The desk's session is the app's, not the page's: a second page of a desk already signed in has the app at once.
  const workspaces = workspacesIn(page);
  await workspaces.or(signInButton(page)).first().waitFor();
  if (!(await workspaces.isVisible())) await signIn(page, who);
  await workspaces.waitFor();
  return {
    page,
    close: async () => {
      await context.close();
      if (errors.length > 0) throw new Error(`The page threw: ${errors.join('; ')}`);
    },
  };
}

type OpenOptions = NonNullable<Parameters<typeof openApp>[2]> & {
  /** The window's size, for a file whose tests look at the app in another than the one pages open in. */
  readonly viewport?: { readonly width: number; readonly height: number };
};

/**
 * A UI test file's app: Chromium launched and the app opened (on a fresh data folder) before the file's own
 * hooks and tests, and closed after them. Read it inside hooks and tests only: it is there once they run.
 * `options` is a function where it makes something (a keychain service of its own), so that nothing is made
 * while a skipped file is only being collected.
 */
export function appInBrowser(options: OpenOptions | (() => OpenOptions) = {}): AppUnderTest & { readonly browser: Browser } {
  let browser: Browser | undefined;
  let app: AppUnderTest | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    const { viewport, ...open } = typeof options === 'function' ? options() : options;
    app = await openApp(browser, undefined, open);
    if (viewport) await app.page.setViewportSize(viewport);
  }, 60_000);
  afterAll(() => closeApp(app, browser));
  const opened = (): AppUnderTest => {
    if (!app) throw new Error('The app is not open yet: read it inside a hook or a test');
    return app;
  };
  return {
    get browser() {
      if (!browser) throw new Error('Chromium is not launched yet: read it inside a hook or a test');
      return browser;
    },
    get mode() {
      return opened().mode;
    },
    get page() {
      return opened().page;
    },
    get sandbox() {
      return opened().sandbox;
    },
    get dataFolder() {
      return opened().dataFolder;
    },
    close: () => opened().close(),
  };
}

/*
 * The sign-in screen and the app as they are in either language: the sign-in screen speaks the desk's, and
 * the app the language of the person who signs in.
 */
const workspacesIn = (page: Page) => page.getByRole('navigation', { name: /^(Workspaces|Разделы)$/ });
const signInButton = (within: Page | Locator) => within.getByRole('button', { name: /^(Sign in|Войти)$/ });

/** Signs in on the sign-in screen (or the lock screen) as shown now, and waits for the app. */
export async function signIn(page: Page, { login, password }: Credentials): Promise<void> {
  const lock = page.getByRole('dialog', { name: /^(Locked|Заблокировано)$/ });
  const where = (await lock.count()) > 0 ? lock : page;
  await where.getByLabel(/^(Login|Логин)$/).fill(login);
  await where.getByLabel(/^(Password|Пароль)$/).fill(password);
  await signInButton(where).click();
  // A password is checked at scrypt's cost: half a second or more on a busy machine.
  await workspacesIn(page).waitFor({ timeout: 30_000 });
  await lock.waitFor({ state: 'detached', timeout: 30_000 });
}

/** The person signed in, in the top bar: their name and role, and the menu of what they do at the desk. */
export const personGroup = (page: Page) => page.getByRole('banner').getByRole('group', { name: /^(Signed in|Вы вошли)$/ });

/** Opens the person's menu in the top bar and picks an item of it (Lock, Sign out, Change password…). */
export async function fromPersonMenu(page: Page, item: string | RegExp): Promise<void> {
  const group = personGroup(page);
  await group.getByRole('button', { expanded: false }).click();
  await group.getByRole('button', { name: item }).click();
}

/**
 * Signs the person at the desk out from the top bar (in whichever language they speak), and signs in as another
 * one through the sign-in screen.
 */
export async function signInAs(page: Page, who: Credentials): Promise<void> {
  await fromPersonMenu(page, /^(Sign out|Выйти)$/);
  await signInButton(page).waitFor();
  await signIn(page, who);
}

/** What window.api.invoke answered in the page: the envelope as the renderer gets it. */
export interface PageAnswer {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: { readonly code: string; readonly message: string };
}

/** Calls a channel from the page, through the bridge the renderer uses: what the screen could ask, and is answered. */
export const invokeInPage = (page: Page, channel: string, input: unknown): Promise<PageAnswer> =>
  page.evaluate(`window.api.invoke(${JSON.stringify(channel)}, ${JSON.stringify(input)})`) as Promise<PageAnswer>;

/** Opens a workspace by its name in the navigation. */
export const openWorkspace = (page: Page, name: string) => page.getByRole('navigation').getByRole('button', { name }).click();

/**
 * The Orders list's totals table (unfolded), its footer: per currency, each figure's minor units and its text
 * as shown, in the table's order (held, captured, refunded, net).
 */
export const totalsFooter = (page: Page) =>
  page
    .getByTestId('period-totals')
    .locator('tfoot tr')
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        currency: tr.getAttribute('data-currency')!,
        figures: [...tr.querySelectorAll('td[data-minor]')].map((td) => ({
          minor: Number(td.getAttribute('data-minor')),
          text: td.textContent!,
        })),
      })),
    );

/** How many of the page's status messages say these words. */
export const saidTimes = (page: Page, words: string | RegExp) => page.getByRole('status').filter({ hasText: words }).count();

/**
 * Charges the card chosen in the Charges workspace as finance does: the amount typed, reviewed, the check
 * ticked, charged. The outcome the workspace shows then.
 */
export async function chargeChosenCard(page: Page, amount: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await page.getByRole('button', { name: 'Review the charge…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'I have checked the client, the card and the amount' }).check();
  await dialog.getByRole('button', { name: /^Charge RUB/ }).click();
  return page.locator('.charge-outcome');
}

/**
 * Saves a connection for an environment in Settings (the tab of that name, the section named `section`), at an
 * address where nothing answers, with a password kept in the keychain, and goes back to the General tab: an
 * environment the app can then be switched to.
 */
export async function connectEnvironment(page: Page, tab: string, section: RegExp): Promise<void> {
  await page.getByRole('tab', { name: tab }).click();
  const environment = page.getByRole('region', { name: section });
  await environment.getByLabel('Base URL').fill('https://127.0.0.1:9/payment');
  await environment.getByLabel('API user name').fill('shop-api');
  await environment.getByRole('button', { name: 'Save connection' }).click();
  await environment.getByLabel('API password').fill('a-password');
  await environment.getByRole('button', { name: 'Save connection' }).click();
  // The keychain answers over D-Bus: slower than a second on a busy machine.
  await expect.poll(() => environment.getByText('Set: stored in the OS keychain').count(), { timeout: 15_000 }).toBe(1);
  await page.getByRole('tab', { name: 'General' }).click();
}

export const removeFolder = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** Every UI test's teardown: the app closed (if it opened), then the browser, then the app's data folder removed. */
export async function closeApp(app: AppUnderTest | undefined, browser: Browser | undefined): Promise<void> {
  await app?.close();
  await browser?.close();
  if (app) removeFolder(app.dataFolder);
}

/** The workspaces in the navigation, in order, as an administrator sees them (Alt+1 … Alt+0). */
export const WORKSPACES = [
  'Orders',
  'Stored cards',
  'Charges',
  'Signing keys',
  'Audit',
  'Settings',
  'Reconciliation',
  'Customers',
  'People',
  'Approvals',
] as const;

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join(root, 'test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Switches the app to the theme asked for with its own toggle (a no-op if it is in use already). */
export async function useTheme(page: Page, wanted: 'light' | 'dark'): Promise<void> {
  if ((await page.locator('html').getAttribute('data-theme')) !== wanted)
    await page.getByRole('button', { name: /Switch to .* theme/ }).click();
  expect(await page.locator('html').getAttribute('data-theme'), `The ${wanted} theme did not take`).toBe(wanted);
}

/** A screenshot of the page in each theme (`${name}-light`, `${name}-dark`), axe clean in each; it ends in light. */
export async function shootInBothThemes(page: Page, name: string): Promise<void> {
  for (const wanted of ['light', 'dark'] as const) {
    await useTheme(page, wanted);
    await screenshot(page, `${name}-${wanted}`);
    expect(await accessibilityProblems(page)).toEqual([]);
  }
  await useTheme(page, 'light');
}

/** A screenshot of the page at 1280x720 and then at 1024x640, where it stays (`${name}-1280x720`, …), axe clean at each. */
export async function shootAtSmallSizes(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1280, height: 720 },
    { width: 1024, height: 640 },
  ]) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${size.width}x${size.height}`);
    expect(await accessibilityProblems(page)).toEqual([]);
  }
}

/** axe-core's serious and critical findings on the page as it is now, in words for the failure message. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Switches the language from the top bar, where it is each person's own, and waits until the screens
 * speak it and main has kept it (the control is busy until then: main reopens the gateway client in it).
 */
export async function chooseLanguage(page: Page, language: 'en' | 'ru'): Promise<void> {
  await languageControl(page).selectOption(language);
  await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 30_000 }).toBe(language);
  await expect.poll(() => languageControl(page).inputValue()).toBe(language);
  await expect.poll(() => preferencesGroup(page).getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
}

/** The person's preferences in the top bar, in whichever language the app speaks. */
export const preferencesGroup = (page: Page) =>
  page.getByRole('banner').getByRole('group', { name: /^(Your preferences|Ваши настройки)$/ });

/** The language chooser of the top bar, the one control for it. */
export const languageControl = (page: Page) => preferencesGroup(page).getByRole('combobox');

/**
 * Runs the test with the app in Russian, on the workspace named (in each language); then, whatever happened,
 * back in English on it, in the window pages open in: the tests after it read the app as they expect to.
 */
export async function inRussian(
  page: Page,
  workspace: { readonly en: string; readonly ru: string },
  test: () => Promise<void>,
): Promise<void> {
  const speak = async (language: 'en' | 'ru') => {
    await chooseLanguage(page, language);
    await page.getByRole('navigation').getByRole('button', { name: workspace[language], exact: true }).click();
  };
  try {
    await speak('ru');
    await test();
  } finally {
    await page.setViewportSize(WINDOW);
    await speak('en');
  }
}
