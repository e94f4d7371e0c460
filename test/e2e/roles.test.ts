/**
 * People and sessions in the browser (issue 29), in Chromium through browser mode against the embedded
 * sandbox: a fresh installation's first start makes its administrator, who is signed in at once, and the
 * person's keys and clicks are told to main at most once every 30 seconds; an installation with the role profile
 * of an earlier version adopts it with its passphrase; the administrator adds, changes, disables and enables
 * people and sets a password in People, and main's refusals (a login taken, the last administrator) are said
 * in words; ending a person's sessions asks first and is audited, and ending one's own signs one out here; support is offered no Charges and cannot reach the charge channel even by calling the api from the
 * page (nothing is charged, the refusal is audited), while finance changes her own password and charges the
 * same card; a desk that locks keeps a half-typed charge form, cancels its open charge or refund confirmation
 * and sends nothing, and signing in again finds the form as it was typed. Screenshots of each screen, and axe
 * on each.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowserMode, type BrowserMode } from '../../main/browserMode.js';
import { Vault } from '../../main/vault/vault.js';
import { leaveProfileIn } from '../services/legacyProfile.js';
import { control, uniqueNumber } from '../sandbox/client.js';
import {
  accessibilityProblems,
  ADMIN,
  appInBrowser,
  browserMissing,
  fromPersonMenu,
  personGroup,
  invokeInPage,
  PASSWORD,
  removeFolder,
  screenshot,
  signIn,
  signInAs,
  useTheme,
  WORKSPACES,
} from './browser.js';

// The profile of an earlier version is kept in the OS keychain: `npm test` provides gnome-keyring in a private D-Bus session.
const keychain = process.env.KEYCHAIN_TESTS === '1';
const OLD_PASSPHRASE = 'the passphrase of the role profile';
// Each signs in with the second password: the first is the one they were added with, and is replaced (by an
// administrator for Sam, who forgot his; by Fay herself), so that each sign-in proves the change took.
const SUPPORT = { login: 'sam.support', password: `${PASSWORD} of sam, renewed` };
const SUPPORT_FIRST = `${PASSWORD} of sam`;
const FINANCE = { login: 'fay.finance', password: `${PASSWORD} of fay, her own` };
const FINANCE_FIRST = `${PASSWORD} of fay`;

describe.skipIf(browserMissing())('People and sessions in the browser', { timeout: 120_000 }, () => {
  const app = appInBrowser();
  const clientId = uniqueNumber('people-client');
  /** The charge support tries: a real card of a real client, valid in every field. */
  let charge: Record<string, unknown>;

  beforeAll(async () => {
    const seeded = await control(app.sandbox, 'POST', '/seed', { bindings: [{ clientId, category: 'COMMON', pan: '4111111111111111' }] });
    const [binding] = seeded.bindings as { bindingId: string }[];
    charge = {
      environment: 'sandbox',
      clientId,
      bindingId: binding!.bindingId,
      category: 'COMMON',
      amount: 1_500,
      currency: '643',
      reference: uniqueNumber('people-charge'),
    };
  });

  const navigation = (page: Page) => page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button').allTextContents();
  const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name, exact: true });
  const person = personGroup;
  /** The page's own window.api, as any script in the page could call it. */
  const invoke = invokeInPage;
  const ordersNumbered = async (orderNumber: string) =>
    (await control(app.sandbox, 'GET', `/orders?orderNumber=${encodeURIComponent(orderNumber)}`)).orders as { status: number }[];

  /**
   * A desk of its own on a fresh data folder (given what `prepare` leaves in it, and the keychain of `vault`), its
   * page open at the first start as a person meets it; closed, and its folder removed, after `use`.
   */
  const atFirstStart = async (
    name: string,
    { vault, prepare }: { readonly vault?: Vault; readonly prepare?: (folder: string) => Promise<void> },
    use: (page: Page, mode: BrowserMode) => Promise<void>,
  ) => {
    const folder = mkdtempSync(join(tmpdir(), `backoffice-${name}-`));
    await prepare?.(folder);
    const mode = await openBrowserMode({ dataFolder: folder, ...(vault ? { vault } : {}), log: () => {} });
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US', timezoneId: 'UTC' });
    try {
      const page = await context.newPage();
      await page.goto(mode.host.openUrl);
      await use(page, mode);
    } finally {
      await context.close();
      await mode.close();
      removeFolder(folder);
    }
  };

  it('makes the first administrator of a fresh installation at its first start, signed in at once', async () => {
    await atFirstStart('first', {}, async (page, mode) => {
      const form = page.getByRole('form', { name: 'The first administrator' });
      await form.waitFor();
      // The app's name and the environment money would move in are there before anyone signs in.
      expect(await page.getByRole('banner').textContent()).toContain('Sandbox');
      expect(await page.getByRole('navigation', { name: 'Workspaces' }).count()).toBe(0);
      await form.getByLabel('Login', { exact: true }).fill('first.admin');
      await form.getByLabel('Name', { exact: true }).fill('Fiona First');
      await form.getByLabel('Password', { exact: true }).fill('too short');
      await expect.poll(() => form.getByRole('alert').textContent()).toBe('At least 12 characters');
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByLabel('Password again', { exact: true }).fill(`${PASSWORD}!`);
      await expect.poll(() => form.getByRole('alert').textContent()).toBe('The two passwords differ');
      expect(await form.getByRole('button', { name: 'Create the administrator and sign in' }).isDisabled()).toBe(true);
      await form.getByLabel('Password again', { exact: true }).fill(PASSWORD);
      await screenshot(page, 'people-first-start');
      expect(await accessibilityProblems(page)).toEqual([]);
      await form.getByRole('button', { name: 'Create the administrator and sign in' }).click();

      await page.getByRole('navigation', { name: 'Workspaces' }).waitFor({ timeout: 30_000 });
      expect(await navigation(page)).toEqual(WORKSPACES);
      expect(await person(page).textContent()).toContain('Fiona First');
      expect(await person(page).textContent()).toContain('Administrator');
      expect((await mode.core.people.list()).map((p) => [p.login, p.role])).toEqual([['first.admin', 'administrator']]);

      // The person's keys and clicks keep the desk from locking: told to main at most once every 30 seconds
      // (signing in was the last activity it knows of), never by the screens' own reads.
      const told: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/ipc/session.activity') told.push(r.url());
      });
      await page.keyboard.press('Shift');
      await page.clock.setFixedTime(Date.now() + 31_000);
      await page.keyboard.press('Shift');
      await page.mouse.click(600, 400);
      await expect.poll(() => told.length).toBe(1);
    });
  });

  it.runIf(keychain)('adopts the role profile an earlier version left as its administrator’s account, with the passphrase', async () => {
    // A keychain service of the test's own: the files run in parallel over one keychain.
    const vault = new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`);
    const prepare = (folder: string) => leaveProfileIn(folder, OLD_PASSPHRASE, vault);
    await atFirstStart('adopt', { vault, prepare }, async (page, mode) => {
      const form = page.getByRole('form', { name: 'An account for the administrator' });
      await form.waitFor();
      await form.getByLabel('Login', { exact: true }).fill('old.admin');
      await form.getByLabel('Name', { exact: true }).fill('Olga Old');
      await form.getByLabel('The role profile’s passphrase', { exact: true }).fill('not the passphrase it was');
      await form.getByRole('button', { name: 'Make the account and sign in' }).click();
      await expect.poll(() => form.getByRole('alert').count(), { timeout: 30_000 }).toBe(1);
      expect(await form.getByLabel('The role profile’s passphrase', { exact: true }).inputValue()).toBe('');
      expect(await mode.core.people.fresh()).toBe(true);
      await screenshot(page, 'people-adopt-profile');
      expect(await accessibilityProblems(page)).toEqual([]);

      await form.getByLabel('The role profile’s passphrase', { exact: true }).fill(OLD_PASSPHRASE);
      await form.getByRole('button', { name: 'Make the account and sign in' }).click();
      await page.getByRole('navigation', { name: 'Workspaces' }).waitFor({ timeout: 30_000 });
      expect(await navigation(page)).toEqual(WORKSPACES);
      expect(await person(page).textContent()).toContain('Olga Old');
      expect((await mode.core.people.list()).map((p) => [p.login, p.role])).toEqual([['old.admin', 'administrator']]);
    });
  });

  it('lets the administrator add people in People, and says in words what main refuses', async () => {
    const { page } = app;
    await useTheme(page, 'light');
    expect(await navigation(page)).toEqual(WORKSPACES);
    expect(await person(page).textContent()).toContain(ADMIN.displayName);
    await nav(page, 'People').click();
    const add = page.getByRole('form', { name: 'Add a person' });
    const table = page.getByRole('table', { name: 'Accounts' });
    await expect.poll(() => table.textContent()).toContain(ADMIN.login);

    const addPerson = async (login: string, name: string, role: string, password: string) => {
      await add.getByLabel('Login', { exact: true }).fill(login);
      await add.getByLabel('Name', { exact: true }).fill(name);
      await add.getByLabel('Role', { exact: true }).selectOption({ label: role });
      await add.getByLabel('Password', { exact: true }).fill(password);
      await add.getByLabel('Password again', { exact: true }).fill(password);
      await add.getByRole('button', { name: 'Add the person' }).click();
    };
    await addPerson(SUPPORT.login, 'Sam Support', 'Support', SUPPORT_FIRST);
    await expect.poll(() => table.textContent(), { timeout: 30_000 }).toContain(SUPPORT.login);
    // The form is empty again for the next person.
    expect(await add.getByLabel('Login', { exact: true }).inputValue()).toBe('');
    await addPerson(FINANCE.login, 'Fay Finance', 'Finance', FINANCE_FIRST);
    await expect.poll(() => table.textContent(), { timeout: 30_000 }).toContain(FINANCE.login);

    // The same login again: main refuses it, and the form says why, beside it.
    await addPerson(SUPPORT.login, 'Sam Again', 'Support', SUPPORT_FIRST);
    await expect.poll(() => add.getByRole('alert').textContent(), { timeout: 30_000 }).toContain(`The login ${SUPPORT.login} is taken`);
    expect(await table.locator('tbody tr').count()).toBe(3);
    await screenshot(page, 'people-light');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('changes a role, disables and enables a person, sets a password, and says why the last administrator stays', async () => {
    const { page } = app;
    const table = page.getByRole('table', { name: 'Accounts' });
    const row = (login: string) => table.locator('tbody tr', { hasText: login });
    // The one active administrator cannot be disabled: main says so, in words, above the list.
    await page.getByRole('button', { name: `Disable ${ADMIN.login}` }).click();
    const refusal = page.getByRole('main').getByRole('alert').filter({ hasText: 'last active administrator' });
    await expect.poll(() => refusal.count(), { timeout: 30_000 }).toBe(1);
    expect(await row(ADMIN.login).textContent()).toContain('Active');

    // A role, changed in a dialog that says what the role may do.
    await page.getByRole('button', { name: `Change ${SUPPORT.login}` }).click();
    const change = page.getByRole('dialog', { name: `Change ${SUPPORT.login}` });
    await change.getByLabel('Role', { exact: true }).selectOption({ label: 'Finance' });
    expect(await change.textContent()).toContain('Also charges, deposits, reversals and refunds');
    await screenshot(page, 'people-change');
    expect(await accessibilityProblems(page)).toEqual([]);
    await change.getByRole('button', { name: 'Save the change' }).click();
    await expect.poll(() => row(SUPPORT.login).textContent(), { timeout: 30_000 }).toContain('Finance');
    await page.getByRole('button', { name: `Change ${SUPPORT.login}` }).click();
    await change.getByLabel('Role', { exact: true }).selectOption({ label: 'Support' });
    await change.getByRole('button', { name: 'Save the change' }).click();
    await expect.poll(() => row(SUPPORT.login).textContent(), { timeout: 30_000 }).toContain('Support');

    // Disabled, and enabled again.
    await page.getByRole('button', { name: `Disable ${SUPPORT.login}` }).click();
    await expect.poll(() => row(SUPPORT.login).textContent(), { timeout: 30_000 }).toContain('Disabled');
    await page.getByRole('button', { name: `Enable ${SUPPORT.login}` }).click();
    await expect.poll(() => row(SUPPORT.login).textContent(), { timeout: 30_000 }).toContain('Active');

    // A new password for someone who forgot theirs; the next test signs in with it.
    await page.getByRole('button', { name: `Set the password of ${SUPPORT.login}` }).click();
    const password = page.getByRole('dialog', { name: `A new password for ${SUPPORT.login}` });
    await password.getByLabel('Password', { exact: true }).fill(SUPPORT.password);
    await password.getByLabel('Password again', { exact: true }).fill(SUPPORT.password);
    await password.getByRole('button', { name: 'Set the password' }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: `The password of ${SUPPORT.login} is set.` })
            .count(),
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await password.count()).toBe(0);
  });

  it('ends a person’s sessions once confirmed, and the Audit says so; one’s own signs one out here too', async () => {
    const { page } = app;
    const endedOf = (login: string) => app.mode.core.audit.query({ action: 'operator.endSessions', objectId: login });
    const ask = async (login: string) => {
      await page.getByRole('button', { name: `End the sessions of ${login}` }).click();
      return page.getByRole('dialog', { name: `End the sessions of ${login}?` });
    };

    // Asked first: Cancel (the safe choice, focused) ends nothing.
    let dialog = await ask(SUPPORT.login);
    expect(await dialog.textContent()).toContain('Sam Support is signed out at every desk; they may sign in again.');
    await expect.poll(() => dialog.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === b.ownerDocument.activeElement)).toBe(true);
    await screenshot(page, 'people-end-sessions');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);
    expect(endedOf(SUPPORT.login)).toEqual([]);

    dialog = await ask(SUPPORT.login);
    await dialog.getByRole('button', { name: 'End sessions', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Sam Support is signed out at every desk.' }).count(), { timeout: 30_000 })
      .toBe(1);
    expect(await dialog.count()).toBe(0);
    expect(endedOf(SUPPORT.login)).toEqual([expect.objectContaining({ outcome: 'success', person: ADMIN.login })]);

    // The Audit names who ended whose sessions.
    await nav(page, 'Audit').click();
    await page.getByLabel('Object ID').fill(SUPPORT.login);
    const ended = page.getByRole('table').locator('tbody tr', { hasText: `The sessions of ${SUPPORT.login} ended at every desk` });
    await expect.poll(() => ended.count()).toBe(1);
    expect(await ended.locator('.audit-person').textContent()).toBe(ADMIN.login);

    // One's own: signed out at this desk too, at once, and signing in again works.
    await nav(page, 'People').click();
    dialog = await ask(ADMIN.login);
    expect(await dialog.textContent()).toContain('You are signed out at every desk, this one too; you may sign in again.');
    await dialog.getByRole('button', { name: 'End sessions', exact: true }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('navigation', { name: 'Workspaces' }).count()).toBe(0);
    expect(endedOf(ADMIN.login)).toHaveLength(1);
    await signIn(page, ADMIN);
    expect(await navigation(page)).toEqual(WORKSPACES);
  });

  it('offers support no Charges, and main refuses a charge the page asks for itself: nothing is charged, the refusal is audited', async () => {
    const { page } = app;
    await signInAs(page, SUPPORT);
    expect(await person(page).textContent()).toContain('Sam Support');
    await expect.poll(() => navigation(page)).toEqual(['Orders', 'Customers']);
    expect(await navigation(page)).not.toContain('Charges');
    const answer = await invoke(page, 'charges.create', charge);
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'forbidden', said: [{ code: 'ipc.roleCannot', params: { role: 'support', channel: 'charges.create' } }] },
    });
    expect(await ordersNumbered(charge.reference as string)).toEqual([]);
    expect(app.mode.core.audit.query({ action: 'access' })[0]).toMatchObject({
      outcome: 'refused',
      objectType: 'channel',
      objectId: 'charges.create',
    });
    // Nor can the page manage people.
    expect(
      await invoke(page, 'people.add', { login: 'sneaky', displayName: 'Sneaky', role: 'administrator', password: PASSWORD }),
    ).toMatchObject({
      error: { code: 'forbidden' },
    });
    await screenshot(page, 'people-support');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('lets finance change her own password from the top bar, with the current one', async () => {
    const { page } = app;
    await signInAs(page, { login: FINANCE.login, password: FINANCE_FIRST });
    await fromPersonMenu(page, 'Change password…');
    const dialog = page.getByRole('dialog', { name: 'Change your password' });
    const changeTo = async (current: string) => {
      await dialog.getByLabel('Current password', { exact: true }).fill(current);
      await dialog.getByLabel('New password', { exact: true }).fill(FINANCE.password);
      await dialog.getByLabel('New password again', { exact: true }).fill(FINANCE.password);
      await dialog.getByRole('button', { name: 'Change the password' }).click();
    };
    await changeTo('not what it was, surely');
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 30_000 }).toContain('The login or the password is wrong');
    await screenshot(page, 'people-own-password');
    expect(await accessibilityProblems(page)).toEqual([]);
    await changeTo(FINANCE_FIRST);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Your password is changed.' }).count(), { timeout: 30_000 }).toBe(1);
    expect(await dialog.count()).toBe(0);
  });

  it('lets finance charge the same card: the payload support sent was a valid one', async () => {
    const { page } = app;
    await signInAs(page, FINANCE);
    await expect.poll(() => navigation(page)).toContain('Charges');
    expect(await navigation(page)).not.toContain('People');
    const answer = await invoke(page, 'charges.create', charge);
    expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
    expect((await ordersNumbered(charge.reference as string)).length).toBe(1);
  });

  it('keeps a half-typed charge form under the lock, cancels its open confirmation, and sends nothing', async () => {
    const { page } = app;
    const reference = uniqueNumber('locked-charge');
    await nav(page, 'Charges').click();
    await page.getByRole('textbox', { name: 'Client ID' }).fill(clientId);
    await page.getByRole('button', { name: 'Find cards', exact: true }).click();
    await page.getByRole('button', { name: 'Choose common card 411111******1111' }).click();
    await page.getByRole('textbox', { name: 'Amount' }).fill('15.00');
    await page.getByRole('textbox', { name: 'Reference (optional)' }).fill(reference);
    await page.getByRole('button', { name: 'Review the charge…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the charge' });
    await confirm.getByRole('checkbox', { name: 'I have checked the client, the card and the amount' }).check();

    // The desk locks (as when idle): the confirmation goes, unsent, and the lock screen names the person.
    expect((await invoke(page, 'session.lock', {})).ok).toBe(true);
    const lock = page.getByRole('dialog', { name: 'Locked' });
    await lock.waitFor();
    await expect.poll(() => page.locator('dialog', { hasText: 'Confirm the charge' }).count()).toBe(0);
    expect(await lock.textContent()).toContain('Fay Finance');
    expect(await lock.getByLabel('Login', { exact: true }).inputValue()).toBe(FINANCE.login);
    // Main refuses the desk everything but signing in meanwhile.
    expect(await invoke(page, 'charges.create', { ...charge, reference })).toMatchObject({
      error: { code: 'forbidden', said: [{ code: 'ipc.signInFirst' }] },
    });
    await screenshot(page, 'people-locked');
    expect(await accessibilityProblems(page)).toEqual([]);

    // A wrong password is refused in words, on the lock screen.
    await lock.getByLabel('Password', { exact: true }).fill('not the password at all');
    await lock.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => lock.getByRole('alert').textContent(), { timeout: 30_000 }).toContain('The login or the password is wrong');

    // Signing in again finds the form as typed, with no confirmation open; nothing was sent.
    await signIn(page, FINANCE);
    expect(await page.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('15.00');
    expect(await page.getByRole('textbox', { name: 'Reference (optional)' }).inputValue()).toBe(reference);
    expect(await page.getByRole('region', { name: 'Card to charge' }).textContent()).toContain('1111');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await ordersNumbered(reference)).toEqual([]);
  });

  it('cancels an open refund under the lock: signing in again finds the order, its refund not open and not sent', async () => {
    const { page } = app;
    await nav(page, 'Orders').click();
    const box = page.getByLabel('Order ID or order number');
    await box.fill(charge.reference as string);
    await box.press('Enter');
    const order = page.getByRole('article');
    await expect.poll(() => order.getByRole('heading', { level: 2 }).first().textContent()).toBe(`Order ${charge.reference as string}`);
    await page.getByRole('button', { name: 'Refund…' }).click();
    await page.getByRole('dialog', { name: 'Refund' }).getByLabel('Amount in RUB').fill('5');

    expect((await invoke(page, 'session.lock', {})).ok).toBe(true);
    await page.getByRole('dialog', { name: 'Locked' }).waitFor();
    await expect.poll(() => page.locator('dialog', { hasText: 'Amount in RUB' }).count()).toBe(0);
    await signIn(page, FINANCE);
    // The order and its actions are as they were; the refund is not open again, and nothing was refunded.
    await page.getByRole('button', { name: 'Refund…' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(app.mode.core.audit.query({ action: 'refund' })).toEqual([]);
  });

  it('signs out to the sign-in screen, which shows the environment and refuses a wrong password in words', async () => {
    const { page } = app;
    await fromPersonMenu(page, 'Sign out');
    const signInForm = page.getByRole('button', { name: 'Sign in', exact: true });
    await signInForm.waitFor();
    expect(await page.getByRole('navigation', { name: 'Workspaces' }).count()).toBe(0);
    expect(await page.getByRole('banner').textContent()).toContain('Sandbox');
    await page.getByLabel('Login', { exact: true }).fill(ADMIN.login);
    await page.getByLabel('Password', { exact: true }).fill('a wrong password, surely');
    await signInForm.click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 30_000 }).toContain('The login or the password is wrong');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await screenshot(page, 'people-sign-in');
    expect(await accessibilityProblems(page)).toEqual([]);
    await signIn(page, ADMIN);
    expect(await navigation(page)).toEqual(WORKSPACES);
  });
});
