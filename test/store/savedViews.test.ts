/**
 * Saved views in a real SQLite file: each person sees only their own views in each environment, a name may be
 * used once per owner, the views are there again when the file is opened again (a restart), and a person starts
 * from the views their role kept before people had accounts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../main/store/database.js';
import { SavedViews } from '../../main/store/savedViews.js';
import { PersonViews, type PersonViewOwner } from '../../main/store/personViews.js';
import { SettingsRepository } from '../../main/store/settings.js';
import { SavedViewService } from '../../main/services/savedViews.js';

const folder = mkdtempSync(join(tmpdir(), 'saved-views-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = join(folder, 'app.sqlite');
const view = { period: { preset: '7d' }, filters: { statuses: [6], currency: '840' }, sort: 'newest' };

const serviceOn = (db: Db, owner: () => PersonViewOwner) =>
  new SavedViewService(new PersonViews(new SettingsRepository(db), new SavedViews(db)), owner);

describe('saved views in the store', () => {
  it("keeps each person's views apart in each environment, and keeps them across reopening", () => {
    let owner: PersonViewOwner = { environment: 'sandbox', person: 'anna', role: 'support' };
    const db = openDatabase(file);
    const views = serviceOn(db, () => owner);
    views.save('Declined this week, USD', view);
    owner = { environment: 'sandbox', person: 'boris', role: 'support' };
    expect(views.list()).toEqual([]);
    // Another person may use the same name for a view of their own.
    views.save('Declined this week, USD', { ...view, sort: 'amountDesc' });
    owner = { environment: 'production', person: 'anna', role: 'support' };
    expect(views.list()).toEqual([]);
    db.close();

    const again = openDatabase(file);
    const reopened = serviceOn(again, () => owner);
    owner = { environment: 'sandbox', person: 'anna', role: 'support' };
    expect(reopened.list()).toMatchObject([{ name: 'Declined this week, USD', view }]);
    const annas = reopened.list()[0]!.id;
    owner = { environment: 'sandbox', person: 'boris', role: 'support' };
    expect(reopened.list()).toMatchObject([{ name: 'Declined this week, USD', view: { ...view, sort: 'amountDesc' } }]);
    // Anna's view cannot be renamed or deleted by Boris, even by its id (his own of that id is his).
    reopened.delete(reopened.list()[0]!.id);
    expect(() => reopened.rename(annas, 'Mine now')).toThrow(/no longer saved/);
    expect(() => reopened.delete(annas)).toThrow(/no longer saved/);
    owner = { environment: 'sandbox', person: 'anna', role: 'support' };
    expect(reopened.list().map((v) => v.name)).toEqual(['Declined this week, USD']);
    again.close();
  });

  it('starts a person from the views their role kept before people had accounts; their changes are theirs alone', () => {
    const db = openDatabase(join(folder, 'roles.sqlite'));
    try {
      const byRole = new SavedViews(db);
      byRole.insert({ environment: 'sandbox', role: 'finance' }, 'Refunds today', view, 1, 50);
      let owner: PersonViewOwner = { environment: 'sandbox', person: 'fay', role: 'finance' };
      const views = serviceOn(db, () => owner);
      expect(views.list()).toMatchObject([{ name: 'Refunds today', view }]);
      views.save('Mine', view);
      expect(views.list().map((v) => v.name)).toEqual(['Mine', 'Refunds today']);
      owner = { environment: 'sandbox', person: 'fred', role: 'finance' };
      expect(views.list().map((v) => v.name)).toEqual(['Refunds today']);
      // A support person never had finance's.
      owner = { environment: 'sandbox', person: 'sam', role: 'support' };
      expect(views.list()).toEqual([]);
    } finally {
      db.close();
    }
  });
});
