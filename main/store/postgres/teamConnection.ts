/**
 * A team database connection of Settings (main/domain/teamConnection.ts) as node-postgres takes it, and as
 * main checks it before saving or testing it: each CA certificate read by Node, which the screens' shared
 * schema cannot do.
 */
import { X509Certificate } from 'node:crypto';
import type { ConnectionOptions } from 'node:tls';
import type pg from 'pg';
import { pemCertificates, teamConnectionSchema, type TeamConnection, type TeamTls } from '../../domain/teamConnection.js';

/** The shared schema, with every certificate of the CA file read as Node will read it to connect. */
export const checkedTeamConnection = teamConnectionSchema.superRefine((c, ctx) => {
  if (c.tls.mode !== 'verify-full' || c.tls.caPem === undefined) return;
  for (const block of pemCertificates(c.tls.caPem)) {
    try {
      new X509Certificate(block);
    } catch {
      ctx.addIssue({ code: 'custom', path: ['tls', 'caPem'], message: 'settings.team.input.caUnreadable' });
      return;
    }
  }
});

/** node-postgres's TLS settings for a mode; `false` sends no TLS request at all. */
function sslOf(t: TeamTls): false | ConnectionOptions {
  switch (t.mode) {
    case 'disable':
      return false;
    case 'require':
      return { rejectUnauthorized: false };
    case 'verify-full':
      // Node checks the host name against the certificate (tls.checkServerIdentity) whenever it checks the chain.
      return { rejectUnauthorized: true, ...(t.caPem ? { ca: t.caPem } : {}) };
  }
}

/**
 * The settings of a pool to the team database. Everything is given, so nothing of PGHOST, PGSSLMODE and the
 * like steers it; the password is asked of `password` at each new connection, and only then.
 */
export function poolConfigOf(c: TeamConnection, password: () => Promise<string>): pg.PoolConfig {
  return { host: c.host, port: c.port, database: c.database, user: c.user, password, ssl: sslOf(c.tls) };
}
