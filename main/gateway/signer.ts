/**
 * Request signing (interface: "Asymmetric request signature"): X-Hash is the Base64 SHA-256 of the exact
 * body bytes, X-Signature the Base64 RSA-SHA256 signature over those digest bytes. The private key is
 * parsed once, when the signer is made.
 */
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';

export interface Signature {
  readonly xHash: string;
  readonly xSignature: string;
}

export class RequestSigner {
  private readonly key: KeyObject;

  constructor(privateKeyPem: string | KeyObject) {
    this.key = typeof privateKeyPem === 'string' ? createPrivateKey(privateKeyPem) : privateKeyPem;
    if (this.key.asymmetricKeyType !== 'rsa') throw new Error('The signing key must be an RSA private key');
    const bits = this.key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < 2048) throw new Error(`The signing key must be RSA 2048 or larger, not ${bits} bits`);
  }

  sign(body: Uint8Array): Signature {
    const digest = createHash('sha256').update(body).digest();
    return { xHash: digest.toString('base64'), xSignature: sign('sha256', digest, this.key).toString('base64') };
  }
}
