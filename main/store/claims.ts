/**
 * Claims on open journal rows (charges, order operations): who is sending one now. A payment step is sent
 * only by the holder of its row's claim, and a row is claimed only while it is open, decided on the row as
 * it is at that moment, read inside a write transaction (so no other connection settles it in between).
 *
 * The claims themselves are the process's: a set of row ids shared by every service over one journal.
 * The data folder's lock keeps any other process off the file, and a process that dies drops its claims
 * with it, which is what lets the next start reconcile what it left open.
 */
import { write, type Db } from './database.js';

/** What a claim found: claimed for this sender, being sent by another, settled (nothing to send), or no such row. */
export type Claim<R> = { readonly kind: 'claimed' | 'sending' | 'settled'; readonly row: R } | { readonly kind: 'missing' };

export function claimOpen<R extends { readonly state: string }>(
  db: Db,
  id: number,
  claims: Set<number>,
  get: (id: number) => R | undefined,
): Claim<R> {
  return write(db, (): Claim<R> => {
    const row = get(id);
    if (!row) return { kind: 'missing' };
    if (row.state !== 'PENDING' && row.state !== 'UNKNOWN') return { kind: 'settled', row };
    if (claims.has(id)) return { kind: 'sending', row };
    claims.add(id);
    return { kind: 'claimed', row };
  });
}
