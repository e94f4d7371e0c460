/** Test keys and self-signed certificates, made with @peculiar/x509 on Node's WebCrypto. */
import 'reflect-metadata';
import { createHash, sign, webcrypto, type KeyObject, KeyObject as NodeKeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALG = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };

/** Another key than RSA 2048, for the refusals: RSA of another size or public exponent, or an EC P-256 key. */
export type OtherKey = { modulusLength: number; publicExponent?: number } | 'ec';

/** A public exponent as WebCrypto takes it: big-endian bytes. */
function exponentBytes(exponent: number): Uint8Array {
  const bytes: number[] = [];
  for (let e = exponent; e > 0; e = Math.floor(e / 256)) bytes.unshift(e % 256);
  return new Uint8Array(bytes);
}

export async function selfSigned(cn: string, days = 365, other?: OtherKey): Promise<{ certPem: string; key: KeyObject }> {
  const alg =
    other === 'ec'
      ? { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' }
      : other !== undefined
        ? {
            ...ALG,
            modulusLength: other.modulusLength,
            ...(other.publicExponent !== undefined ? { publicExponent: exponentBytes(other.publicExponent) } : {}),
          }
        : ALG;
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${cn}`,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + days * 86_400_000),
    signingAlgorithm: alg,
    keys: keys as unknown as Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[0]['keys'],
  });
  return { certPem: cert.toString('pem'), key: NodeKeyObject.from(keys.privateKey) };
}

/** X-Hash and X-Signature for a body, per the interface's signing steps. */
export function signBody(body: string | Buffer, key: KeyObject): { 'x-hash': string; 'x-signature': string } {
  const digest = createHash('sha256').update(body).digest();
  return { 'x-hash': digest.toString('base64'), 'x-signature': sign('sha256', digest, key).toString('base64') };
}
