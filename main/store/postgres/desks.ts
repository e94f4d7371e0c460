/**
 * The desks of a team: each desk says who it is when it opens on the team database, and is then seen by the
 * others. A desk is its id (its installation's, made once for its data folder), which the team's records
 * tell desks apart by: its claims, its audit entries. Its name is what people read, and two desks may share
 * one (two machines of one host name) without taking each other's claims or entries.
 */
import { randomUUID } from 'node:crypto';
import { DATABASE_NOW_MS, query, type TeamDatabase } from './teamDatabase.js';

export interface DeskIdentity {
  readonly id: string;
  readonly name: string;
}

/** A desk of its own, with this name: for tools and tests, where each desk is a new one. */
export const deskNamed = (name: string): DeskIdentity => ({ id: randomUUID(), name });

export interface Desk extends DeskIdentity {
  readonly osUser: string;
  readonly appVersion: string;
  readonly lastSeen: number;
}

export async function deskSeen(db: TeamDatabase, desk: Omit<Desk, 'lastSeen'>): Promise<void> {
  await query(
    db,
    `INSERT INTO desks (id, name, os_user, app_version, last_seen) VALUES ($1, $2, $3, $4, ${DATABASE_NOW_MS})
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, os_user = excluded.os_user, app_version = excluded.app_version,
       last_seen = excluded.last_seen`,
    [desk.id, desk.name, desk.osUser, desk.appVersion],
  );
}

export async function desks(db: TeamDatabase): Promise<Desk[]> {
  const rows = await query<{ id: string; name: string; os_user: string; app_version: string; last_seen: number }>(
    db,
    'SELECT id, name, os_user, app_version, last_seen FROM desks ORDER BY name, id',
  );
  return rows.map((r) => ({ id: r.id, name: r.name, osUser: r.os_user, appVersion: r.app_version, lastSeen: r.last_seen }));
}
