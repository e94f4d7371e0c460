import { execFileSync } from 'node:child_process';
import { createHash, randomUUID, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../main/gateway/client.js';
import { generateSigningKeyPair } from '../../main/gateway/keys.js';
import type { Sandbox } from '../../main/sandbox/index.js';
import { SigningKeyService } from '../../main/services/signingKeys.js';
import { AuditRepository } from '../../main/store/audit.js';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SqliteSigningKeys } from '../../main/store/signingKeys.js';
import { Vault } from '../../main/vault/vault.js';
import { selfSigned } from '../sandbox/certificates.js';
import { control, RETURN_URL, startSandbox, uniqueNumber } from '../sandbox/client.js';
import { english } from '../../main/phrases/english.js';

// Private keys go to the real OS keychain, which npm test provides (see the vault tests).
const keychainReady = process.env.KEYCHAIN_TESTS === '1';

describe.runIf(keychainReady)('signing keys', () => {
  let sb: Sandbox;
  let db: Db;
  let audit: AuditRepository;
  let service: SigningKeyService;
  const dir = mkdtempSync(join(tmpdir(), 'keys-test-'));
  const vault = new Vault(undefined, `gateway-backoffice-test-${randomUUID()}`);

  beforeAll(async () => {
    sb = await startSandbox();
    db = openDatabase(join(dir, 'app.sqlite'));
    audit = new AuditRepository(db);
    service = new SigningKeyService({ keys: () => new SqliteSigningKeys(db), vault, audit, osUser: 'admin' });
  });
  afterAll(async () => {
    db.close();
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('generates a key, exports a certificate openssl reads, activates it, and signs requests the signed merchant accepts', async () => {
    const key = await service.generate('sandbox', 'signed', 365);
    expect(key).toMatchObject({ state: 'inactive', subject: 'CN=signed', expired: false, expiresSoon: false });
    expect(await vault.isSet('sandbox', { kind: 'signingKey', keyId: key.id })).toBe(true);

    const pem = await service.exportCertificate('sandbox', key.id);
    writeFileSync(join(dir, 'cert.pem'), pem);
    const fingerprint = execFileSync('openssl', ['x509', '-in', join(dir, 'cert.pem'), '-noout', '-fingerprint', '-sha256'], {
      encoding: 'utf8',
    });
    expect(fingerprint.trim().split('=')[1]).toBe(key.fingerprint256);

    expect(await service.activeSigner('sandbox')).toBeUndefined();
    await service.activate('sandbox', key.id);
    await control(sb, 'POST', '/merchants/signed/certificates', { pem });
    const signer = await service.activeSigner('sandbox');
    const client = new GatewayClient({
      baseUrl: sb.url,
      credentials: { userName: 'signed-api', password: 'signed-pass' },
      signing: { signer: signer! },
    });
    expect((await client.register({ orderNumber: uniqueNumber(), amount: 100, returnUrl: RETURN_URL })).orderId).toBeTruthy();
    await client.close();

    expect(
      audit
        .query({ objectId: key.id })
        .map((e) => e.action)
        .sort(),
    ).toEqual(['signingKey.activate', 'signingKey.export', 'signingKey.generate']);
  });

  it('rotates: a new key signs, the old stays until retired, and retiring deletes its private key', async () => {
    const first = await service.generate('test', 'merchant', 90);
    const second = await service.generate('test', 'merchant', 90);
    await service.activate('test', first.id);
    await service.activate('test', second.id);
    expect((await service.list('test')).map((k) => [k.id, k.state]).sort()).toEqual(
      [
        [first.id, 'inactive'],
        [second.id, 'active'],
      ].sort(),
    );
    await expect(service.retire('test', second.id)).rejects.toThrow(/activate another key/);
    await service.retire('test', first.id);
    expect(await vault.isSet('test', { kind: 'signingKey', keyId: first.id })).toBe(false);
    await expect(service.activate('test', first.id)).rejects.toThrow(/retired/);
  });

  it('signs a test body and verifies it with the certificate, or says why it does not verify', async () => {
    const key = await service.generate('test', 'merchant', 30);
    const body = Buffer.from('orderNumber=1&amount=100');
    const signed = await service.testSign('test', key.id, body);
    expect(signed).toMatchObject({ fingerprint256: key.fingerprint256, bodyBytes: body.length, verified: true });
    expect(signed.xHash).toBe(createHash('sha256').update(body).digest('base64'));
    expect(english(signed.detail)).toMatch(/^Verified/);
    expect(signed.detail.map((p) => p.code)).toEqual(['keys.verified']);

    // The keychain holds a private key that is not this certificate's: the check catches it.
    const stranger = await generateSigningKeyPair({ commonName: 'merchant', days: 30 });
    await vault.store('test', { kind: 'signingKey', keyId: key.id }, stranger.privateKeyPem);
    const mismatch = await service.testSign('test', key.id, body);
    expect(mismatch).toMatchObject({ verified: false, detail: [{ code: 'keys.signatureMismatch' }] });
    expect(english(mismatch.detail)).toMatch(/^Not verified: X-Signature does not verify/);
    expect(
      audit
        .query({ objectId: key.id, action: 'signingKey.testSign' })
        .map((e) => e.outcome)
        .sort(),
    ).toEqual(['failure', 'success']);

    await service.retire('test', key.id);
    await expect(service.testSign('test', key.id, body)).rejects.toThrow(/retired key cannot sign/);
    await expect(service.testSign('test', randomUUID(), body)).rejects.toMatchObject({ reason: 'notFound' });
  });

  it('imports a matching key pair and refuses a certificate of another key', async () => {
    const a = await generateSigningKeyPair({ commonName: 'imported', days: 30 });
    const b = await generateSigningKeyPair({ commonName: 'other', days: 30 });
    await expect(service.import('custom', a.privateKeyPem, b.certificatePem)).rejects.toThrow(/does not belong/);
    await expect(service.import('custom', 'not a key', a.certificatePem)).rejects.toThrow(/PEM/);
    const imported = await service.import('custom', a.privateKeyPem, a.certificatePem);
    expect(imported).toMatchObject({ fingerprint256: a.fingerprint256, expiresSoon: true, daysLeft: 29 });
    await expect(service.import('custom', a.privateKeyPem, a.certificatePem)).rejects.toThrow(/already here/);
    // Refusals are audited too, in the app's words: nothing of the key.
    const refusals = audit.query({ action: 'signingKey.import', outcome: 'failure', to: Date.now() });
    expect(refusals.map((e) => e.detail)).toEqual([
      expect.stringMatching(/already here/),
      'The private key cannot be read: it is not an unencrypted private key in PEM form',
      'The certificate does not belong to this key',
    ]);
    expect(JSON.stringify(refusals)).not.toContain(a.privateKeyPem.split('\n')[1]);
  });

  it('refuses to import a pair whose key is not 2048-bit RSA, saying so: RSA 1024, RSA 4096, EC P-256', async () => {
    for (const other of [{ modulusLength: 1024 }, { modulusLength: 4096 }, 'ec'] as const) {
      const { certPem, key } = await selfSigned('other-size', 30, other);
      const keyPem = key.export({ type: 'pkcs8', format: 'pem' }).toString();
      await expect(service.import('sizes', keyPem, certPem)).rejects.toThrow('The key must be 2048-bit RSA');
    }
    expect(await service.list('sizes')).toEqual([]);
  });

  it('refuses a 2048-bit RSA key whose public exponent is not 65537, naming it; and will not activate one kept before', async () => {
    const { certPem, key } = await selfSigned('exponent-3', 30, { modulusLength: 2048, publicExponent: 3 });
    expect(key.asymmetricKeyDetails).toMatchObject({ modulusLength: 2048, publicExponent: 3n });
    const keyPem = key.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(service.import('exponent', keyPem, certPem)).rejects.toThrow(
      "The key's public exponent must be 65537; this one's is 3, with which a signature can be forged",
    );
    expect(await service.list('exponent')).toEqual([]);
    expect(audit.query({ action: 'signingKey.import' })[0]).toMatchObject({ outcome: 'failure', detail: expect.stringContaining('is 3,') });

    // One an earlier version imported, as its repository row: kept, but never made the key that signs.
    const cert = new X509Certificate(certPem);
    await new SqliteSigningKeys(db).add({
      id: 'old-exponent-3',
      environment: 'exponent',
      subject: cert.subject,
      fingerprint256: cert.fingerprint256,
      notBefore: Date.parse(cert.validFrom),
      notAfter: Date.parse(cert.validTo),
      certificatePem: cert.toString(),
      createdAt: Date.now(),
    });
    await expect(service.activate('exponent', 'old-exponent-3')).rejects.toThrow("The key's public exponent must be 65537");
    expect((await service.get('exponent', 'old-exponent-3')).state).toBe('inactive');

    // Exponent 65537, the standard one, imports.
    const good = await selfSigned('exponent-65537', 30);
    const imported = await service.import('exponent', good.key.export({ type: 'pkcs8', format: 'pem' }).toString(), good.certPem);
    expect(imported.state).toBe('inactive');
  });
});
