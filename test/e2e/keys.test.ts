/**
 * The Signing keys workspace in the browser: a bad PEM pair is refused with a clear message and the key
 * text leaves the page; a key generated with a chosen validity exports a certificate that openssl reads
 * with the fingerprint the screen shows; the test signature verifies; an imported pair shows its expiry
 * warning; activate and retire go through confirmations that name the key. And issue 5's acceptance: the
 * app's own requests, signed with a key generated in the app, are accepted by the sandbox's
 * signature-required merchant once it has the exported certificate, and refused before that and unsigned.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKeyPair } from '../../main/gateway/keys.js';
import { SIGNED_MERCHANT } from '../../main/sandbox/state/merchants.js';
import { Vault } from '../../main/vault/vault.js';
import { control } from '../sandbox/client.js';
import { accessibilityProblems, appInBrowser, browserMissing, removeFolder, screenshot } from './browser.js';

// Private keys (and the custom environment's API password) go to the real keychain, which npm test provides.
const keychain = process.env.KEYCHAIN_TESTS === '1';
const DAY = 86_400_000;

/** What `openssl x509 -noout -subject -dates -fingerprint -sha256` reads from a certificate file. */
function openssl(file: string): { subject: string; notBefore: number; notAfter: number; fingerprint: string } {
  const out = execFileSync('openssl', ['x509', '-in', file, '-noout', '-subject', '-dates', '-fingerprint', '-sha256'], {
    encoding: 'utf8',
  });
  const field = (re: RegExp) => {
    const m = re.exec(out);
    if (!m) throw new Error(`openssl printed no ${re.source}: ${out}`);
    return m[1]!.trim();
  };
  return {
    subject: field(/^subject=(.*)$/m).replace(/\s*=\s*/g, '='),
    notBefore: Date.parse(field(/^notBefore=(.*)$/m)),
    notAfter: Date.parse(field(/^notAfter=(.*)$/m)),
    fingerprint: field(/^sha256 Fingerprint=(.*)$/im),
  };
}

