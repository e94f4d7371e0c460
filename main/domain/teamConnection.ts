/**
 * How a desk reaches the team database when an administrator points it there in Settings: host, port,
 * database, user and TLS, as libpq's sslmode means them. The password is not among them: it is kept in the
 * OS keychain. One schema, read by the IPC contract (what main accepts from the screen), by the settings
 * service (every save and test passes it, with each CA certificate then read by Node:
 * store/postgres/teamConnection.ts) and when the saved settings are read back. Free of Node's modules, as
 * everything the contract holds is, since the screens share it.
 */
import { z } from 'zod';

/**
 * libpq's sslmode, the three a desk may choose: disable (no TLS), require (encrypted, the server's certificate
 * not checked, so a server in between is not detected) and verify-full (its certificate checked against the
 * CA given, or the system's authorities without one, and made out to the host connected to).
 */
export const TLS_MODES = ['disable', 'require', 'verify-full'] as const;
export type TlsMode = (typeof TLS_MODES)[number];

/** PostgreSQL's identifiers (NAMEDATALEN - 1). */
const MAX_NAME_BYTES = 63;
/** Room for a chain of a few certificates; one is 1 to 2 kB. */
const MAX_CA_PEM = 64 * 1024;
/** One PEM certificate: its armour lines and the Base64 between them. */
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----/g;

/** The certificates of a CA file (PEM), each as its own block; none where the file holds anything else. */
export function pemCertificates(pem: string): string[] {
  const blocks = pem.match(PEM_CERTIFICATE) ?? [];
  return pem.replace(PEM_CERTIFICATE, '').trim() === '' ? blocks : [];
}
/** A DNS name or an IPv4 address: labels of letters, digits and hyphens, none starting or ending with a hyphen. */
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;

/** An IPv6 address, as the URL parser reads one between brackets. */
function isIpv6(host: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(host) || !host.includes(':')) return false;
  try {
    return new URL(`http://[${host}]/`).hostname !== '';
  } catch {
    return false;
  }
}

const host = z
  .string()
  .trim()
  .refine((h) => HOST_NAME.test(h) || isIpv6(h), 'settings.team.input.host');
const port = z
  .number('settings.team.input.port')
  .int('settings.team.input.port')
  .min(1, 'settings.team.input.port')
  .max(65_535, 'settings.team.input.port');
const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length;
/** A database or role name as the server keeps it: 1 to 63 bytes, no control characters. */
const identifier = (message: 'settings.team.input.database' | 'settings.team.input.user') =>
  z
    .string()
    .trim()
    .refine((s) => s.length > 0 && utf8Bytes(s) <= MAX_NAME_BYTES && !/\p{Cc}/u.test(s), message);

/** A CA file (PEM): one or more certificates and nothing else but whitespace. */
const caPem = z
  .string()
  .max(MAX_CA_PEM, 'settings.team.input.caTooBig')
  .refine((pem) => pemCertificates(pem).length > 0, 'settings.team.input.caPem');

/** TLS as the mode has it: only verify-full checks a certificate, so only it takes a CA. */
const tls = z.discriminatedUnion(
  'mode',
  [
    z.strictObject({ mode: z.literal('disable') }),
    z.strictObject({ mode: z.literal('require') }),
    z.strictObject({ mode: z.literal('verify-full'), caPem: caPem.optional() }),
  ],
  { error: 'settings.team.input.tlsMode' },
);

export const teamConnectionSchema = z.strictObject({
  host,
  port,
  database: identifier('settings.team.input.database'),
  user: identifier('settings.team.input.user'),
  tls,
});
export type TeamConnection = z.output<typeof teamConnectionSchema>;
export type TeamTls = TeamConnection['tls'];

/** The database by name, as messages and logs say it (store/postgres/teamDatabase.ts names a pool the same way). */
export const teamConnectionName = (c: TeamConnection): string => `${c.host}:${c.port}/${c.database}`;

/**
 * Why a desk cannot use the team database, told apart so that each is said in words a person can act on
 * (storage.team.*): the server not reached or not answering, its host name unknown, the user or password
 * refused, the user not let in from here, no such database, TLS refused or required, the server's certificate
 * not trusted, not for this name or out of date, another TLS failure, the password not to be had (the OS
 * keychain locked, or none kept), its tables made by a newer version of the app, or this desk's settings for
 * it not readable by this version.
 */
export type TeamFailure =
  | 'unreachable'
  | 'timeout'
  | 'unknownHost'
  | 'authentication'
  | 'notAllowed'
  | 'noDatabase'
  | 'tlsRefused'
  | 'tlsRequired'
  | 'certificateUntrusted'
  | 'certificateName'
  | 'certificateExpired'
  | 'tls'
  | 'password'
  | 'newerSchema'
  | 'unreadableSettings';
