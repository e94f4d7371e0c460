/**
 * A certificate authority and a server certificate it signed, made with openssl for a throwaway PostgreSQL
 * server with TLS (postgresCluster.ts, startPostgres({ tls })): the server's certificate names 127.0.0.1 (an IP
 * address in its subjectAltName, which is what a client checks for an address) and no host name, so a client
 * that asks for "localhost" finds the name wrong. A second authority that signed nothing stands for a CA file
 * that does not vouch for this server.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  /** The authority that signed the server's certificate. */
  readonly caPem: string;
  /** Another authority, which signed nothing of this server's. */
  readonly otherCaPem: string;
  readonly serverCertificatePem: string;
  readonly serverKeyPem: string;
}

export function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'backoffice-tls-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const authority = (name: string, cn: string) =>
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      at(`${name}.key`),
      '-out',
      at(`${name}.crt`),
      '-days',
      '2',
      '-subj',
      `/CN=${cn}`,
    );
  try {
    authority('ca', 'Back office test CA');
    authority('other', 'Some other CA');
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=127.0.0.1');
    writeFileSync(at('server.ext'), 'subjectAltName = IP:127.0.0.1\nextendedKeyUsage = serverAuth\n');
    openssl(
      'x509',
      '-req',
      '-in',
      at('server.csr'),
      '-CA',
      at('ca.crt'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-out',
      at('server.crt'),
      '-days',
      '2',
      '-extfile',
      at('server.ext'),
    );
    const read = (name: string) => readFileSync(at(name), 'utf8');
    return {
      caPem: read('ca.crt'),
      otherCaPem: read('other.crt'),
      serverCertificatePem: read('server.crt'),
      serverKeyPem: read('server.key'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
