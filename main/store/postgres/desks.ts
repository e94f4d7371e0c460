/** The desks of a team: each desk says who it is when it opens on the team database, and is then seen by the others. */
import { DATABASE_NOW_MS, query, type TeamDatabase } from './teamDatabase.js';

export interface Desk {
  readonly name: string;
  readonly osUser: string;
  readonly appVersion: string;
  readonly lastSeen: number;
}

export async function deskSeen(db: TeamDatabase, desk: Omit<Desk, 'lastSeen'>): Promise<void> {
  await query(
    db,
    `INSERT INTO desks (name, os_user, app_version, last_seen) VALUES ($1, $2, $3, ${DATABASE_NOW_MS})
     ON CONFLICT (name) DO UPDATE SET os_user = excluded.os_user, app_version = excluded.app_version, last_seen = excluded.last_seen`,
    [desk.name, desk.osUser, desk.appVersion],
  );
}

export async function desks(db: TeamDatabase): Promise<Desk[]> {
  const rows = await query<{ name: string; os_user: string; app_version: string; last_seen: number }>(
    db,
    'SELECT name, os_user, app_version, last_seen FROM desks ORDER BY name',
  );
  return rows.map((r) => ({ name: r.name, osUser: r.os_user, appVersion: r.app_version, lastSeen: r.last_seen }));
}
