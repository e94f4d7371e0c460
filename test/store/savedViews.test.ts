/**
 * Saved views in a real SQLite file: each environment and role profile sees only its own views, a name
 * may be used once per owner, and the views are there again when the file is opened again (a restart).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/store/database.js';
import { SavedViews, type ViewOwner } from '../../main/store/savedViews.js';
import { SavedViewService } from '../../main/services/savedViews.js';

const folder = mkdtempSync(join(tmpdir(), 'saved-views-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = join(folder, 'app.sqlite');
const view = { period: { preset: '7d' }, filters: { statuses: [6], currency: '840' }, sort: 'newest' };

describe('saved views in the store', () => {
  it("keeps each environment's and profile's views apart, and keeps them across reopening", () => {
    let owner: ViewOwner = { environment: 'sandbox', role: 'support' };
    const db = openDatabase(file);
    const views = new SavedViewService(new SavedViews(db), () => owner);
    views.save('Declined this week, USD', view);
    owner = { environment: 'sandbox', role: 'finance' };
    expect(views.list()).toEqual([]);
    // Finance may use the same name for a view of its own.
    views.save('Declined this week, USD', { ...view, sort: 'amountDesc' });
    owner = { environment: 'production', role: 'support' };
    expect(views.list()).toEqual([]);
    db.close();

    const again = openDatabase(file);
    const reopened = new SavedViewService(new SavedViews(again), () => owner);
    owner = { environment: 'sandbox', role: 'support' };
    expect(reopened.list()).toMatchObject([{ name: 'Declined this week, USD', view }]);
    owner = { environment: 'sandbox', role: 'finance' };
    expect(reopened.list()).toMatchObject([{ name: 'Declined this week, USD', view: { ...view, sort: 'amountDesc' } }]);
    // Support's view cannot be renamed or deleted from finance's profile, even by its id.
    const supportId = (() => {
      owner = { environment: 'sandbox', role: 'support' };
      return reopened.list()[0]!.id;
    })();
    owner = { environment: 'sandbox', role: 'finance' };
    expect(() => reopened.rename(supportId, 'Mine now')).toThrow(/no longer saved/);
    expect(() => reopened.delete(supportId)).toThrow(/no longer saved/);
    owner = { environment: 'sandbox', role: 'support' };
    expect(reopened.list().map((v) => v.name)).toEqual(['Declined this week, USD']);
    again.close();
  });
});
