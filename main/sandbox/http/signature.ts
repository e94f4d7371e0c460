/**
 * Verification of signed requests (interface: "Asymmetric request signature"): X-Hash is the Base64
 * SHA-256 of the exact body bytes, X-Signature the Base64 RSA-SHA256 signature over those digest bytes,
 * checked against the certificates the merchant uploaded.
 */
import { createHash, verify, X509Certificate, type KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { words, type Words } from '../messages.js';
import type { Merchant, MerchantCertificate } from '../state/model.js';

const keys = new WeakMap<MerchantCertificate, { key: KeyObject; validFrom: number; validTo: number }>();

function keyOf(cert: MerchantCertificate) {
  let entry = keys.get(cert);
  if (!entry) {
    const x509 = new X509Certificate(cert.pem);
    entry = { key: x509.publicKey, validFrom: Date.parse(x509.validFrom), validTo: Date.parse(x509.validTo) };
    keys.set(cert, entry);
  }
  return entry;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Why the request's signature is refused, or undefined when it verifies. */
export function signatureProblem(merchant: Merchant, body: Buffer, headers: IncomingHttpHeaders, now: number): Words | undefined {
  const xHash = header(headers, 'x-hash');
  const xSignature = header(headers, 'x-signature');
  if (!xHash || !xSignature) return words('request.signatureHeaders');
  const digest = createHash('sha256').update(body).digest();
  if (digest.toString('base64') !== xHash) return words('request.hashMismatch');
  const signature = Buffer.from(xSignature, 'base64');
  const usable = merchant.certificates.map(keyOf).filter((c) => c.validFrom <= now && now <= c.validTo);
  if (usable.length === 0) return words('request.noCertificate');
  if (usable.some((c) => verify('sha256', digest, c.key, signature))) return undefined;
  return words('request.signatureMismatch');
}
