/**
 * Signing keys for the gateway's asymmetric request signature: generate an RSA 2048 key with a
 * self-signed certificate (subject from the merchant login, validity chosen by the user) or import an
 * existing pair, export the certificate for upload to the merchant portal, activate one key for signing,
 * rotate (the previous key stays usable until retired), retire, and warn before expiry. Private keys go
 * to the keychain; the store keeps certificates and fingerprints. Every action is audited.
 *
 * In a team the store is the team database's: every desk sees every key and which one signs, and each desk's
 * keychain holds only the private keys imported (or generated) at that desk. A key is "usable here" where
 * this desk's keychain has its private key; importing at a second desk the key pair another desk added makes
 * it usable there too, without a second record.
 */
import { createHash, createPrivateKey, createPublicKey, randomUUID, verify, X509Certificate } from 'node:crypto';
import { generateSigningKeyPair } from '../gateway/keys.js';
import { RequestSigner } from '../gateway/signer.js';
import { wrongExponent, wrongSigningKey } from '../protocol/signingKey.js';
import { reasonFact, type AuditAction } from '../store/auditEvents.js';
import { stampedEntry, type AuditEntry, type AuditRepository, type StampedEntry } from '../store/audit.js';
import type { SigningKeyRecord, SigningKeyStore } from '../store/signingKeys.js';
import { VaultUnavailableError } from '../vault/errors.js';
import { english } from '../phrases/english.js';
import { phrase, type Phrase } from '../phrases/phrase.js';
import { SaidError } from '../phrases/saidError.js';
import { revealSecret } from '../vault/secret.js';
import type { SigningKeyView, TestSignature } from './views.js';

export type { SigningKeyView, TestSignature } from './views.js';
import type { Vault } from '../vault/vault.js';

type KeyAction = Extract<AuditAction, `signingKey.${string}`>;

/** How long before a certificate's end the app starts warning. */
export const EXPIRY_WARNING_DAYS = 30;
const DAY = 86_400_000;

export class SigningKeyError extends SaidError {
  override name = 'SigningKeyError';

  /** notFound: no such key in this environment; refused: the key or the request does not allow it. */
  constructor(
    said: Phrase,
    readonly reason: 'notFound' | 'refused' = 'refused',
  ) {
    super(said);
  }
}

export interface SigningKeyServiceOptions {
  /** The store of an environment's keys: the team's where there is a team database (but the sandbox's). */
  readonly keys: (environment: string) => SigningKeyStore;
  readonly vault: Vault;
  readonly audit: AuditRepository;
  readonly osUser: string;
  readonly now?: () => number;
}

export class SigningKeyService {
  private readonly now: () => number;

  constructor(private readonly options: SigningKeyServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether this desk's keychain has the key's private key; unknown (undefined) where it cannot be read. */
  private async usableHere(k: SigningKeyRecord): Promise<boolean | undefined> {
    if (k.state === 'retired') return false;
    try {
      return await this.options.vault.isSet(k.environment, { kind: 'signingKey', keyId: k.id });
    } catch (err) {
      if (err instanceof VaultUnavailableError) return undefined;
      throw err;
    }
  }

  private async view(k: SigningKeyRecord): Promise<SigningKeyView> {
    const now = this.now();
    const daysLeft = Math.floor((k.notAfter - now) / DAY);
    const usable = await this.usableHere(k);
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
      ...(usable !== undefined ? { usableHere: usable } : {}),
    };
  }

  /** The key by its fingerprint where it was read, and the reason where there is one; the detail says both. */
  private audit(
    environment: string,
    action: KeyAction,
    id: string | undefined,
    outcome: 'success' | 'failure',
    facts: { fingerprint?: string; reason?: string },
  ): void {
    this.options.audit.record(this.entry(environment, action, id, outcome, facts));
  }

  /** A key's change as its entry, stamped now, for the store to write in the change's transaction. */
  private changed(environment: string, action: KeyAction, id: string, fingerprint: string): StampedEntry {
    return stampedEntry(this.entry(environment, action, id, 'success', { fingerprint }));
  }

  private entry(
    environment: string,
    action: KeyAction,
    id: string | undefined,
    outcome: 'success' | 'failure',
    { fingerprint, reason }: { fingerprint?: string; reason?: string },
  ): AuditEntry {
    const detail = [fingerprint, reason].filter((part) => part).join(': ');
    return {
      at: this.now(),
      osUser: this.options.osUser,
      environment,
      action,
      facts: { ...(fingerprint ? { fingerprint } : {}), ...reasonFact(reason) },
      outcome,
      objectType: 'signingKey',
      ...(id ? { objectId: id } : {}),
      ...(detail ? { detail } : {}),
    };
  }

