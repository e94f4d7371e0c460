/**
 * The Orders list's saved views: a name a person gave to a period, filters and sort, kept per environment
 * and role profile (their owner). The view itself is a JSON document the IPC contract checked; the store
 * keeps it as it came, with any card number in its texts masked as every write here masks one.
 */
import { maskCardNumbers, maskCardNumbersIn } from '../domain/cardNumbers.js';
import { parseStored, read, write, type Db } from './database.js';

/** Whose views: the environment and the role profile they were saved in. */
export interface ViewOwner {
  readonly environment: string;
  readonly role: string;
}

export interface SavedViewRecord {
  readonly id: number;
  readonly name: string;
  readonly view: unknown;
  readonly createdAt: number;
  readonly updatedAt: number;
}

interface Row {
  id: number;
  name: string;
  view: string;
  created_at: number;
  updated_at: number;
}

/** A write's outcome: the view as written, or why it was not (nothing was written then). */
export type Written =
  | { readonly ok: true; readonly record: SavedViewRecord }
  | { readonly ok: false; readonly refusal: 'nameTaken'; readonly taken: string }
  | { readonly ok: false; readonly refusal: 'tooMany' | 'notFound' };

/** A name as names are compared: "Declined, USD" and " declined,  usd" are the same view's name. */
export const nameKey = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('en');

export class SavedViews {
  constructor(private readonly db: Db) {}

  private toRecord = (r: Row): SavedViewRecord => ({
    id: r.id,
    name: r.name,
    view: parseStored<unknown>(this.db, r.view),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });

  /** The owner's views by name. */
  list(owner: ViewOwner): SavedViewRecord[] {
    return read(this.db, () =>
      (
        this.db
          .prepare(
            'SELECT id, name, view, created_at, updated_at FROM saved_views WHERE environment = ? AND role = ? ORDER BY name_key, id',
          )
          .all(owner.environment, owner.role) as Row[]
      ).map(this.toRecord),
    );
  }

  count(owner: ViewOwner): number {
    return read(
      this.db,
      () =>
        (
          this.db
            .prepare('SELECT count(*) AS n FROM saved_views WHERE environment = ? AND role = ?')
            .get(owner.environment, owner.role) as {
            n: number;
          }
        ).n,
    );
  }

  /** The owner's view of that name (compared as nameKey), if any. */
  named(owner: ViewOwner, name: string): SavedViewRecord | undefined {
    return read(this.db, () => {
      const r = this.db
        .prepare('SELECT id, name, view, created_at, updated_at FROM saved_views WHERE environment = ? AND role = ? AND name_key = ?')
        .get(owner.environment, owner.role, nameKey(maskCardNumbers(name))) as Row | undefined;
      return r && this.toRecord(r);
    });
  }

  get(owner: ViewOwner, id: number): SavedViewRecord | undefined {
    return read(this.db, () => {
      const r = this.db
        .prepare('SELECT id, name, view, created_at, updated_at FROM saved_views WHERE environment = ? AND role = ? AND id = ?')
        .get(owner.environment, owner.role, id) as Row | undefined;
      return r && this.toRecord(r);
    });
  }

  /**
   * Saves a view unless the owner has one of that name already, or `maxViews` of them: checked in the
   * write's own transaction, so two windows saving at once cannot both pass.
   */
  insert(owner: ViewOwner, name: string, view: unknown, at: number, maxViews: number): Written {
    return write(this.db, () => {
      const taken = this.named(owner, name);
      if (taken) return { ok: false, refusal: 'nameTaken', taken: taken.name };
      if (this.count(owner) >= maxViews) return { ok: false, refusal: 'tooMany' };
      const shown = maskCardNumbers(name);
      const { lastInsertRowid } = this.db
        .prepare('INSERT INTO saved_views (environment, role, name, name_key, view, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(owner.environment, owner.role, shown, nameKey(shown), JSON.stringify(maskCardNumbersIn(view)), at, at);
      return { ok: true, record: this.get(owner, Number(lastInsertRowid))! };
    });
  }

  /** Renames the view unless another of the owner's views has that name (the view may respell its own). */
  rename(owner: ViewOwner, id: number, name: string, at: number): Written {
    return write(this.db, () => {
      if (!this.get(owner, id)) return { ok: false, refusal: 'notFound' };
      const taken = this.named(owner, name);
      if (taken && taken.id !== id) return { ok: false, refusal: 'nameTaken', taken: taken.name };
      const shown = maskCardNumbers(name);
      this.db
        .prepare('UPDATE saved_views SET name = ?, name_key = ?, updated_at = ? WHERE environment = ? AND role = ? AND id = ?')
        .run(shown, nameKey(shown), at, owner.environment, owner.role, id);
      return { ok: true, record: this.get(owner, id)! };
    });
  }

  delete(owner: ViewOwner, id: number): boolean {
    return write(
      this.db,
      () =>
        this.db.prepare('DELETE FROM saved_views WHERE environment = ? AND role = ? AND id = ?').run(owner.environment, owner.role, id)
          .changes > 0,
    );
  }
}