describe.skipIf(browserMissing())('Signing keys workspace in the browser', { timeout: 90_000 }, () => {
  // Its own keychain service: other UI test files keep a custom environment's password in parallel.
  const app = appInBrowser(() => ({ vault: new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`) }));
  const files = mkdtempSync(join(tmpdir(), 'keys-ui-files-'));

  beforeAll(async () => {});

  afterAll(async () => {
    removeFolder(files);
  });

  const openKeys = (page: Page) => page.getByRole('navigation').getByRole('button', { name: 'Signing keys' }).click();
  const rowOf = (page: Page, fingerprint: string) => page.getByRole('row').filter({ hasText: fingerprint });
  const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

  /** Generates a key through the dialog and answers the fingerprint the list shows for it. */
  async function generate(page: Page, days: number, expectedLogin: string): Promise<string> {
    const before = await page.locator('.keys-table tbody tr').count();
    await page.getByRole('button', { name: 'Generate key…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate a signing key' });
    expect(await dialog.getByLabel('Merchant login (certificate subject)').inputValue()).toBe(expectedLogin);
    await dialog.getByLabel('Validity in days').fill(String(days));
    await dialog.getByRole('button', { name: 'Generate key' }).click();
    await expect.poll(() => page.locator('.keys-table tbody tr').count()).toBe(before + 1);
    // Newest first.
    const row = page.locator('.keys-table tbody tr').first();
    expect(await row.textContent()).toContain(`CN=${expectedLogin}`);
    return ((await row.locator('.fingerprint').textContent()) ?? '').trim();
  }

  /** Exports a key's certificate through the row's button; answers the saved file's path. */
  async function exportCertificate(page: Page, fingerprint: string): Promise<string> {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      rowOf(page, fingerprint)
        .getByRole('button', { name: /^Export certificate/ })
        .click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^signing-certificate-(sandbox|custom)-[0-9a-f]{16}\.pem$/);
    const path = join(files, file.suggestedFilename());
    await file.saveAs(path);
    return path;
  }

  async function confirm(page: Page, action: 'Activate' | 'Retire', fingerprint: string): Promise<void> {
    await rowOf(page, fingerprint)
      .getByRole('button', { name: new RegExp(`^${action} key`) })
      .click();
    const dialog = page.getByRole('dialog', { name: `${action} signing key` });
    // The dialog names the key by its whole fingerprint and says what the action changes.
    expect(await dialog.textContent()).toContain(fingerprint);
    expect(await dialog.textContent()).toMatch(action === 'Activate' ? /sign/ : /private key is deleted from the OS keychain/);
    await dialog.getByRole('button', { name: new RegExp(`^${action} key ${fingerprint.slice(0, 11)}`) }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  }

  it('shows the empty list and refuses a bad PEM pair with a clear message, clearing the key field', async () => {
    const { page } = app;
    await openKeys(page);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'No signing keys in sandbox yet' }).count()).toBe(1);
    await screenshot(page, 'keys-empty');
    expect(await accessibilityProblems(page)).toEqual([]);

    const pair = await generateSigningKeyPair({ commonName: 'shop', days: 30 });
    const other = await generateSigningKeyPair({ commonName: 'other', days: 30 });
    const keyBody = pair.privateKeyPem.split('\n')[1]!;
    await page.getByRole('button', { name: 'Import key…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a signing key' });

    // Not PEM at all: refused in main by the contract, field by field.
    await dialog.getByLabel('Private key (PEM)').fill('not a key');
    await dialog.getByLabel('Certificate (PEM)').fill('-----BEGIN CERTIFICATE-----');
    await dialog.getByRole('button', { name: 'Import key' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').allTextContents())
      .toEqual([
        'must be one private key in PEM form (-----BEGIN PRIVATE KEY-----)',
        'must be one X.509 certificate in PEM form (-----BEGIN CERTIFICATE-----)',
      ]);
    expect(await dialog.getByLabel('Private key (PEM)').inputValue()).toBe('');
    await screenshot(page, 'keys-import-refused');
    expect(await accessibilityProblems(page)).toEqual([]);

    // PEM, but a certificate of another key.
    await dialog.getByLabel('Private key (PEM)').fill(pair.privateKeyPem);
    await dialog.getByLabel('Certificate (PEM)').fill(other.certificatePem);
    await dialog.getByRole('button', { name: 'Import key' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('The certificate does not belong to this key');
    // The key was sent once and is gone from the page.
    expect(await dialog.getByLabel('Private key (PEM)').inputValue()).toBe('');
    expect(await page.content()).not.toContain(keyBody);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('status').filter({ hasText: 'No signing keys in sandbox yet' }).count()).toBe(1);

    // Audited as failures, in the app's own words and without key material.
    const refused = app.mode.core.audit.query({ action: 'signingKey.import' });
    expect(refused.map((e) => [e.outcome, e.detail])).toEqual([['failure', 'The certificate does not belong to this key']]);
    expect(JSON.stringify(app.mode.core.audit.query())).not.toContain(keyBody);
  });

  it.skipIf(!keychain)(
    'generates with a chosen validity, exports a certificate openssl reads, signs a test request, imports, activates, retires',
    async () => {
      const { page } = app;
      await openKeys(page);
      await page.getByRole('button', { name: 'Generate key…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate a signing key' });
      await dialog.getByLabel('Validity in days').fill('1096');
      expect(await dialog.getByRole('alert').textContent()).toBe('From 1 to 1095 days');
      expect(await dialog.getByRole('button', { name: 'Generate key' }).isDisabled()).toBe(true);
      await dialog.getByLabel('Validity in days').fill('90');
      await screenshot(page, 'keys-generate');
      expect(await accessibilityProblems(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // The sandbox's merchant login is known (its credentials are fixed), so it is filled in.
      const fingerprint = await generate(page, 90, 'sandbox');
      expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
      expect(await rowOf(page, fingerprint).textContent()).toContain('Inactive');

      const certFile = await exportCertificate(page, fingerprint);
      const cert = openssl(certFile);
      expect(cert.fingerprint).toBe(fingerprint);
      expect(cert.subject).toBe('CN=sandbox');
      expect(cert.notAfter - cert.notBefore).toBe(90 * DAY);
      expect(Math.abs(cert.notBefore - Date.now())).toBeLessThan(5 * 60_000);

      // The test signature: X-Hash is the body's SHA-256, X-Signature verifies with the exported certificate.
      await page.getByRole('button', { name: 'Sign and verify' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Verified' }).count()).toBe(1);
      const body = await page.getByLabel('Request body').inputValue();
      expect(body).toMatch(/^orderNumber=.+&amount=100/);
      const xHash = (await page.getByTestId('x-hash').textContent()) ?? '';
      const xSignature = (await page.getByTestId('x-signature').textContent()) ?? '';
      const digest = createHash('sha256').update(body).digest();
      expect(xHash).toBe(digest.toString('base64'));
      const publicKey = new X509Certificate(readFileSync(certFile)).publicKey;
      expect(verify('sha256', digest, publicKey, Buffer.from(xSignature, 'base64'))).toBe(true);
      await screenshot(page, 'keys-test-sign');
      expect(await accessibilityProblems(page)).toEqual([]);

      // Import: the key from a chosen file, the certificate pasted; it expires within the warning period.
      const pair = await generateSigningKeyPair({ commonName: 'imported', days: 20 });
      writeFileSync(join(files, 'imported-key.pem'), pair.privateKeyPem);
      await page.getByRole('button', { name: 'Import key…' }).click();
      const importDialog = page.getByRole('dialog', { name: 'Import a signing key' });
      await importDialog.getByLabel('Choose private key file…').setInputFiles(join(files, 'imported-key.pem'));
      await expect.poll(() => importDialog.getByLabel('Private key (PEM)').inputValue()).toBe(pair.privateKeyPem);
      await importDialog.getByLabel('Certificate (PEM)').fill(pair.certificatePem);
      await importDialog.getByRole('button', { name: 'Import key' }).click();
      await expect.poll(() => rowOf(page, pair.fingerprint256).count()).toBe(1);
      expect(await rowOf(page, pair.fingerprint256).textContent()).toMatch(/Expires in (19|20) days/);
      expect(await page.content()).not.toContain(pair.privateKeyPem.split('\n')[1]);

      // An expired certificate: warned, and never offered for activation.
      const old = await generateSigningKeyPair({ commonName: 'old', days: 10, now: new Date(Date.now() - 40 * DAY) });
      await page.getByRole('button', { name: 'Import key…' }).click();
      await importDialog.getByLabel('Private key (PEM)').fill(old.privateKeyPem);
      await importDialog.getByLabel('Certificate (PEM)').fill(old.certificatePem);
      await importDialog.getByRole('button', { name: 'Import key' }).click();
      await expect.poll(() => rowOf(page, old.fingerprint256).count()).toBe(1);
      expect(await rowOf(page, old.fingerprint256).textContent()).toContain('Expired');
      expect(
        await rowOf(page, old.fingerprint256)
          .getByRole('button', { name: /^Activate/ })
          .count(),
      ).toBe(0);

      // Activate the generated key, then rotate to the imported one: the first stays, inactive, until retired.
      await confirm(page, 'Activate', fingerprint);
      await expect.poll(() => rowOf(page, fingerprint).textContent()).toContain('Active: signs requests');
      expect(
        await rowOf(page, fingerprint)
          .getByRole('button', { name: /^Retire/ })
          .count(),
      ).toBe(0);
      await rowOf(page, pair.fingerprint256)
        .getByRole('button', { name: /^Activate key/ })
        .click();
      const activate = page.getByRole('dialog', { name: 'Activate signing key' });
      expect(await activate.textContent()).toContain(`The key active now (${fingerprint.slice(0, 11)}`);
      await screenshot(page, 'keys-activate');
      expect(await accessibilityProblems(page)).toEqual([]);
      await activate.getByRole('button', { name: /^Activate key/ }).click();
      await expect.poll(() => rowOf(page, pair.fingerprint256).textContent()).toContain('Active: signs requests');
      expect(await rowOf(page, fingerprint).textContent()).toContain('Inactive');

      await confirm(page, 'Retire', fingerprint);
      await expect.poll(() => rowOf(page, fingerprint).textContent()).toContain('Retired');
      expect(
        await rowOf(page, fingerprint)
          .getByRole('button', { name: /^(Activate|Retire)/ })
          .count(),
      ).toBe(0);
      // A retired key cannot sign: it is no longer offered for the test signature.
      expect(await page.getByLabel('Key', { exact: true }).locator('option').allTextContents()).not.toContainEqual(
        expect.stringContaining(fingerprint.slice(0, 11)),
      );
      await screenshot(page, 'keys-list');
      expect(await accessibilityProblems(page)).toEqual([]);

      const generatedId = (await rowOf(page, fingerprint).getAttribute('data-key-id'))!;
      expect(
        app.mode.core.audit
          .query({ objectId: generatedId })
          .map((e) => `${e.action} ${e.outcome}`)
          .sort(),
      ).toEqual([
        'signingKey.activate success',
        'signingKey.export success',
        'signingKey.generate success',
        'signingKey.retire success',
        'signingKey.testSign success',
      ]);
    },
  );

  // Issue 5's acceptance, "make a signed request to the sandbox's signature-required merchant", through the
  // app's own path for every gateway request rather than a side door: the custom environment pointed at the
  // embedded sandbox with SIGNED_MERCHANT's credentials and "Requests must be signed" on, so the gateway
  // client that AppCore builds signs with the active key (settings.connection(env).signatureRequired +
  // keys.activeSigner), and an order look-up is that signed request. The test plays the merchant portal:
  // it uploads the exported certificate through the sandbox's control API. Before the upload the look-up is
  // refused for its signature, and with signing off it is refused as unsigned; so the answer in between is
  // the signature's doing.
  it.skipIf(!keychain)("signs the app's requests with a generated key, which the signature-required merchant accepts", async () => {
    const { page, sandbox } = app;
    const seeded = await control(sandbox, 'POST', '/seed', { bindings: [{ clientId: 'keys-ui', merchant: SIGNED_MERCHANT.login }] });
    const orderId = (seeded.bindings as { orderId: string }[])[0]!.orderId;

    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Custom address' }).click();
    const custom = page.getByRole('region', { name: /Custom address/ });
    await custom.getByLabel('Base URL').fill(sandbox.url);
    await custom.getByLabel('API user name').fill(SIGNED_MERCHANT.apiUser);
    await custom.getByLabel('Merchant login').fill(SIGNED_MERCHANT.login);
    await custom.getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => toast(page, 'connection saved').count()).toBeGreaterThan(0);
    await custom.getByLabel('API password').fill(SIGNED_MERCHANT.password);
    await custom.getByRole('button', { name: 'Save connection' }).click();
    // The keychain answers over D-Bus, and one save both saves the connection and stores the password: slower
    // than a second on a busy machine.
    await expect.poll(() => custom.getByText('Set: stored in the OS keychain').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel('Work in').selectOption('custom');
    await page.getByRole('button', { name: 'Switch', exact: true }).click();
    await expect.poll(() => page.getByLabel('Environment: custom').count()).toBe(1);

    // Keys are per environment: custom starts with none, and the merchant login comes from its settings.
    await openKeys(page);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'No signing keys in custom yet' }).count()).toBe(1);
    const fingerprint = await generate(page, 30, SIGNED_MERCHANT.login);
    const certFile = await exportCertificate(page, fingerprint);
    expect(openssl(certFile)).toMatchObject({ fingerprint, subject: `CN=${SIGNED_MERCHANT.login}` });
    await confirm(page, 'Activate', fingerprint);
    await expect.poll(() => rowOf(page, fingerprint).textContent()).toContain('Active: signs requests');

    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    // Settings opens on its general section; the custom environment is a tab away again.
    await page.getByRole('tab', { name: 'Custom address' }).click();
    await custom.getByLabel(/Requests must be signed/).check();
    await custom.getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => custom.getByLabel(/Requests must be signed/).isChecked()).toBe(true);
    await openKeys(page);
    await expect.poll(() => page.getByText('Requests here are signed with the active key').count()).toBe(1);

    const lookUp = async () => {
      await page.getByRole('navigation').getByRole('button', { name: 'Orders' }).click();
      await page.getByLabel('Order ID or order number').fill(orderId);
      await page.getByLabel('Order ID or order number').press('Enter');
    };
    const refusal = () => page.getByRole('alert').filter({ hasText: 'Request signature rejected' });

    // Signed with a key whose certificate the merchant does not have (it has another key's): refused.
    const someoneElse = await generateSigningKeyPair({ commonName: SIGNED_MERCHANT.login, days: 30 });
    await control(sandbox, 'POST', `/merchants/${SIGNED_MERCHANT.login}/certificates`, { pem: someoneElse.certificatePem });
    await lookUp();
    await expect
      .poll(() => refusal().textContent())
      .toContain('X-Signature does not verify with any certificate uploaded for this merchant');

    // The merchant portal gets the exported file; the same signed look-up is now answered.
    const uploaded = await control(sandbox, 'POST', `/merchants/${SIGNED_MERCHANT.login}/certificates`, {
      pem: readFileSync(certFile, 'utf8'),
    });
    expect(uploaded.fingerprint256).toBe(fingerprint);
    await lookUp();
    const order = page.getByRole('article');
    await expect.poll(() => order.textContent()).toContain(orderId);
    expect(await order.textContent()).toContain('Paid');
    await screenshot(page, 'keys-signed-request-accepted');

    // Unsigned, the same merchant refuses it.
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Custom address' }).click();
    await custom.getByLabel(/Requests must be signed/).uncheck();
    await custom.getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => custom.getByLabel(/Requests must be signed/).isChecked()).toBe(false);
    await lookUp();
    await expect.poll(() => refusal().textContent()).toContain('this merchant requires the X-Hash and X-Signature headers');
  });
});
