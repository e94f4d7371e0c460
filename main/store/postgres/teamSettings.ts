/**
 * The settings a team shares, in its database: its people's own preferences, the idle time, each gateway environment's
 * connection (never its secrets, which stay in each desk's keychain), its accepted currencies and its
 * per-charge maximums. The embedded
 * sandbox's are each desk's own, as its journals are (each desk's sandbox is a different gateway).
 *
 * The app reads settings synchronously, everywhere, so a desk reads the team's through its copy in its own
 * file (team_settings_copy), which runs the desk while the team database is away too. A change is written
 * to the copy at once, marked pending, and to the team's database as soon as it can be; the copy is read
 * again from the team's after every change any desk makes (NOTIFY) and after a reconnection. Two
 * administrators changing one setting at once: the one written to the team database last holds, at every
 * desk. The desk's own settings of those keys are left as they were, for when it leaves the team.
 */
import { maskCardNumbers } from '../../domain/cardNumbers.js';
import {
  environmentKeys,
  IDLE_MINUTES_KEY,
  PREFERENCES_PREFIX,
  TEAM_KEY_CHECK_KEY,
  TWO_FACTOR_REQUIRED_KEY,
  type SharedSettings,
} from '../settings.js';
import { PERSON_VIEWS_PREFIX } from '../personViews.js';
import { read, write, type Db } from '../database.js';
import type { DeskIdentity } from './desks.js';
import { RetriedRun } from './retriedRun.js';
import { DATABASE_NOW_MS, query, transaction, type TeamDatabase } from './teamDatabase.js';

/** How often a desk tries the team database again while it has changes the team's settings lack. */
export const SETTINGS_RETRY_MS = 2_000;

/** Kept in the copy once the team's settings were read into it: from then on a key the team lacks is none. */
const READ_ONCE = ':read';

/**
 * Whether the team shares the setting: a person's own preferences (the team's people are the same at every desk),
 * the idle time before a desk locks, whether two-factor sign-in is required and the team key's check value, and an
 * environment's connection, currencies or maximums, but the embedded sandbox's.
 */
export const teamShares = (key: string): boolean => {
  if (
    key.startsWith(PREFERENCES_PREFIX) ||
    key.startsWith(PERSON_VIEWS_PREFIX) ||
    [IDLE_MINUTES_KEY, TWO_FACTOR_REQUIRED_KEY, TEAM_KEY_CHECK_KEY].includes(key)
  )
    return true;
  const environment = key.slice(key.indexOf('.') + 1);
  return environment !== 'sandbox' && (Object.values(environmentKeys(environment)) as string[]).includes(key);
};

export interface TeamSettingsOptions {
  readonly desk: DeskIdentity;
  /** Told which keys the team's changed in the copy: a connection in use is reopened, the screens read again. */
  readonly changed?: (keys: readonly string[]) => void;
  readonly log?: (message: string) => void;
  readonly retryMs?: number;
}

export class TeamSettings implements SharedSettings {
  private readonly syncing: RetriedRun;

  constructor(
    private readonly team: TeamDatabase,
    private readonly file: Db,
    private readonly options: TeamSettingsOptions,
  ) {
    this.syncing = new RetriedRun(
      async () => {
        await this.push();
        await this.pull();
      },
      {
        retryMs: options.retryMs ?? SETTINGS_RETRY_MS,
        failed: (err) =>
          options.log?.(`settings not yet in step with the team database: ${err instanceof Error ? err.message : String(err)}`),
      },
    );
  }

  owns(key: string): boolean {
    return teamShares(key);
  }

  get(key: string): { readonly known: false } | { readonly known: true; readonly value?: string } {
    return read(this.file, () => {
      const rows = this.file
        .prepare('SELECT key, value FROM team_settings_copy WHERE team_database = ? AND key IN (?, ?)')
        .all(this.team.name, key, READ_ONCE) as { key: string; value: string }[];
      const value = rows.find((r) => r.key === key)?.value;
      if (value !== undefined) return { known: true, value };
      return rows.length > 0 ? { known: true } : { known: false };
    });
  }

  set(key: string, json: string): void {
    write(this.file, () =>
      this.file
        .prepare(
          `INSERT INTO team_settings_copy (team_database, key, value, pending) VALUES (?, ?, ?, 1)
           ON CONFLICT (team_database, key) DO UPDATE SET value = excluded.value, pending = 1`,
        )
        .run(this.team.name, key, json),
    );
    // Set inside a transaction of the desk's file (a change and its audit entry), it goes to the team once that
    // transaction is over: a sync started now would read it before it is committed, or rolled back.
    if (this.file.inTransaction) queueMicrotask(() => this.syncSoon());
    else this.syncSoon();
  }

