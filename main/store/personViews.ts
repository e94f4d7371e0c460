/**
 * A person's saved views of the Orders list, per environment: kept as one setting per person and environment,
 * which a team shares (store/postgres/teamSettings.ts), so that the views follow the person from desk to desk as
 * their language and theme do. Each change reads, changes and writes the person's document in one synchronous
 * turn of this process, so two windows saving at once cannot both pass a check; two desks changing one person's
 * views at the same moment keep the later document.
 *
 * Views saved before people had accounts were kept per role (store/savedViews.ts): a person with none of their
 * own yet starts from their role's, which become theirs at their first change.
 */
import { z } from 'zod';
import { maskCardNumbers, maskCardNumbersIn } from '../domain/cardNumbers.js';
import { nameKey, type SavedViewRecord, type SavedViews, type Written } from './savedViews.js';
import type { SettingsRepository } from './settings.js';

export const PERSON_VIEWS_PREFIX = 'views.person.';

/** Whose views: a person, in the environment open now; their role's views are where they start from. */
export interface PersonViewOwner {
  readonly environment: string;
  readonly person: string;
  readonly role: string;
}

const recordSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  view: z.unknown(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
const documentSchema = z.object({ next: z.number().int().positive(), views: z.array(recordSchema) });
type ViewsDocument = z.output<typeof documentSchema>;

export const personViewsKey = (o: Pick<PersonViewOwner, 'environment' | 'person'>): string =>
  `${PERSON_VIEWS_PREFIX}${o.person}.${o.environment}`;

const byName = (a: SavedViewRecord, b: SavedViewRecord) => nameKey(a.name).localeCompare(nameKey(b.name)) || a.id - b.id;

export class PersonViews {
  constructor(
    private readonly settings: SettingsRepository,
    /** The views kept per role before people had accounts. */
    private readonly byRole: SavedViews,
  ) {}

  list(owner: PersonViewOwner): SavedViewRecord[] {
    return [...this.document(owner).views].map(toRecord).sort(byName);
  }

  /** Saves a view unless the person has one of that name already (as nameKey compares), or `maxViews` of them. */
  insert(owner: PersonViewOwner, name: string, view: unknown, at: number, maxViews: number): Written {
    const doc = this.document(owner);
    const taken = named(doc, name);
    if (taken) return { ok: false, refusal: 'nameTaken', taken: taken.name };
    if (doc.views.length >= maxViews) return { ok: false, refusal: 'tooMany' };
    const record = { id: doc.next, name: maskCardNumbers(name), view: maskCardNumbersIn(view), createdAt: at, updatedAt: at };
    this.keep(owner, { next: doc.next + 1, views: [...doc.views, record] });
    return { ok: true, record: toRecord(record) };
  }

  /** Renames the view unless another of the person's views has that name (the view may respell its own). */
  rename(owner: PersonViewOwner, id: number, name: string, at: number): Written {
    const doc = this.document(owner);
    const found = doc.views.find((v) => v.id === id);
    if (!found) return { ok: false, refusal: 'notFound' };
    const taken = named(doc, name);
    if (taken && taken.id !== id) return { ok: false, refusal: 'nameTaken', taken: taken.name };
    const renamed = { ...found, name: maskCardNumbers(name), updatedAt: at };
    this.keep(owner, { ...doc, views: doc.views.map((v) => (v.id === id ? renamed : v)) });
    return { ok: true, record: toRecord(renamed) };
  }

  delete(owner: PersonViewOwner, id: number): boolean {
    const doc = this.document(owner);
    if (!doc.views.some((v) => v.id === id)) return false;
    this.keep(owner, { ...doc, views: doc.views.filter((v) => v.id !== id) });
    return true;
  }

  /** The person's document; one never written starts from their role's views in this environment. */
  private document(owner: PersonViewOwner): ViewsDocument {
    const kept = this.settings.get(personViewsKey(owner), documentSchema);
    if (kept) return kept;
    const views = this.byRole.list({ environment: owner.environment, role: owner.role });
    return { next: Math.max(0, ...views.map((v) => v.id)) + 1, views };
  }

  private keep(owner: PersonViewOwner, doc: ViewsDocument): void {
    this.settings.set(personViewsKey(owner), doc);
  }
}

const named = (doc: ViewsDocument, name: string) => doc.views.find((v) => nameKey(v.name) === nameKey(maskCardNumbers(name)));

const toRecord = (r: z.output<typeof recordSchema>): SavedViewRecord => ({
  id: r.id,
  name: r.name,
  view: r.view,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
