/**
 * Signing keys for the gateway's asymmetric request signature: generate an RSA 2048 key with a
 * self-signed certificate (subject from the merchant login, validity chosen by the user) or import an
 * existing pair, export the certificate for upload to the merchant portal, activate one key for signing,
 * rotate (the previous key stays usable until retired), retire, and warn before expiry. Private keys go
 * to the keychain; the store keeps certificates and fingerprints. Every action is audited.
 */
import { createPrivateKey, createPublicKey, randomUUID, X509Certificate } from 'node:crypto';
import { generateSigningKeyPair } from '../gateway/keys.js';
import { RequestSigner } from '../gateway/signer.js';
import type { AuditRepository } from '../store/audit.js';
import type { SigningKeyRecord, SigningKeyRepository } from '../store/signingKeys.js';
import { revealSecret } from '../vault/secret.js';
import type { Vault } from '../vault/vault.js';

/** How long before a certificate's end the app starts warning. */
export const EXPIRY_WARNING_DAYS = 30;
const DAY = 86_400_000;

export interface SigningKeyView {
  readonly id: string;
  readonly subject: string;
  readonly fingerprint256: string;
  readonly notBefore: number;
  readonly notAfter: number;
  readonly state: SigningKeyRecord['state'];
  readonly expired: boolean;
  readonly expiresSoon: boolean;
  readonly daysLeft: number;
}

export class SigningKeyError extends Error {
  override name = 'SigningKeyError';
}

export interface SigningKeyServiceOptions {
  readonly keys: SigningKeyRepository;
  readonly vault: Vault;
  readonly audit: AuditRepository;
  readonly osUser: string;
  readonly now?: () => number;
}

export class SigningKeyService {
  private readonly now: () => number;

  constructor(private readonly o: SigningKeyServiceOptions) {
    this.now = o.now ?? Date.now;
  }

  private view(k: SigningKeyRecord): SigningKeyView {
    const now = this.now();
    const daysLeft = Math.floor((k.notAfter - now) / DAY);
    return {
      id: k.id,
      subject: k.subject,
      fingerprint256: k.fingerprint256,
      notBefore: k.notBefore,
      notAfter: k.notAfter,
      state: k.state,
      expired: k.notAfter <= now,
      expiresSoon: k.notAfter > now && k.notAfter - now <= EXPIRY_WARNING_DAYS * DAY,
      daysLeft,
    };
  }

  private audit(environment: string, action: string, id: string, outcome: 'success' | 'failure', detail?: string): void {
    this.o.audit.record({
      at: this.now(),
      osUser: this.o.osUser,
      environment,
      action,
      outcome,
      objectType: 'signingKey',
      objectId: id,
      ...(detail ? { detail } : {}),
    });
  }

  list(environment: string): SigningKeyView[] {
    return this.o.keys.list(environment).map((k) => this.view(k));
  }

  async generate(environment: string, merchantLogin: string, days: number): Promise<SigningKeyView> {
    const pair = await generateSigningKeyPair({ commonName: merchantLogin, days, now: new Date(this.now()) });
    return this.keep(environment, pair.privateKeyPem, pair.certificatePem, 'signingKey.generate');
  }

  /** Imports a key pair; the certificate must hold the key's public half and be an RSA 2048 (or larger) one. */
  async import(environment: string, privateKeyPem: string, certificatePem: string): Promise<SigningKeyView> {
    let cert: X509Certificate;
    let key;
    try {
      cert = new X509Certificate(certificatePem);
      key = createPrivateKey(privateKeyPem);
    } catch {
      throw new SigningKeyError('The key or the certificate is not in PEM form');
    }
    if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
      throw new SigningKeyError('The key must be RSA, 2048 bits or more');
    }
    const fromKey = createPublicKey(key).export({ type: 'spki', format: 'der' });
    const fromCert = cert.publicKey.export({ type: 'spki', format: 'der' });
    if (!fromKey.equals(fromCert)) throw new SigningKeyError('The certificate does not belong to this key');
    return this.keep(environment, privateKeyPem, certificatePem, 'signingKey.import');
  }

  private async keep(environment: string, privateKeyPem: string, certificatePem: string, action: string): Promise<SigningKeyView> {
    const cert = new X509Certificate(certificatePem);
    const id = randomUUID();
    // The keychain first: a record in the store always has its private key.
    await this.o.vault.store(environment, { kind: 'signingKey', keyId: id }, privateKeyPem);
    try {
      this.o.keys.add({
        id,
        environment,
        subject: cert.subject,
        fingerprint256: cert.fingerprint256,
        notBefore: Date.parse(cert.validFrom),
        notAfter: Date.parse(cert.validTo),
        certificatePem: cert.toString(),
        createdAt: this.now(),
      });
    } catch (err) {
      // Not kept (a key imported twice, say): its private half must not stay behind in the keychain.
      await this.o.vault.clear(environment, { kind: 'signingKey', keyId: id });
      throw err;
    }
    this.audit(environment, action, id, 'success', cert.fingerprint256);
    return this.view(this.o.keys.get(environment, id)!);
  }

  /** The certificate in PEM form, to upload to the merchant portal. */
  exportCertificate(environment: string, id: string): string {
    const k = this.require(environment, id);
    this.audit(environment, 'signingKey.export', id, 'success', k.fingerprint256);
    return k.certificatePem;
  }

  activate(environment: string, id: string): void {
    const k = this.require(environment, id);
    if (k.state === 'retired') throw new SigningKeyError('A retired key cannot sign again');
    if (k.notAfter <= this.now()) throw new SigningKeyError('An expired certificate cannot be activated');
    this.o.keys.activate(environment, id);
    this.audit(environment, 'signingKey.activate', id, 'success', k.fingerprint256);
  }

  /** Retires a key and deletes its private key from the keychain. The signing key must be replaced first. */
  async retire(environment: string, id: string): Promise<void> {
    const k = this.require(environment, id);
    if (k.state === 'active') throw new SigningKeyError('This key signs requests now; activate another key before retiring it');
    this.o.keys.retire(environment, id);
    await this.o.vault.clear(environment, { kind: 'signingKey', keyId: id });
    this.audit(environment, 'signingKey.retire', id, 'success', k.fingerprint256);
  }

  /** A signer for the active key, for the gateway client of an environment that requires signatures. */
  async activeSigner(environment: string): Promise<RequestSigner | undefined> {
    const k = this.o.keys.active(environment);
    if (!k) return undefined;
    const secret = await this.o.vault.secret(environment, { kind: 'signingKey', keyId: k.id });
    if (!secret) throw new SigningKeyError(`The private key of the active signing key ${k.fingerprint256} is missing from the keychain`);
    return new RequestSigner(revealSecret(secret));
  }

  private require(environment: string, id: string): SigningKeyRecord {
    const k = this.o.keys.get(environment, id);
    if (!k) throw new SigningKeyError('No such signing key in this environment');
    return k;
  }
}
