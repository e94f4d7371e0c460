/**
 * Two-factor sign-in in the browser (Chromium through browser mode, the real keychain that holds the team key):
 * the administrator enrols from the person menu with the secret shown and the first code an authenticator app
 * would show (made here with otpauth from that secret), is given ten recovery codes once, and then signs in with
 * a password and then a code. Axe on the code step.
 */
import { describe, expect, it } from 'vitest';
import { Authenticator } from '../authenticator.js';
import { accessibilityProblems, ADMIN, appInBrowser, browserMissing, fromPersonMenu, screenshot } from './browser.js';

// The team key lives in the OS keychain: `npm test` provides gnome-keyring in a private D-Bus session.
const keychain = process.env.KEYCHAIN_TESTS === '1';

describe.skipIf(browserMissing() || !keychain)('Two-factor sign-in in the browser', { timeout: 120_000 }, () => {
  const app = appInBrowser();
  let phone = new Authenticator('');

  it('enrols from the person menu with a first code, and shows the recovery codes once', async () => {
    const { page } = app;
    await fromPersonMenu(page, 'Two-factor sign-in…');
    const dialog = page.getByRole('dialog', { name: 'Two-factor sign-in' });
    const shown = dialog.getByTestId('totp-secret');
    await shown.waitFor();
    const secret = (await shown.textContent()) ?? '';
    phone = new Authenticator(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect.poll(() => dialog.getByText(/^otpauth:\/\/totp\//).count()).toBe(1);
    await dialog.getByLabel('First code from the app').fill(await phone.fresh());
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await screenshot(page, 'two-factor-recovery-codes');
    await codes.getByRole('button', { name: 'I have kept them' }).click();
    await codes.waitFor({ state: 'detached' });
  });

  it('signs in with the password, then a code from the app', async () => {
    const { page } = app;
    await fromPersonMenu(page, 'Sign out');
    await page.getByLabel('Login').fill(ADMIN.login);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const step = page.getByRole('heading', { name: 'Your code' });
    await step.waitFor({ timeout: 30_000 });
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'two-factor-code-step');
    // A wrong code (here, a recovery code nobody was given) is said in words, and the step stays.
    await page.getByRole('textbox', { name: 'Code' }).fill('AAAA-AAAA-AAAA-AAAA');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(/The code is wrong, or was used already/).waitFor();
    await page.getByRole('textbox', { name: 'Code' }).fill(await phone.fresh());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Workspaces' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('banner').getByText('Ada Admin').count()).toBeGreaterThan(0);
  });

  it('keeps the app under the lock screen while the code is awaited, and resumes with it', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: 'People' }).click();
    const login = page.getByLabel('Login', { exact: true });
    await login.fill('half.typed');
    await fromPersonMenu(page, 'Lock');
    const lock = page.getByRole('dialog', { name: 'Locked' });
    await lock.getByLabel('Password').fill(ADMIN.password);
    await lock.getByRole('button', { name: 'Sign in' }).click();
    await lock.getByRole('textbox', { name: 'Code' }).fill(await phone.fresh());
    await lock.getByRole('button', { name: 'Sign in' }).click();
    await lock.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await login.inputValue()).toBe('half.typed');
  });
});
