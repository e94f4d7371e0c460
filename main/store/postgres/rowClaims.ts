/**
 * Claims on open rows of the team's journals (charges, order operations), as statements: the desk sending
 * or reconciling an open row holds its claim in the row (claimed_by, claim_expires_at), renews it just before
 * each request that moves money, and another desk takes it over only once it lapsed. A row another desk is
 * claiming this very moment is skipped (SKIP LOCKED), not waited for.
 */
import type { QueryResultRow } from 'pg';
import type { Claim } from '../claims.js';
import type { DeskIdentity } from './desks.js';
import { DATABASE_NOW_MS, query, type Prepared, type TeamDatabase } from './teamDatabase.js';

/**
 * How long a desk's claim on an open charge or operation holds without being renewed. Its sender renews it
 * before each request that moves money, and a request ends within the gateway client's deadline, so only a
 * desk that died (or lost the database for this long) lets its claim lapse: then another desk may reconcile
 * the row.
 */
export const CLAIM_TTL_MS = 5 * 60_000;

/** An open row of either journal: its outcome not known yet. */
export const OPEN = "state IN ('PENDING', 'UNKNOWN')";

/**
 * The claim and its renewal on `table`, each returning the row's `columns`. Both take the row's id ($1), the
 * claiming desk's id ($2) and how long the claim holds from now ($3, milliseconds).
 */
function claimStatements(table: 'charge_journal' | 'order_operations', columns: string): { claim: Prepared; renew: Prepared } {
  return {
    claim: {
      name: `${table}.claim`,
      text: `UPDATE ${table} SET claimed_by = $2, claim_expires_at = ${DATABASE_NOW_MS} + $3
              WHERE id = (SELECT id FROM ${table}
                           WHERE id = $1 AND ${OPEN} AND (claimed_by IS NULL OR claimed_by = $2 OR claim_expires_at < ${DATABASE_NOW_MS})
                           FOR UPDATE SKIP LOCKED)
              RETURNING ${columns}`,
    },
    renew: {
      name: `${table}.renewClaim`,
      text: `UPDATE ${table} SET claim_expires_at = ${DATABASE_NOW_MS} + $3 WHERE id = $1 AND ${OPEN} AND claimed_by = $2
             RETURNING ${columns}`,
    },
  };
}

/** One journal's claims, held by one desk. */
export class RowClaims<Stored extends QueryResultRow, Row extends { readonly state: string }> {
  private readonly statements: { claim: Prepared; renew: Prepared };

  constructor(
    private readonly db: TeamDatabase,
    table: 'charge_journal' | 'order_operations',
    columns: string,
    private readonly rules: {
      readonly desk: DeskIdentity;
      readonly ttlMs: number;
      readonly toRow: (stored: Stored) => Row;
      readonly get: (id: number) => Promise<Row | undefined>;
    },
  ) {
    this.statements = claimStatements(table, columns);
  }

  /**
   * Claims an open row for this desk's sender, on the row as it is now. A claim another desk holds is left
   * alone until it expires; one this desk holds for no sender of its own (a run of the app that ended) is
   * taken again. `claims` are this desk's senders' (store/claims.ts).
   */
  async claim(id: number, claims: Set<number>): Promise<Claim<Row>> {
    if (!claims.has(id)) {
      const [taken] = await query<Stored>(this.db, this.statements.claim, [id, this.rules.desk.id, this.rules.ttlMs]);
      if (taken) {
        claims.add(id);
        return { kind: 'claimed', row: this.rules.toRow(taken) };
      }
    }
    const row = await this.rules.get(id);
    if (!row) return { kind: 'missing' };
    return row.state === 'PENDING' || row.state === 'UNKNOWN' ? { kind: 'sending', row } : { kind: 'settled', row };
  }

  /** The row, if it is open and this desk's sender still holds its claim, which this renews. */
  async renew(id: number, claims: Set<number>): Promise<Row | undefined> {
    if (!claims.has(id)) return undefined;
    const [r] = await query<Stored>(this.db, this.statements.renew, [id, this.rules.desk.id, this.rules.ttlMs]);
    return r && this.rules.toRow(r);
  }
}
