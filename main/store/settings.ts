/** Non-secret settings as JSON values by key. Secrets never come here: they live in the OS keychain. */
import type { z } from 'zod';
import { read, write, type Db } from './database.js';

/**
 * Settings a team shares (store/postgres/teamSettings.ts): the keys it owns are read from and written to
 * the desk's copy of the team's, never the desk's own, which stay as they were for when it leaves the team.
 */
export interface SharedSettings {
  owns(key: string): boolean;
  /** The value as JSON text. */
  get(key: string): string | undefined;
  set(key: string, json: string): void;
}

export class SettingsRepository {
  constructor(
    private readonly db: Db,
    private readonly shared?: SharedSettings,
  ) {}

  /** The stored value, if it is still of the expected shape; otherwise undefined (the caller's default applies). */
  get<T extends z.ZodType>(key: string, schema: T): z.output<T> | undefined {
    const text = this.shared?.owns(key)
      ? this.shared.get(key)
      : read(this.db, () => this.db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined);
    if (text === undefined) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined; // a damaged setting falls back to its default, as one of the wrong shape does
    }
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }

  /** This desk's own settings as kept (JSON text by key), whoever owns them now: what it brings to a team. */
  own(): Map<string, string> {
    return read(this.db, () => new Map(this.db.prepare('SELECT key, value FROM settings').raw(true).all() as [string, string][]));
  }

  set(key: string, value: unknown): void {
    if (this.shared?.owns(key)) {
      this.shared.set(key, JSON.stringify(value));
      return;
    }
    write(this.db, () => {
      this.db
        .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
        .run(key, JSON.stringify(value));
    });
  }
}