  /**
   * Writes this desk's pending changes to the team's settings, then reads the team's into the copy; resolves
   * when both are done. Asked at opening, after every change of the team's, and after a reconnection.
   */
  sync(): Promise<void> {
    return this.syncing.run();
  }

  /** Syncs now, and again every few seconds until it could. */
  syncSoon(): void {
    this.syncing.soon();
  }

  /**
   * This desk's own values of the settings the team shares go to the team's where it has none of its own:
   * a desk joining a team that has its connection already takes the team's, one joining a new team
   * brings its own. Once however often asked: what the team has is never overwritten here.
   */
  async moveOwn(own: ReadonlyMap<string, string>): Promise<void> {
    await this.writeToTeam(
      [...own].filter(([key]) => teamShares(key)),
      'DO NOTHING',
    );
    await this.sync();
  }

  close(): void {
    this.syncing.close();
  }

  private async push(): Promise<void> {
    const pending = read(
      this.file,
      () =>
        this.file.prepare('SELECT key, value FROM team_settings_copy WHERE team_database = ? AND pending = 1').all(this.team.name) as {
          key: string;
          value: string;
        }[],
    );
    if (pending.length === 0) return;
    await this.writeToTeam(
      pending.map(({ key, value }) => [key, value]),
      'DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, desk = excluded.desk',
    );
    // Written: no longer pending, unless changed again meanwhile (then it is written at the next turn).
    const done = this.file.prepare('UPDATE team_settings_copy SET pending = 0 WHERE team_database = ? AND key = ? AND value = ?');
    write(this.file, () => {
      for (const { key, value } of pending) done.run(this.team.name, key, value);
    });
  }

  /** Settings (JSON text by key) to the team's, in one transaction, at its clock, under this desk's name. */
  private async writeToTeam(
    entries: readonly (readonly [string, string])[],
    onConflict: 'DO NOTHING' | 'DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, desk = excluded.desk',
  ): Promise<void> {
    await transaction(this.team, async (q) => {
      for (const [key, value] of entries)
        await q(
          `INSERT INTO team_settings (key, value, updated_at, desk) VALUES ($1, $2, ${DATABASE_NOW_MS}, $3) ON CONFLICT (key) ${onConflict}`,
          [key, value, maskCardNumbers(this.options.desk.name)],
        );
    });
  }

  private async pull(): Promise<void> {
    const rows = await query<{ key: string; value: string }>(
      this.team,
      // A handful of keys (three per environment); bounded all the same, as anything read from outside is.
      'SELECT key, value FROM team_settings ORDER BY key LIMIT 1000',
    );
    const team = new Map(rows.filter((r) => teamShares(r.key)).map((r) => [r.key, r.value]));
    const changed = write(this.file, () => {
      const copy = this.file.prepare('SELECT key, value, pending FROM team_settings_copy WHERE team_database = ?').all(this.team.name) as {
        key: string;
        value: string;
        pending: 0 | 1;
      }[];
      const keys: string[] = [];
      const kept = new Map(copy.map((r) => [r.key, r]));
      this.file
        .prepare(`INSERT INTO team_settings_copy (team_database, key, value, pending) VALUES (?, ?, 'true', 0) ON CONFLICT DO NOTHING`)
        .run(this.team.name, READ_ONCE);
      // A change of this desk's not yet written stays as the desk made it; everything else is the team's.
      const forget = this.file.prepare('DELETE FROM team_settings_copy WHERE team_database = ? AND key = ?');
      for (const r of copy)
        if (r.pending === 0 && r.key !== READ_ONCE && !team.has(r.key)) {
          forget.run(this.team.name, r.key);
          keys.push(r.key);
        }
      const upsert = this.file.prepare(
        `INSERT INTO team_settings_copy (team_database, key, value, pending) VALUES (?, ?, ?, 0)
         ON CONFLICT (team_database, key) DO UPDATE SET value = excluded.value`,
      );
      for (const [key, value] of team) {
        const mine = kept.get(key);
        if (mine?.pending === 1 || mine?.value === value) continue;
        upsert.run(this.team.name, key, value);
        keys.push(key);
      }
      return keys;
    });
    if (changed.length > 0) this.options.changed?.(changed);
  }
}
