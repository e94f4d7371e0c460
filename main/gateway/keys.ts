/**
 * The signing key pair the merchant portal needs: an RSA 2048 private key (PKCS#8 PEM) and a
 * self-signed X.509 certificate (SHA-256) with the validity the user chooses. X.509 is built with
 * @peculiar/x509 on Node's WebCrypto rather than by hand.
 */
import 'reflect-metadata';
import { randomBytes, webcrypto, X509Certificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;

export interface SigningKeyPair {
  /** PKCS#8 PEM. A secret: it belongs in the keychain, never in a log or the database. */
  readonly privateKeyPem: string;
  readonly certificatePem: string;
  /** SHA-256 fingerprint of the certificate, colon-separated upper-case hex. */
  readonly fingerprint256: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
}

/** Escapes a value for an X.500 distinguished name (RFC 4514). */
function dnValue(value: string): string {
  return value.replace(/([,+"\\<>;=#])/g, '\\$1').replace(/^ | $/g, (m) => `\\${m}`);
}

export async function generateSigningKeyPair(options: { commonName: string; days: number; now?: Date }): Promise<SigningKeyPair> {
  const { commonName, days } = options;
  if (commonName.trim() === '') throw new Error('The certificate needs a subject name');
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new Error('Validity must be a whole number of days from 1 to 3650');
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const notBefore = options.now ?? new Date();
  const notAfter = new Date(notBefore.getTime() + days * 86_400_000);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    // Positive 128-bit serial, as RFC 5280 asks of certificate authorities too.
    serialNumber: `01${randomBytes(15).toString('hex')}`,
    name: `CN=${dnValue(commonName)}`,
    notBefore,
    notAfter,
    signingAlgorithm: ALGORITHM,
    keys: keys as unknown as Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[0]['keys'],
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const privateKeyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END PRIVATE KEY-----\n`;
  const certificatePem = `${cert.toString('pem').trimEnd()}\n`;
  return { privateKeyPem, certificatePem, fingerprint256: new X509Certificate(certificatePem).fingerprint256, notBefore, notAfter };
}