  /** Runs an action, auditing its failure with the reason (the app's own words, never key material). */
  private async audited<T>(environment: string, action: KeyAction, id: string | undefined, run: () => T | Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      this.audit(environment, action, id, 'failure', { reason: err instanceof Error ? err.message : String(err) });
      throw err;
    }
  }

  async list(environment: string): Promise<SigningKeyView[]> {
    const views: SigningKeyView[] = [];
    for (const k of await this.options.keys(environment).list(environment)) views.push(await this.view(k));
    return views;
  }

  async get(environment: string, id: string): Promise<SigningKeyView> {
    return this.view(await this.require(environment, id));
  }

  async generate(environment: string, merchantLogin: string, days: number): Promise<SigningKeyView> {
    return this.audited(environment, 'signingKey.generate', undefined, async () => {
      const pair = await generateSigningKeyPair({ commonName: merchantLogin, days, now: new Date(this.now()) });
      return this.keep(environment, pair.privateKeyPem, pair.certificatePem, 'signingKey.generate');
    });
  }

  /** Imports a key pair; the certificate must hold the key's public half and be a 2048-bit RSA one, public exponent 65537. */
  async import(environment: string, privateKeyPem: string, certificatePem: string): Promise<SigningKeyView> {
    return this.audited(environment, 'signingKey.import', undefined, () => this.importPair(environment, privateKeyPem, certificatePem));
  }

  private async importPair(environment: string, privateKeyPem: string, certificatePem: string): Promise<SigningKeyView> {
    let cert: X509Certificate;
    let key;
    try {
      cert = new X509Certificate(certificatePem);
    } catch {
      throw new SigningKeyError(phrase('keys.certificateUnreadable'));
    }
    try {
      key = createPrivateKey(privateKeyPem);
    } catch {
      // Node's reason is left out: the key's text is a secret, and nothing of it goes into a message.
      throw new SigningKeyError(phrase('keys.privateKeyUnreadable'));
    }
    // The interface: "The signing key is 2048-bit RSA"; a gateway refuses any other certificate.
    const found = wrongSigningKey(key);
    if (found) throw new SigningKeyError(phrase('keys.notRsa2048', { found }));
    const exponent = wrongExponent(key);
    if (exponent) throw new SigningKeyError(phrase('keys.exponentNot65537', { exponent }));
    const fromKey = createPublicKey(key).export({ type: 'spki', format: 'der' });
    const fromCert = cert.publicKey.export({ type: 'spki', format: 'der' });
    if (!fromKey.equals(fromCert)) throw new SigningKeyError(phrase('keys.notThisKey'));
    const known = (await this.options.keys(environment).list(environment)).find((k) => k.fingerprint256 === cert.fingerprint256);
    // A key another desk of the team added, whose private key this desk's keychain lacks: it becomes usable here.
    if (known && known.state !== 'retired' && (await this.usableHere(known)) === false) {
      await this.options.vault.store(environment, { kind: 'signingKey', keyId: known.id }, privateKeyPem);
      this.audit(environment, 'signingKey.import', known.id, 'success', { fingerprint: known.fingerprint256 });
      return this.view(known);
    }
    if (known)
      throw new SigningKeyError(
        phrase('keys.alreadyHere', { state: phrase(`keys.state.${known.state}`), fingerprint: known.fingerprint256 }),
      );
    return this.keep(environment, privateKeyPem, certificatePem, 'signingKey.import');
  }

  private async keep(environment: string, privateKeyPem: string, certificatePem: string, action: KeyAction): Promise<SigningKeyView> {
    const cert = new X509Certificate(certificatePem);
    const id = randomUUID();
    // The keychain first: a record in the store always has its private key.
    await this.options.vault.store(environment, { kind: 'signingKey', keyId: id }, privateKeyPem);
    try {
      await this.options.keys(environment).add(
        {
          id,
          environment,
          subject: cert.subject,
          fingerprint256: cert.fingerprint256,
          notBefore: Date.parse(cert.validFrom),
          notAfter: Date.parse(cert.validTo),
          certificatePem: cert.toString(),
          createdAt: this.now(),
        },
        this.changed(environment, action, id, cert.fingerprint256),
      );
    } catch (err) {
      // Not kept (a key imported twice, say): its private half must not stay behind in the keychain.
      await this.options.vault.clear(environment, { kind: 'signingKey', keyId: id });
      throw err;
    }
    return this.view((await this.options.keys(environment).get(environment, id))!);
  }

  /** The certificate in PEM form, to upload to the merchant portal. */
  async exportCertificate(environment: string, id: string): Promise<string> {
    const k = await this.require(environment, id);
    this.audit(environment, 'signingKey.export', id, 'success', { fingerprint: k.fingerprint256 });
    return k.certificatePem;
  }

  async activate(environment: string, id: string): Promise<void> {
    const k = await this.require(environment, id);
    const refuse = (why: Phrase): never => {
      const error = new SigningKeyError(why);
      this.audit(environment, 'signingKey.activate', id, 'failure', { fingerprint: k.fingerprint256, reason: error.message });
      throw error;
    };
    if (k.state === 'retired') refuse(phrase('keys.retiredCannotSignAgain'));
    if (k.notAfter <= this.now()) refuse(phrase('keys.expiredCannotActivate'));
    // A key imported before the exponent was checked signs nothing new.
    const exponent = wrongExponent(new X509Certificate(k.certificatePem).publicKey);
    if (exponent) refuse(phrase('keys.exponentNot65537', { exponent }));
    await this.options.keys(environment).activate(environment, id, this.changed(environment, 'signingKey.activate', id, k.fingerprint256));
  }

  /** Retires a key and deletes its private key from the keychain. The signing key must be replaced first. */
  async retire(environment: string, id: string): Promise<void> {
    const k = await this.require(environment, id);
    if (k.state === 'active') {
      const error = new SigningKeyError(phrase('keys.activeCannotRetire'));
      this.audit(environment, 'signingKey.retire', id, 'failure', { fingerprint: k.fingerprint256, reason: error.message });
      throw error;
    }
    await this.audited(environment, 'signingKey.retire', id, async () => {
      await this.options.keys(environment).retire(environment, id);
      await this.options.vault.clear(environment, { kind: 'signingKey', keyId: id });
    });
    this.audit(environment, 'signingKey.retire', id, 'success', { fingerprint: k.fingerprint256 });
  }

  /**
   * Signs a sample body with a key's private key from the keychain, as the gateway client signs requests,
   * and verifies the result with the key's certificate as the gateway does: proof that the private key in
   * the keychain belongs to the certificate uploaded to the merchant portal. Audited (it uses the key).
   */
  async testSign(environment: string, id: string, body: Uint8Array): Promise<TestSignature> {
    const k = await this.require(environment, id);
    return this.audited(environment, 'signingKey.testSign', id, async () => {
      if (k.state === 'retired') throw new SigningKeyError(phrase('keys.retiredCannotSign'));
      const secret = await this.options.vault.secret(environment, { kind: 'signingKey', keyId: id });
      if (!secret) throw new SigningKeyError(phrase('keys.privateKeyMissing', { fingerprint: k.fingerprint256 }));
      const { xHash, xSignature } = new RequestSigner(revealSecret(secret)).sign(body);

      const digest = createHash('sha256').update(body).digest();
      const cert = new X509Certificate(k.certificatePem);
      const hashOk = xHash === digest.toString('base64');
      const signatureOk = verify('sha256', digest, cert.publicKey, Buffer.from(xSignature, 'base64'));
      const verified = hashOk && signatureOk;
      const now = this.now();
      const first = verified ? phrase('keys.verified') : !hashOk ? phrase('keys.hashMismatch') : phrase('keys.signatureMismatch');
      const words: Phrase[] = [first];
      if (k.notAfter <= now) words.push(phrase('keys.expiredOn', { at: { at: k.notAfter } }));
      else if (k.notBefore > now) words.push(phrase('keys.notYetValid', { at: { at: k.notBefore } }));
      this.audit(environment, 'signingKey.testSign', id, verified ? 'success' : 'failure', {
        fingerprint: k.fingerprint256,
        reason: english(first),
      });
      return { fingerprint256: k.fingerprint256, bodyBytes: body.byteLength, xHash, xSignature, verified, detail: words };
    });
  }

  /** A signer for the active key, for the gateway client of an environment that requires signatures. */
  async activeSigner(environment: string): Promise<RequestSigner | undefined> {
    const k = await this.options.keys(environment).active(environment);
    if (!k) return undefined;
    const secret = await this.options.vault.secret(environment, { kind: 'signingKey', keyId: k.id });
    if (!secret) throw new SigningKeyError(phrase('keys.activePrivateKeyMissing', { fingerprint: k.fingerprint256 }));
    return new RequestSigner(revealSecret(secret));
  }

  private async require(environment: string, id: string): Promise<SigningKeyRecord> {
    const k = await this.options.keys(environment).get(environment, id);
    if (!k) throw new SigningKeyError(phrase('keys.notFound'), 'notFound');
    return k;
  }
}
