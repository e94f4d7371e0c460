/**
 * This desk's identity in a team: an id made once for its data folder and kept in its file. The desk's name
 * (the host's, by default) is what people read, and two desks may well share one (two machines called
 * "FINANCE", two OS users on one machine); the id is what the team's records tell desks apart by, so one
 * desk never takes another's entries or claims for its own. The data folder's lock keeps any other process
 * off the file, so one id is one running desk.
 */
import { randomUUID } from 'node:crypto';
import { read, write, type Db } from './database.js';

const KEY = 'desk.id';

export function deskId(db: Db): string {
  const kept = read(db, () => db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(KEY) as string | undefined);
  if (kept !== undefined) return JSON.parse(kept) as string;
  const id = randomUUID();
  write(db, () => db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(KEY, JSON.stringify(id)));
  return deskId(db);
}
