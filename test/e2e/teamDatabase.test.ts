/**
 * Settings' team database in the browser, against a throwaway PostgreSQL that lets the app's role in over TLS
 * only, with a certificate from a throwaway authority: an administrator fills the form, is told in words why a
 * test fails (no TLS, then a certificate no trusted authority signed), chooses the CA file as the app imports
 * files elsewhere, tests the connection, and saves; the desk uses the database at once, the password is never
 * shown back, and team mode can be turned off again. Uses the real keychain (gnome-keyring in the test D-Bus
 * session).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Vault } from '../../main/vault/vault.js';
import { describePostgres, startPostgres, type PostgresCluster } from '../store/postgresCluster.js';
import { makeCertificates, type TestCertificates } from '../store/tlsCertificates.js';
import {
  accessibilityProblems,
  appInBrowser,
  browserMissing,
  openApp,
  openWorkspace,
  removeFolder,
  screenshot,
  type AppUnderTest,
} from './browser.js';

const keychain = process.env.KEYCHAIN_TESTS === '1';

describePostgres('the team database in Settings, in the browser', () => {
  describe.skipIf(browserMissing() || !keychain)('an administrator points the desk at it', { timeout: 60_000 }, () => {
    // A keychain service of the file's own: the files run in parallel over one keychain.
    let vault: Vault;
    const app = appInBrowser(() => ({ vault: (vault = new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`)) }));
    let cluster: PostgresCluster;
    let certificates: TestCertificates;
    let url: URL;

    beforeAll(async () => {
      certificates = makeCertificates();
      cluster = await startPostgres({
        tls: { certificatePem: certificates.serverCertificatePem, keyPem: certificates.serverKeyPem, required: true },
      });
      url = new URL(await cluster.newDatabase());
    }, 60_000);
    afterAll(() => cluster?.destroy());

    const section = () => app.page.getByRole('region', { name: 'Team database' });
    const testIt = () => section().getByRole('button', { name: 'Test connection' }).click();

    it('fills the form, tests the connection until it works, saves it, and turns team mode off again', async () => {
      const { page } = app;
      await openWorkspace(page, 'Settings');
      await page.getByRole('tab', { name: 'Team database' }).click();
      await expect.poll(() => section().getByRole('note').textContent()).toBe('This desk keeps its journals in its own file.');

      const password = decodeURIComponent(url.password);
      await section().getByLabel('Host', { exact: true }).fill(url.hostname);
      await section().getByLabel('Port', { exact: true }).fill(url.port);
      await section().getByLabel('Database', { exact: true }).fill(url.pathname.slice(1));
      await section().getByLabel('User', { exact: true }).fill(url.username);
      await section().getByLabel('Password', { exact: true }).fill(password);
      await section()
        .getByRole('radio', { name: /^disable:/ })
        .check();

      // The server lets this user in over TLS only: said in words, with what to choose.
      await testIt();
      await expect.poll(() => section().getByRole('alert').textContent()).toContain('lets this user in over TLS only');

      // verify-full without the CA: the server's certificate is from an authority nobody here trusts.
      await section()
        .getByRole('radio', { name: /^verify-full:/ })
        .check();
      await testIt();
      await expect.poll(() => section().getByRole('alert').textContent()).toContain('not signed by an authority this desk trusts');

      // The CA file chosen as the signing keys' files are: read in the page, sent to main as text.
      await section()
        .locator('input[type=file]')
        .setInputFiles({ name: 'team-ca.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from(certificates.caPem) });
      await expect.poll(() => section().getByText('Read from team-ca.pem.').count()).toBe(1);
      await testIt();
      await expect
        .poll(() => section().getByRole('status').textContent())
        .toMatch(
          /^Connected to 127\.0\.0\.1:\d+\/backoffice_\d+: PostgreSQL \d+.*, encrypted \(TLS\)\. It has none of the app's tables yet/,
        );
      await screenshot(page, 'settings-team-database-tested');
      expect(await accessibilityProblems(page)).toEqual([]);

      await section().getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Team database saved: this desk now keeps its journals in 127.0.0.1' }).waitFor();
      await expect
        .poll(() => section().getByRole('note').textContent())
        .toBe(`This desk keeps its journals in the team database 127.0.0.1:${cluster.port}${url.pathname}.`);
      // The password went to the keychain: the field is empty again, says one is kept, and the page never holds it.
      await expect.poll(() => section().getByLabel('Password', { exact: true }).inputValue()).toBe('');
      expect(await section().getByText('Kept in the OS keychain.').count()).toBe(1);
      expect(await page.content()).not.toContain(password);
      await screenshot(page, 'settings-team-database-saved');

      // What this desk recorded in its own file goes to the team database when asked, and the screen says what went.
      await section().getByRole('button', { name: 'Move this desk’s records to the team database…' }).click();
      const asked = page.getByRole('dialog', { name: 'Move this desk’s records to the team database?' });
      await expect.poll(() => asked.textContent()).toContain('Each row is copied once');
      await asked.getByRole('button', { name: 'Move records' }).click();
      await expect
        .poll(() => section().getByRole('status').textContent())
        .toMatch(/^Moved to the team database: charges 0, operations 0, audit entries \d+\. Already there from an earlier move: 0\.$/);
      expect(await accessibilityProblems(page)).toEqual([]);

      await section().getByRole('button', { name: 'Turn team mode off…' }).click();
      await page.getByRole('dialog', { name: 'Turn team mode off?' }).getByRole('button', { name: 'Turn team mode off' }).click();
      await page.getByRole('status').filter({ hasText: 'Team mode turned off' }).waitFor();
      await expect.poll(() => section().getByRole('note').textContent()).toBe('This desk keeps its journals in its own file.');
      expect(await section().getByText('None kept.').count()).toBe(1);
    });

    it('says when BACKOFFICE_DATABASE_URL, set where the app was started, overrides these settings, and never its password', async () => {
      const other = await cluster.newDatabase();
      // Over TLS with the team's authority, as the server asks: the desk's people are the team's, so a desk
      // that cannot reach its team database has nobody to sign in.
      const caFolder = mkdtempSync(join(tmpdir(), 'team-ca-'));
      const ca = join(caFolder, 'ca.pem');
      writeFileSync(ca, certificates.caPem);
      process.env.BACKOFFICE_DATABASE_URL = `${other}${other.includes('?') ? '&' : '?'}sslmode=verify-full&sslrootcert=${encodeURIComponent(ca)}`;
      let started: AppUnderTest | undefined;
      try {
        started = await openApp(app.browser, undefined, { vault });
      } finally {
        delete process.env.BACKOFFICE_DATABASE_URL;
        removeFolder(caFolder);
      }
      try {
        const { page } = started;
        await openWorkspace(page, 'Settings');
        await page.getByRole('tab', { name: 'Team database' }).click();
        const note = page.getByRole('region', { name: 'Team database' }).getByRole('note');
        await expect
          .poll(() => note.textContent())
          .toBe(
            `This desk was started with BACKOFFICE_DATABASE_URL, which overrides these settings: it keeps its journals in 127.0.0.1:${cluster.port}${new URL(other).pathname}. What is saved here is used once the app starts without it.`,
          );
        expect(await page.content()).not.toContain(decodeURIComponent(new URL(other).password));
      } finally {
        await started.close();
        removeFolder(started.dataFolder);
      }
    });
  });
});
