/** Non-secret settings as JSON values by key. Secrets never come here: they live in the OS keychain. */
import type { z } from 'zod';
import { read, write, type Db } from './database.js';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  /** The stored value, if it is still of the expected shape; otherwise undefined (the caller's default applies). */
  get<T extends z.ZodType>(key: string, schema: T): z.output<T> | undefined {
    const row = read(this.db, () => this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined);
    if (!row) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(row.value);
    } catch {
      return undefined; // a damaged setting falls back to its default, as one of the wrong shape does
    }
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }

  /** Whether anything is kept under the key, readable or not. */
  has(key: string): boolean {
    return read(this.db, () => this.db.prepare('SELECT 1 FROM settings WHERE key = ?').get(key) !== undefined);
  }

  set(key: string, value: unknown): void {
    write(this.db, () => {
      this.db
        .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
        .run(key, JSON.stringify(value));
    });
  }
}
